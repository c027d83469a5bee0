import { Alert, Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { ACCOUNT_RIGHTS, type AccountRight, type AccountRights, effectiveRights } from '@mitrebox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../../lib/format.ts';
import { accountsApi } from './accounts-api.ts';

const LABELS: Record<AccountRight, string> = {
  order: 'Order',
  pay: 'Pay',
  prices: 'See prices',
  manage: 'Manage users',
};

function RightsBadges({ rights }: { rights: AccountRights }) {
  const applied = effectiveRights(rights);
  const held = ACCOUNT_RIGHTS.filter((r) => applied[r]);
  if (held.length === 0) return <Text size="sm">No rights</Text>;
  return (
    <Group gap={4}>
      {held.map((r) => (
        <Badge key={r} variant="light" color={r === 'manage' ? 'grape' : 'blue'}>
          {LABELS[r]}
        </Badge>
      ))}
    </Group>
  );
}

const STATE_COLOR = { pending: 'blue', accepted: 'green', expired: 'red', revoked: 'gray' } as const;
const STATE_LABEL = {
  pending: 'Waiting',
  accepted: 'Accepted',
  expired: 'Expired',
  revoked: 'Withdrawn',
} as const;

/**
 * An account's people as the owner manages them: who signs in with which rights, and the invitations sent, with
 * Resend for one not accepted yet (a new link; the old one stops working).
 */
export function AccountColleagues({ acctnum, readOnly }: { acctnum: string; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const key = ['staff', 'account', acctnum, 'colleagues'];
  const users = useQuery({ queryKey: key, queryFn: () => accountsApi.colleagues(acctnum) });
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const resend = async (id: number, email: string) => {
    setBusy(id);
    setNotice(null);
    try {
      await accountsApi.resendInvitation(acctnum, id);
      setNotice({ ok: true, text: `A new invitation link was sent to ${email}.` });
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (err) {
      setNotice({ ok: false, text: (err as Error).message });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-colleagues">
      <Title order={2} size="h3" id="account-colleagues" mb="sm">
        Rights and invitations
      </Title>
      {notice && (
        <Alert color={notice.ok ? 'green' : 'red'} role={notice.ok ? 'status' : 'alert'} mb="sm">
          {notice.text}
        </Alert>
      )}
      {users.error ? (
        <Alert color="red" role="alert">
          {(users.error as Error).message}
        </Alert>
      ) : !users.data ? (
        <Text role="status">Loading…</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Users and their rights">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Sign-in</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Rights</Table.Th>
                  <Table.Th>Last sign-in</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.data.map((u) => (
                  <Table.Tr key={u.userId}>
                    <Table.Td>{u.username}</Table.Td>
                    <Table.Td>
                      {u.name} {u.owner && <Badge color="yellow">owner</Badge>}{' '}
                      {u.disabled && <Badge color="gray">disabled</Badge>}
                    </Table.Td>
                    <Table.Td>{u.email ?? '—'}</Table.Td>
                    <Table.Td>
                      <RightsBadges rights={u.rights} />
                    </Table.Td>
                    <Table.Td>{u.lastSignIn ? formatDateTime(u.lastSignIn) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Title order={3} size="h4" mt="md" mb="xs">
            Invitations
          </Title>
          {users.data.invitations.length === 0 ? (
            <Text size="sm" c="dimmed">
              No invitations sent.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table aria-label="Invitations">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Rights</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th>Sent</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {users.data.invitations.map((i) => (
                    <Table.Tr key={i.id}>
                      <Table.Td>{i.name}</Table.Td>
                      <Table.Td>{i.email}</Table.Td>
                      <Table.Td>
                        <RightsBadges rights={i.rights} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Badge color={STATE_COLOR[i.state]} tt="none">
                          {STATE_LABEL[i.state]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{formatDateTime(i.sentAt)}</Table.Td>
                      <Table.Td>
                        {!readOnly && (i.state === 'pending' || i.state === 'expired') ? (
                          <Button
                            size="xs"
                            variant="default"
                            loading={busy === i.id}
                            onClick={() => void resend(i.id, i.email)}
                            aria-label={`Resend the invitation to ${i.email}`}
                          >
                            Resend invitation
                          </Button>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Paper>
  );
}
