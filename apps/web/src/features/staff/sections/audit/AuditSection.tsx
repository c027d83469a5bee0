import { Code, Group, Select, TextInput, Title } from '@mantine/core';
import type { AuditEntry, StaffPage } from '@mitrebox/api-contract';
import { useState } from 'react';
import { DataTable, type DataTableQuery } from '../../components/DataTable.tsx';
import { staffApi } from '../../staff-api.ts';

const json = (v: unknown) => (v == null ? '—' : JSON.stringify(v));

/** /staff/audit: who changed what, when, before and after; filtered by actor, action, entity, id and dates. */
export default function AuditSection() {
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [entity, setEntity] = useState('');
  const [entityId, setEntityId] = useState('');
  const [actorKind, setActorKind] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filters = { actor, action, entity, entityId, actorKind: actorKind ?? undefined, from, to };
  const load = (q: DataTableQuery) =>
    staffApi.get<StaffPage<AuditEntry>>('/api/staff/audit', {
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
            <TextInput
              label="Actor (e-mail or key)"
              value={actor}
              onChange={(e) => setActor(e.currentTarget.value)}
            />
            <Select
              label="Actor kind"
              data={[
                { value: 'staff', label: 'Staff' },
                { value: 'erp', label: 'ERP' },
              ]}
              value={actorKind}
              onChange={setActorKind}
              clearable
              w={120}
            />
            <TextInput
              label="Action"
              value={action}
              onChange={(e) => setAction(e.currentTarget.value)}
              w={180}
            />
            <TextInput
              label="Entity"
              value={entity}
              onChange={(e) => setEntity(e.currentTarget.value)}
              w={120}
            />
            <TextInput
              label="Entity id"
              value={entityId}
              onChange={(e) => setEntityId(e.currentTarget.value)}
              w={120}
            />
            <TextInput
              label="From"
              type="date"
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
            <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          </Group>
        }
        columns={[
          { key: 'at', label: 'When', render: (r) => new Date(r.at).toLocaleString() },
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
