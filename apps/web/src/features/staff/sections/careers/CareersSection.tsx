import { Alert, Badge, Button, Group, Modal, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import type { StaffCareer, StaffCareerInput, StaffPage } from '@mitrebox/api-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type DataTableQuery } from '../../components/DataTable.tsx';
import { staffApi } from '../../staff-api.ts';

type Draft = StaffCareerInput & { id?: number; active: boolean };
const EMPTY: Draft = { job_heading: '', job_subject: '', job_description: '', active: true };

/** /staff/careers: every position, open or closed; add, change, close, remove. */
export default function CareersSection() {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['staff', 'careers'] });
  const save = useMutation({
    mutationFn: ({ id, ...input }: Draft) =>
      id ? staffApi.put(`/api/staff/careers/${id}`, input) : staffApi.post('/api/staff/careers', input),
    onSuccess: async () => {
      setDraft(null);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => staffApi.delete(`/api/staff/careers/${id}`),
    onSuccess: refresh,
  });
  const load = (q: DataTableQuery) =>
    staffApi.get<StaffPage<StaffCareer>>('/api/staff/careers', { query: { ...q } });
  const errors = (save.error as { errors?: Record<string, string> } | null)?.errors ?? {};
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1}>Careers</Title>
        <Button onClick={() => setDraft(EMPTY)}>Add a position</Button>
      </Group>
      {remove.error && <Alert color="red">{(remove.error as Error).message}</Alert>}
      <DataTable<StaffCareer>
        caption="Positions"
        queryKey={['staff', 'careers']}
        load={load}
        rowKey={(r) => r.id}
        searchLabel="Search positions"
        initialSort={{ sort: 'createdAt', dir: 'desc' }}
        columns={[
          { key: 'job_heading', label: 'Heading', sortable: true },
          { key: 'job_subject', label: 'Subject', sortable: true },
          {
            key: 'active',
            label: 'Shown',
            render: (r) =>
              r.active ? <Badge color="green">Open</Badge> : <Badge color="gray">Closed</Badge>,
          },
          {
            key: 'createdAt',
            label: 'Added',
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
                  onClick={() => setDraft({ ...r })}
                  aria-label={`Edit ${r.job_heading}`}
                >
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${r.job_heading}`}
                  onClick={() => {
                    if (window.confirm(`Remove the position “${r.job_heading}”?`)) remove.mutate(r.id);
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
        title={draft?.id ? 'Change the position' : 'Add a position'}
        size="lg"
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
                label="Heading"
                required
                value={draft.job_heading}
                onChange={(e) => setDraft({ ...draft, job_heading: e.currentTarget.value })}
                error={errors.job_heading}
              />
              <TextInput
                label="Subject (place and hours)"
                required
                value={draft.job_subject}
                onChange={(e) => setDraft({ ...draft, job_subject: e.currentTarget.value })}
                error={errors.job_subject}
              />
              <Textarea
                label="Description"
                required
                autosize
                minRows={6}
                value={draft.job_description}
                onChange={(e) => setDraft({ ...draft, job_description: e.currentTarget.value })}
                error={errors.job_description}
              />
              <Switch
                label="Shown on the Careers page"
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
