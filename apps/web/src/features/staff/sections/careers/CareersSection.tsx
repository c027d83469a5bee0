import { Alert, Button, Group, Switch, Textarea, TextInput, Title } from '@mantine/core';
import type { ContractRoutes, RouteInput, StaffCareer, StaffCareerInput } from '@mitrebox/api-contract';
import { addedColumn, shownColumn } from '../../components/columns.tsx';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../../components/DataTable.tsx';
import { EditDialog } from '../../components/EditDialog.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useRowEditor } from '../../components/use-row-editor.ts';
import { staffCall, useStaffMay } from '../../staff-api.ts';

type Draft = StaffCareerInput & { id?: number; active: boolean };
/** The table's sort is one of its columns' keys, the columns the server sorts by. */
type CareerQuery = RouteInput<ContractRoutes['GET /api/staff/careers'], 'query'>;
const EMPTY: Draft = { job_heading: '', job_subject: '', job_description: '', active: true };

/** /staff/careers: every position, open or closed; add, change, close, remove. */
export default function CareersSection() {
  const mayChange = useStaffMay('careers', 'write');
  const { draft, setDraft, save, remove, bind } = useRowEditor<Draft, number>({
    queryKey: ['staff', 'careers'],
    save: ({ id, ...input }) =>
      id
        ? staffCall('PUT /api/staff/careers/:id', { params: { id }, body: input })
        : staffCall('POST /api/staff/careers', { body: input }),
    remove: (id) => staffCall('DELETE /api/staff/careers/:id', { params: { id } }),
  });
  const load = (q: DataTableQuery) => staffCall('GET /api/staff/careers', { query: q as CareerQuery });
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1}>Careers</Title>
        {mayChange && <Button onClick={() => setDraft(EMPTY)}>Add a position</Button>}
      </Group>
      {remove.error && <Alert color="red">{(remove.error as Error).message}</Alert>}
      <DataTable<StaffCareer>
        caption="Positions"
        queryKey={['staff', 'careers']}
        load={load}
        rowKey={(r) => r.id}
        searchLabel="Search positions"
        initialSort={{ sort: 'createdAt', dir: 'desc' }}
        columns={(
          [
            { key: 'job_heading', label: 'Heading', sortable: true },
            { key: 'job_subject', label: 'Subject', sortable: true },
            shownColumn('Open', 'Closed'),
            addedColumn('Added'),
            {
              key: 'actions',
              label: 'Actions',
              render: (r) => (
                <RowActions
                  name={r.job_heading}
                  onEdit={() => setDraft({ ...r })}
                  onRemove={() => remove.mutate(r.id)}
                  confirm={`Remove the position “${r.job_heading}”?`}
                />
              ),
            },
          ] satisfies DataTableColumn<StaffCareer>[]
        ).filter((c) => mayChange || c.key !== 'actions')}
      />
      <EditDialog
        opened={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.id ? 'Change the position' : 'Add a position'}
        size="lg"
        onSubmit={() => draft && save.mutate(draft)}
        error={save.error}
        pending={save.isPending}
      >
        {draft && (
          <>
            <TextInput label="Heading" required {...bind('job_heading')} />
            <TextInput label="Subject (place and hours)" required {...bind('job_subject')} />
            <Textarea label="Description" required autosize minRows={6} {...bind('job_description')} />
            <Switch
              label="Shown on the Careers page"
              checked={draft.active}
              onChange={(e) => setDraft({ ...draft, active: e.currentTarget.checked })}
            />
          </>
        )}
      </EditDialog>
    </>
  );
}
