import { Anchor, Skeleton, Stack, Table, Text } from '@mantine/core';
import { isLinkedCreditInvoice, sum } from '@mitrebox/domain';
import { Link } from 'react-router';
import { formatBusinessDate, useBusinessTimeZone } from '../../components/account-documents/business-time.ts';
import {
  AmountText,
  BackLink,
  LoadError,
  NotFoundState,
} from '../../components/account-documents/DocumentParts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import stacked from '../../components/stacked-table.module.css';
import { cx } from '../../lib/cx.ts';
import classes from './InvoiceDetailsPage.module.css';
import { useCredits } from './invoices-api.ts';

/**
 * Credits (account-area §2): Invoice #, Date, Days Open, Invoice Amount, Payment Amount, Balance Due.
 * Credit memos link to their invoice; on-account credits (numbers starting 5000) have none and stay plain.
 */
export default function CreditsPage() {
  const credits = useCredits();
  const timeZone = useBusinessTimeZone();
  const rows = credits.data ?? [];
  const open = sum(rows.map((r) => r.balance)).toFixed(2);

  return (
    <>
      <PageHeader
        eyebrow="My Account"
        title="Credits"
        description="Credit memos and on-account credits, with what is still open to use."
      />
      {credits.isError ? (
        <LoadError error={credits.error} onRetry={() => void credits.refetch()} />
      ) : credits.isPending ? (
        <Stack gap={6} role="status" aria-label="Loading credits">
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
            <Skeleton key={i} height={40} radius="sm" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <NotFoundState
          title="No credits"
          actions={<BackLink to="/Admin/userListOrders">Orders Invoiced</BackLink>}
        >
          Your account has no credits right now.
        </NotFoundState>
      ) : (
        <Stack gap="md">
          <div className={classes.summary} role="status">
            <div>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts="0.05em">
                Credits
              </Text>
              <Text fw={700}>{rows.length}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts="0.05em">
                Open balance
              </Text>
              <Text fw={700} data-testid="credits-open-balance">
                <AmountText value={open} />
              </Text>
            </div>
          </div>
          <div className={cx(classes.credits, stacked.stackCard)}>
            <Table
              className={cx(classes.creditsTable, stacked.stack)}
              verticalSpacing="xs"
              highlightOnHover
              aria-label="Credits"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Invoice #</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th className={classes.num}>Days Open</Table.Th>
                  <Table.Th className={classes.num}>Invoice Amount</Table.Th>
                  <Table.Th className={classes.num}>Payment Amount</Table.Th>
                  <Table.Th className={classes.num}>Balance Due</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.Invnum}>
                    <Table.Td fw={600} data-label="Invoice #">
                      {isLinkedCreditInvoice(r.Invnum) ? (
                        <Anchor component={Link} to={`/Admin/InvoiceDetails/${r.Invnum}`} fw={700}>
                          {r.Invnum}
                        </Anchor>
                      ) : (
                        <span data-testid="unlinked-credit">{r.Invnum}</span>
                      )}
                    </Table.Td>
                    <Table.Td data-label="Date">{formatBusinessDate(r.TranDate, timeZone)}</Table.Td>
                    <Table.Td className={classes.num} data-label="Days Open">
                      {r.days_open}
                    </Table.Td>
                    <Table.Td className={classes.num} data-label="Invoice Amount">
                      <AmountText value={r.invamt} />
                    </Table.Td>
                    <Table.Td className={classes.num} data-label="Payment Amount">
                      <AmountText value={r.payamt} />
                    </Table.Td>
                    <Table.Td className={classes.num} data-label="Balance Due">
                      <AmountText value={r.balance} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
          <Text size="sm" c="dimmed">
            Amounts in red and in parentheses are credits to your account.
          </Text>
        </Stack>
      )}
    </>
  );
}
