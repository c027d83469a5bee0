import { Alert, Anchor, Badge, Button, SegmentedControl, Spoiler, Text, Title } from '@mantine/core';
import type { ContractRoutes, RouteInput, StaffContactMessage } from '@mitrebox/api-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNumericDateTime } from '../../../../lib/format.ts';
import { DataTable, type DataTableQuery } from '../../components/DataTable.tsx';
import { staffCall } from '../../staff-api.ts';

/** The table's sort is one of its columns' keys; `handled` one of the filter's values. */
type MessageQuery = RouteInput<ContractRoutes['GET /api/staff/contact-messages'], 'query'>;

/** /staff/messages: what visitors sent through Contact Us, newest first; marked handled once answered. */
export default function MessagesSection() {
  const client = useQueryClient();
  const [handled, setHandled] = useState('no');
  const toggle = useMutation({
    mutationFn: ({ id, value }: { id: number; value: boolean }) =>
      staffCall('PUT /api/staff/contact-messages/:id', { params: { id }, body: { handled: value } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff', 'contact'] }),
  });
  const load = (q: DataTableQuery) =>
    staffCall('GET /api/staff/contact-messages', { query: { ...q, handled } as MessageQuery });
  return (
    <>
      <Title order={1} mb="md">
        Contact messages
      </Title>
      {toggle.error && <Alert color="red">{(toggle.error as Error).message}</Alert>}
      <DataTable<StaffContactMessage>
        caption="Messages"
        queryKey={['staff', 'contact', handled]}
        load={load}
        rowKey={(r) => r.id}
        searchLabel="Search name, e-mail or message"
        initialSort={{ sort: 'createdAt', dir: 'desc' }}
        toolbar={
          <SegmentedControl
            aria-label="Show"
            value={handled}
            onChange={setHandled}
            data={[
              { value: 'no', label: 'To answer' },
              { value: 'yes', label: 'Handled' },
              { value: 'all', label: 'All' },
            ]}
          />
        }
        columns={[
          {
            key: 'createdAt',
            label: 'Received',
            sortable: true,
            render: (r) => formatNumericDateTime(r.createdAt),
          },
          { key: 'name', label: 'Name', sortable: true },
          {
            key: 'email',
            label: 'Contact',
            sortable: true,
            render: (r) => (
              <>
                <Anchor href={`mailto:${r.email}`}>{r.email}</Anchor>
                {r.phoneNumber && <Text size="sm">{r.phoneNumber}</Text>}
              </>
            ),
          },
          {
            key: 'message',
            label: 'Message',
            render: (r) => (
              <Spoiler maxHeight={60} showLabel="More" hideLabel="Less" maw={420}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {r.message}
                </Text>
              </Spoiler>
            ),
          },
          {
            key: 'handled',
            label: 'Handled',
            render: (r) =>
              r.handled ? (
                <>
                  <Badge color="green">Handled</Badge>
                  <Text size="xs" c="dimmed">
                    {r.handledBy}
                  </Text>
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => toggle.mutate({ id: r.id, value: false })}
                    aria-label={`Reopen the message from ${r.name}`}
                  >
                    Reopen
                  </Button>
                </>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => toggle.mutate({ id: r.id, value: true })}
                  aria-label={`Mark the message from ${r.name} handled`}
                >
                  Mark handled
                </Button>
              ),
          },
        ]}
      />
    </>
  );
}
