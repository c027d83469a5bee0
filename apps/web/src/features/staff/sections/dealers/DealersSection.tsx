import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type {
  ContractRoutes,
  DealerImportReport,
  RouteInput,
  StaffDealer,
  StaffDealerInput,
} from '@mitrebox/api-contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../../lib/api.ts';
import { CsvUpload, ImportReportAlert } from '../../components/CsvUpload.tsx';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../../components/DataTable.tsx';
import { EditDialog } from '../../components/EditDialog.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useRowEditor } from '../../components/use-row-editor.ts';
import { downloadStaffFile, staffCall, useStaffMay } from '../../staff-api.ts';

type Draft = StaffDealerInput & { acctnum: string; isNew: boolean };
/** The table's sort is one of its columns' keys, the columns the server sorts by. */
type DealerQuery = RouteInput<ContractRoutes['GET /api/staff/dealers'], 'query'>;

/** The import answers its report for a bad file too (422). */
async function importCsv(csv: string, dryRun: boolean): Promise<DealerImportReport> {
  try {
    return await staffCall('POST /api/staff/dealers/import', { body: { csv, dryRun } });
  } catch (err) {
    if (err instanceof ApiError && err.status === 422) return err.body as DealerImportReport;
    throw err;
  }
}

const downloadCsv = () =>
  downloadStaffFile(
    '/api/staff/dealers/export',
    'dealers.csv',
    'The export could not be made. Please try again.',
  );

/** /staff/dealers: the Where To Buy list; edit one dealer, import a CSV geocoded by ZIP, export. */
export default function DealersSection() {
  const mayChange = useStaffMay('dealers', 'write');
  const [report, setReport] = useState<DealerImportReport | null>(null);
  const { draft, setDraft, save, remove, refresh, bind } = useRowEditor<Draft, string>({
    queryKey: ['staff', 'dealers'],
    save: ({ acctnum, isNew: _n, ...input }) =>
      staffCall('PUT /api/staff/dealers/:acctnum', { params: { acctnum }, body: input }),
    remove: (acctnum) => staffCall('DELETE /api/staff/dealers/:acctnum', { params: { acctnum } }),
  });
  const runImport = useMutation({
    mutationFn: async ({ dryRun, file }: { dryRun: boolean; file: File }) =>
      importCsv(await file.text(), dryRun),
    onSuccess: async (r) => {
      setReport(r);
      if (r.applied) await refresh();
    },
  });
  const exporting = useMutation({ mutationFn: downloadCsv });
  const load = (q: DataTableQuery) => staffCall('GET /api/staff/dealers', { query: q as DealerQuery });
  const field = (key: keyof StaffDealerInput, label: string) => (
    <TextInput label={label} required {...bind(key)} />
  );
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1}>Dealers</Title>
        <Group>
          <Button variant="default" onClick={() => exporting.mutate()} loading={exporting.isPending}>
            Export CSV
          </Button>
          {mayChange && (
            <Button
              onClick={() =>
                setDraft({
                  acctnum: '',
                  company: '',
                  address1: '',
                  city: '',
                  state: '',
                  zip: '',
                  isNew: true,
                })
              }
            >
              Add a dealer
            </Button>
          )}
        </Group>
      </Group>

      <Stack component="section" aria-labelledby="dealer-import" mb="lg" gap="xs" hidden={!mayChange}>
        <Title order={2} size="h4" id="dealer-import">
          Import a CSV
        </Title>
        <Text size="sm" c="dimmed">
          Columns acctnum, company, address1, city, state, zip (a header row, any order). Each dealer is
          placed at its ZIP code’s centre. A file with any bad row imports nothing.
        </Text>
        <CsvUpload
          label="Dealers CSV"
          checkLabel="Check"
          width={320}
          busy={runImport.isPending ? (runImport.variables?.dryRun ? 'check' : 'import') : null}
          onRun={(dryRun, file) => runImport.mutate({ dryRun, file })}
          onFileChange={() => setReport(null)}
        />
        {runImport.error && <Alert color="red">{(runImport.error as Error).message}</Alert>}
        {report && (
          <ImportReportAlert
            message={report.message}
            errors={report.errors}
            applied={report.applied}
            caption="Errors by row"
          />
        )}
      </Stack>

      {remove.error && <Alert color="red">{(remove.error as Error).message}</Alert>}
      <DataTable<StaffDealer>
        caption="Dealers"
        queryKey={['staff', 'dealers']}
        load={load}
        rowKey={(r) => r.acctnum}
        searchLabel="Search dealers"
        initialSort={{ sort: 'company', dir: 'asc' }}
        columns={(
          [
            { key: 'acctnum', label: 'Account', sortable: true },
            { key: 'company', label: 'Company', sortable: true },
            { key: 'address1', label: 'Address' },
            { key: 'city', label: 'City', sortable: true },
            { key: 'state', label: 'State', sortable: true },
            { key: 'zip', label: 'ZIP', sortable: true },
            {
              key: 'actions',
              label: 'Actions',
              render: (r) => (
                <RowActions
                  name={r.company}
                  onEdit={() => setDraft({ ...r, isNew: false })}
                  onRemove={() => remove.mutate(r.acctnum)}
                  confirm={`Remove ${r.company} from Where To Buy?`}
                />
              ),
            },
          ] satisfies DataTableColumn<StaffDealer>[]
        ).filter((c) => mayChange || c.key !== 'actions')}
      />
      <EditDialog
        opened={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.isNew ? 'Add a dealer' : 'Change the dealer'}
        onSubmit={() => draft && save.mutate(draft)}
        error={save.error}
        pending={save.isPending}
      >
        {draft && (
          <>
            <TextInput label="Account number" required disabled={!draft.isNew} {...bind('acctnum')} />
            {field('company', 'Company')}
            {field('address1', 'Address')}
            {field('city', 'City')}
            <Group grow>
              {field('state', 'State')}
              {field('zip', 'ZIP code')}
            </Group>
          </>
        )}
      </EditDialog>
    </>
  );
}
