import { Code, Group, Select, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AuditEntry } from '@mitrebox/api-contract';
import { formatNumericDateTime } from '../../../../lib/format.ts';
import { DataTable, type DataTableQuery } from '../../components/DataTable.tsx';
import { staffCall } from '../../staff-api.ts';

const json = (v: unknown) => (v == null ? '—' : JSON.stringify(v));

/** /staff/audit: who changed what, when, before and after; filtered by actor, action, entity, id and dates. */
export default function AuditSection() {
  // the table follows the filters as they are typed: nothing to submit
  const form = useForm({
    initialValues: {
      actor: '',
      action: '',
      entity: '',
      entityId: '',
      actorKind: null as string | null,
      from: '',
      to: '',
    },
  });
  const filters = { ...form.values, actorKind: form.values.actorKind ?? undefined };
  const load = (q: DataTableQuery) =>
    staffCall('GET /api/staff/audit', {
      query: {
        page: q.page,
        pageSize: q.pageSize,
        ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v?.trim() || undefined])),
      },
    });
  return (
    <>
      <Title order={1} mb="md">
        Audit log
      </Title>
      <DataTable<AuditEntry>
        caption="Changes by staff and the ERP connection, newest first"
        queryKey={['staff', 'audit', filters]}
        load={load}
        pageSize={50}
        rowKey={(r) => r.id}
        toolbar={
          <Group gap="sm" align="end" wrap="wrap">
            <TextInput label="Actor (e-mail or key)" {...form.getInputProps('actor', { withError: false })} />
            <Select
              label="Actor kind"
              data={[
                { value: 'staff', label: 'Staff' },
                { value: 'erp', label: 'ERP' },
              ]}
              {...form.getInputProps('actorKind', { withError: false })}
              clearable
              w={120}
            />
            <TextInput label="Action" {...form.getInputProps('action', { withError: false })} w={180} />
            <TextInput label="Entity" {...form.getInputProps('entity', { withError: false })} w={120} />
            <TextInput label="Entity id" {...form.getInputProps('entityId', { withError: false })} w={120} />
            <TextInput label="From" type="date" {...form.getInputProps('from', { withError: false })} />
            <TextInput label="To" type="date" {...form.getInputProps('to', { withError: false })} />
          </Group>
        }
        columns={[
          { key: 'at', label: 'When', render: (r) => formatNumericDateTime(r.at) },
          { key: 'actorName', label: 'Who', render: (r) => `${r.actorName} (${r.actorKind})` },
          { key: 'action', label: 'Action' },
          { key: 'entity', label: 'Record', render: (r) => `${r.entity} ${r.entityId ?? ''}` },
          { key: 'before', label: 'Before', render: (r) => <Code>{json(r.before)}</Code> },
          { key: 'after', label: 'After', render: (r) => <Code>{json(r.after)}</Code> },
        ]}
      />
    </>
  );
}
