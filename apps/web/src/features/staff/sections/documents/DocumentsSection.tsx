import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { DOCUMENT_MAX_BYTES, type StaffDocument, type StaffPage } from '@mitrebox/api-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type DataTableQuery } from '../../components/DataTable.tsx';
import { staffApi } from '../../staff-api.ts';

const CATEGORIES = [
  { value: '1', label: 'Promos' },
  { value: '2', label: 'Updates' },
  { value: '3', label: 'Discontinued Items' },
];
const categoryName = (c: number) => CATEGORIES.find((x) => x.value === String(c))?.label ?? String(c);
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

interface Draft {
  id?: number;
  name: string;
  category: string;
  active: boolean;
  file: File | null;
}

/** /staff/documents: the PDFs customers download; upload (checked by content on the server), edit, remove. */
export default function DocumentsSection() {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['staff', 'documents'] });
  const save = useMutation({
    mutationFn: async (d: Draft) => {
      if (d.id) {
        return staffApi.put(`/api/staff/documents/${d.id}`, {
          name: d.name,
          category: Number(d.category),
          active: d.active,
        });
      }
      const form = new FormData();
      form.set('name', d.name);
      form.set('category', d.category);
      form.set('active', String(d.active));
      if (d.file) form.set('file', d.file);
      return staffApi.post('/api/staff/documents', form);
    },
    onSuccess: async () => {
      setDraft(null);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => staffApi.delete(`/api/staff/documents/${id}`),
    onSuccess: refresh,
  });
  const load = (q: DataTableQuery) =>
    staffApi.get<StaffPage<StaffDocument>>('/api/staff/documents', { query: { ...q } });
  const errors = (save.error as { errors?: Record<string, string> } | null)?.errors ?? {};
  const tooBig = draft?.file && draft.file.size > DOCUMENT_MAX_BYTES;
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1}>Documents</Title>
        <Button onClick={() => setDraft({ name: '', category: '2', active: true, file: null })}>
          Upload a PDF
        </Button>
      </Group>
      {remove.error && <Alert color="red">{(remove.error as Error).message}</Alert>}
      <DataTable<StaffDocument>
        caption="Documents"
        queryKey={['staff', 'documents']}
        load={load}
        rowKey={(r) => r.id}
        searchLabel="Search documents"
        initialSort={{ sort: 'createdAt', dir: 'desc' }}
        columns={[
          { key: 'name', label: 'Name', sortable: true },
          { key: 'category', label: 'Category', sortable: true, render: (r) => categoryName(r.category) },
          { key: 'fileName', label: 'File' },
          { key: 'size', label: 'Size', numeric: true, render: (r) => size(r.size) },
          {
            key: 'active',
            label: 'Shown',
            render: (r) =>
              r.active ? <Badge color="green">Active</Badge> : <Badge color="gray">Hidden</Badge>,
          },
          {
            key: 'createdAt',
            label: 'Uploaded',
            sortable: true,
            render: (r) => new Date(r.createdAt).toLocaleDateString('en-US'),
          },
          {
            key: 'actions',
            label: 'Actions',
            render: (r) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Edit ${r.name}`}
                  onClick={() =>
                    setDraft({
                      id: r.id,
                      name: r.name,
                      category: String(r.category),
                      active: r.active,
                      file: null,
                    })
                  }
                >
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${r.name}`}
                  onClick={() => {
                    if (window.confirm(`Remove the document “${r.name}”?`)) remove.mutate(r.id);
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
        title={draft?.id ? 'Change the document' : 'Upload a PDF'}
      >
        {draft && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!tooBig) save.mutate(draft);
            }}
          >
            <Stack>
              <TextInput
                label="Name shown to customers"
                required
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
                error={errors.name}
              />
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
                  {draft.id ? 'Save' : 'Upload'}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
