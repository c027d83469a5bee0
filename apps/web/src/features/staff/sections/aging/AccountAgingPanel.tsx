import { Alert, Anchor, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatMoney, money, OVERDUE_60_BUCKETS } from '@mitrebox/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AgingBuckets } from '../../../../components/account-documents/AgingBuckets.tsx';
import { useStaffMay } from '../../staff-api.ts';
import { downloadAccountStatement, useAccountStatement } from './aging-api.ts';

const usd = (value: string) =>
  money(value).lt(0) ? `($${formatMoney(money(value).abs())})` : `$${formatMoney(value)}`;
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/**
 * The account screen's aging (accounting and admin): the buckets and total due the account sees on its statement,
 * the invoices more than 60 days past due, and the statement's PDF.
 */
export function AccountAgingPanel({ acctnum }: { acctnum: string }) {
  const mayRead = useStaffMay('aging', 'read');
  const statement = useAccountStatement(acctnum, mayRead);
  const [busy, setBusy] = useState(false);
  if (!mayRead) return null;
  const s = statement.data;
  const late = s?.invoices.filter((r) => OVERDUE_60_BUCKETS.includes(r.bucket)) ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-aging">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h3" id="account-aging">
          Aging{s ? ` on ${usDate(s.statementDay)}` : ''}
        </Title>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await downloadAccountStatement(acctnum);
            } catch (err) {
              notifications.show({ color: 'red', message: (err as Error).message });
            } finally {
              setBusy(false);
            }
          }}
        >
          Statement PDF
        </Button>
      </Group>
      {statement.error ? (
        <Alert color="red" role="alert">
          {(statement.error as Error).message}
        </Alert>
      ) : !s ? (
        <Text role="status">Loading…</Text>
      ) : (
        <>
          <AgingBuckets
            buckets={s.buckets}
            creditsOpen={s.creditsOpen}
            totalDue={s.totalDue}
            label={`Aging of account ${acctnum}`}
          />
          <Group justify="space-between" mt="xs" gap="xs">
            <Text size="sm" c="dimmed">
              {s.invoiceCount} open invoices, {s.credits.length} open credits.
            </Text>
            <Anchor component={Link} to="/staff/aging" size="sm" fw={600}>
              Aging of every account
            </Anchor>
          </Group>
          {late.length > 0 && (
            <Table.ScrollContainer minWidth={480} mt="sm">
              <Table striped captionSide="top">
                <Table.Caption style={{ textAlign: 'left', fontWeight: 600 }}>
                  More than 60 days past due
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Invoice #</Table.Th>
                    <Table.Th>Due date</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>Days past due</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>Balance</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {late.map((r) => (
                    <Table.Tr key={r.invnum}>
                      <Table.Td>{r.invnum}</Table.Td>
                      <Table.Td>{usDate(r.dueDay)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{r.daysPastDue}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{usd(r.balance)}</Table.Td>
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
