import { Alert, Button, FileInput, Group, Select, Switch, TextInput, Title } from '@mantine/core';
import {
  type ContractRoutes,
  DOCUMENT_MAX_BYTES,
  type RouteInput,
  type StaffDocument,
} from '@mitrebox/api-contract';
import { addedColumn, shownColumn } from '../../components/columns.tsx';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../../components/DataTable.tsx';
import { EditDialog } from '../../components/EditDialog.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useRowEditor } from '../../components/use-row-editor.ts';
import { staffCall, useStaffMay } from '../../staff-api.ts';

const CATEGORIES = [
  { value: '1', label: 'Promos' },
  { value: '2', label: 'Updates' },
  { value: '3', label: 'Discontinued Items' },
];
const categoryName = (c: number) => CATEGORIES.find((x) => x.value === String(c))?.label ?? String(c);
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** The table's sort is one of its columns' keys, the columns the server sorts by. */
type DocumentQuery = RouteInput<ContractRoutes['GET /api/staff/documents'], 'query'>;

interface Draft {
  id?: number;
  name: string;
  category: string;
  active: boolean;
  file: File | null;
}

/** /staff/documents: the PDFs customers download; upload (checked by content on the server), edit, remove. */
export default function DocumentsSection() {
  const mayChange = useStaffMay('documents', 'write');
  const { draft, setDraft, save, remove, errors, bind } = useRowEditor<Draft, number>({
    queryKey: ['staff', 'documents'],
    save: async (d) => {
      if (d.id) {
        return staffCall('PUT /api/staff/documents/:id', {
          params: { id: d.id },
          body: { name: d.name, category: Number(d.category), active: d.active },
        });
      }
      const form = new FormData();
      form.set('name', d.name);
      form.set('category', d.category);
      form.set('active', String(d.active));
      if (d.file) form.set('file', d.file);
      return staffCall('POST /api/staff/documents', { body: form });
    },
    remove: (id) => staffCall('DELETE /api/staff/documents/:id', { params: { id } }),
  });
  const load = (q: DataTableQuery) => staffCall('GET /api/staff/documents', { query: q as DocumentQuery });
  const tooBig = draft?.file && draft.file.size > DOCUMENT_MAX_BYTES;
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1}>Documents</Title>
        {mayChange && (
          <Button onClick={() => setDraft({ name: '', category: '2', active: true, file: null })}>
            Upload a PDF
          </Button>
        )}
      </Group>
      {remove.error && <Alert color="red">{(remove.error as Error).message}</Alert>}
      <DataTable<StaffDocument>
        caption="Documents"
        queryKey={['staff', 'documents']}
        load={load}
        rowKey={(r) => r.id}
        searchLabel="Search documents"
        initialSort={{ sort: 'createdAt', dir: 'desc' }}
        columns={(
          [
            { key: 'name', label: 'Name', sortable: true },
            { key: 'category', label: 'Category', sortable: true, render: (r) => categoryName(r.category) },
            { key: 'fileName', label: 'File' },
            { key: 'size', label: 'Size', numeric: true, render: (r) => size(r.size) },
            shownColumn('Active', 'Hidden'),
            addedColumn('Uploaded'),
            {
              key: 'actions',
              label: 'Actions',
              render: (r) => (
                <RowActions
                  name={r.name}
                  onEdit={() =>
                    setDraft({
                      id: r.id,
                      name: r.name,
                      category: String(r.category),
                      active: r.active,
                      file: null,
                    })
                  }
                  onRemove={() => remove.mutate(r.id)}
                  confirm={`Remove the document “${r.name}”?`}
                />
              ),
            },
          ] satisfies DataTableColumn<StaffDocument>[]
        ).filter((c) => mayChange || c.key !== 'actions')}
      />
      <EditDialog
        opened={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.id ? 'Change the document' : 'Upload a PDF'}
        onSubmit={() => draft && !tooBig && save.mutate(draft)}
        error={save.error}
        pending={save.isPending}
        submitLabel={draft?.id ? 'Save' : 'Upload'}
      >
        {draft && (
          <>
            <TextInput label="Name shown to customers" required {...bind('name')} />
            <Select
              label="Category"
              data={CATEGORIES}
              value={draft.category}
              onChange={(v) => setDraft({ ...draft, category: v ?? '2' })}
              allowDeselect={false}
              error={errors.category}
            />
            {!draft.id && (
              <FileInput
                label="PDF file"
                description={`A PDF of at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`}
                accept="application/pdf,.pdf"
                required
                clearable
                value={draft.file}
                onChange={(file) => setDraft({ ...draft, file })}
                error={
                  tooBig ? `The PDF is larger than ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.` : errors.file
                }
              />
            )}
            <Switch
              label="Shown to customers"
              checked={draft.active}
              onChange={(e) => setDraft({ ...draft, active: e.currentTarget.checked })}
            />
          </>
        )}
      </EditDialog>
    </>
  );
}
