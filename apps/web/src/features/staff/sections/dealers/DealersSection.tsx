import { Alert, Button, FileInput, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { DealerImportReport, StaffDealer, StaffDealerInput, StaffPage } from '@mitrebox/api-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../../lib/api.ts';
import { DataTable, type DataTableQuery } from '../../components/DataTable.tsx';
import { staffApi, staffSession } from '../../staff-api.ts';

type Draft = StaffDealerInput & { acctnum: string; isNew: boolean };

/** The import answers its report for a bad file too (422). */
async function importCsv(csv: string, dryRun: boolean): Promise<DealerImportReport> {
  try {
    return await staffApi.post<DealerImportReport>('/api/staff/dealers/import', { csv, dryRun });
  } catch (err) {
    if (err instanceof ApiError && err.status === 422) return err.body as DealerImportReport;
    throw err;
  }
}

/** The export, fetched with the staff token (a plain link would go without it) and saved as a file. */
async function downloadCsv() {
  const res = await fetch('/api/staff/dealers/export', {
    headers: { Authorization: `Bearer ${staffSession.token ?? ''}` },
  });
  if (!res.ok) throw new Error('The export could not be made. Please try again.');
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = 'dealers.csv';
  a.click();
  URL.revokeObjectURL(url);
}

/** /staff/dealers: the Where To Buy list; edit one dealer, import a CSV geocoded by ZIP, export. */
export default function DealersSection() {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<DealerImportReport | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['staff', 'dealers'] });
  const save = useMutation({
    mutationFn: ({ acctnum, isNew: _n, ...input }: Draft) =>
      staffApi.put(`/api/staff/dealers/${encodeURIComponent(acctnum)}`, input),
    onSuccess: async () => {
      setDraft(null);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (acctnum: string) => staffApi.delete(`/api/staff/dealers/${encodeURIComponent(acctnum)}`),
    onSuccess: refresh,
  });
  const runImport = useMutation({
    mutationFn: async (dryRun: boolean) => importCsv(await file!.text(), dryRun),
    onSuccess: async (r) => {
      setReport(r);
      if (r.applied) await refresh();
    },
  });
  const exporting = useMutation({ mutationFn: downloadCsv });
  const load = (q: DataTableQuery) =>
    staffApi.get<StaffPage<StaffDealer>>('/api/staff/dealers', { query: { ...q } });
  const errors = (save.error as { errors?: Record<string, string> } | null)?.errors ?? {};
  const field = (key: keyof StaffDealerInput, label: string) =>
    draft && (
      <TextInput
        label={label}
        required
        value={draft[key]}
        onChange={(e) => setDraft({ ...draft, [key]: e.currentTarget.value })}
        error={errors[key]}
      />
    );
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1}>Dealers</Title>
        <Group>
          <Button variant="default" onClick={() => exporting.mutate()} loading={exporting.isPending}>
            Export CSV
          </Button>
          <Button
            onClick={() =>
              setDraft({ acctnum: '', company: '', address1: '', city: '', state: '', zip: '', isNew: true })
            }
          >
            Add a dealer
          </Button>
        </Group>
      </Group>

      <Stack component="section" aria-labelledby="dealer-import" mb="lg" gap="xs">
        <Title order={2} size="h4" id="dealer-import">
          Import a CSV
        </Title>
        <Text size="sm" c="dimmed">
          Columns acctnum, company, address1, city, state, zip (a header row, any order). Each dealer is
          placed at its ZIP code’s centre. A file with any bad row imports nothing.
        </Text>
        <Group align="end">
          <FileInput
            label="Dealers CSV"
            accept=".csv,text/csv"
            value={file}
            onChange={(f) => {
              setFile(f);
              setReport(null);
            }}
            clearable
            w={320}
          />
          <Button
            variant="default"
            disabled={!file}
            loading={runImport.isPending}
            onClick={() => runImport.mutate(true)}
          >
            Check
          </Button>
          <Button disabled={!file} loading={runImport.isPending} onClick={() => runImport.mutate(false)}>
            Import
          </Button>
        </Group>
        {runImport.error && <Alert color="red">{(runImport.error as Error).message}</Alert>}
        {report && (
          <Alert color={report.errors.length ? 'red' : report.applied ? 'green' : 'blue'} role="status">
            <Text fw={600}>{report.message}</Text>
            {report.errors.length > 0 && (
              <Table mt="xs" withTableBorder>
                <caption style={{ textAlign: 'left' }}>Errors by row</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Column</Table.Th>
                    <Table.Th>Problem</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.errors.map((e) => (
                    <Table.Tr key={`${e.row}-${e.column}-${e.message}`}>
                      <Table.Td>{e.row}</Table.Td>
                      <Table.Td>{e.column ?? '—'}</Table.Td>
                      <Table.Td>{e.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Alert>
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
        columns={[
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
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Edit ${r.company}`}
                  onClick={() => setDraft({ ...r, isNew: false })}
                >
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${r.company}`}
                  onClick={() => {
                    if (window.confirm(`Remove ${r.company} from Where To Buy?`)) remove.mutate(r.acctnum);
                  }}
                >
                  Remove
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <Modal
        opened={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.isNew ? 'Add a dealer' : 'Change the dealer'}
      >
        {draft && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(draft);
            }}
          >
            <Stack>
              <TextInput
                label="Account number"
                required
                disabled={!draft.isNew}
                value={draft.acctnum}
                onChange={(e) => setDraft({ ...draft, acctnum: e.currentTarget.value })}
                error={errors.acctnum}
              />
              {field('company', 'Company')}
              {field('address1', 'Address')}
              {field('city', 'City')}
              <Group grow>
                {field('state', 'State')}
                {field('zip', 'ZIP code')}
              </Group>
              {save.error && !Object.keys(errors).length && (
                <Alert color="red" role="alert">
                  {(save.error as Error).message}
                </Alert>
              )}
              <Group justify="end">
                <Button variant="default" onClick={() => setDraft(null)}>
                  Cancel
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
