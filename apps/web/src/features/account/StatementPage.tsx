import { Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Statement } from '@mitrebox/api-contract';
import { AGING_BUCKET_LABELS, isLinkedCreditInvoice, OVERDUE_60_BUCKETS } from '@mitrebox/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AgingBuckets } from '../../components/account-documents/AgingBuckets.tsx';
import { AmountText, LoadError, NotFoundState } from '../../components/account-documents/DocumentParts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import stacked from '../../components/stacked-table.module.css';
import { cx } from '../../lib/cx.ts';
import classes from './StatementPage.module.css';
import { downloadStatementPdf, useStatement } from './statement-api.ts';

/** '2026-03-01' → '03/01/2026': the statement's days are business days already. */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/**
 * My Account → Statement: the aging of what the account owes at the top (current, 1–30, 31–60, 61–90, over 90
 * days past due, open credits, total due — the home's figure), then every open invoice with its days past due and
 * every open credit, and the same statement as a PDF.
 */
export default function StatementPage() {
  const statement = useStatement();
  const s = statement.data;
  return (
    <>
      <PageHeader
        eyebrow="My Account"
        title="Statement"
        description={
          s
            ? `Your open invoices and credits on ${usDate(s.statementDay)}, aged by days past their due date.`
            : 'Your open invoices and credits, aged by days past their due date.'
        }
        actions={s ? <DownloadButton statement={s} /> : null}
      />
      {statement.isError ? (
        <LoadError error={statement.error} onRetry={() => void statement.refetch()} />
      ) : !s ? (
        <Stack gap={6} role="status" aria-label="Loading the statement">
          <Skeleton height={72} radius="md" />
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
            <Skeleton key={i} height={40} radius="sm" />
          ))}
        </Stack>
      ) : (
        <Stack gap="lg">
          <AgingBuckets buckets={s.buckets} creditsOpen={s.creditsOpen} totalDue={s.totalDue} />
          <Text size="sm" c="dimmed">
            Account {s.account.acctnum} · {s.account.company} · Terms {s.account.terms}. Amounts more than 60
            days past due are marked in red.
          </Text>
          <InvoicesTable statement={s} />
          {s.credits.length > 0 ? <CreditsTable statement={s} /> : null}
        </Stack>
      )}
    </>
  );
}

function DownloadButton({ statement }: { statement: Statement }) {
  const [busy, setBusy] = useState(false);
  const name = `statement-${statement.account.acctnum}-${statement.statementDay}.pdf`;
  return (
    <Button
      leftSection={<IconDownload size={18} aria-hidden />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadStatementPdf(name);
        } catch (err) {
          notifications.show({ color: 'red', message: (err as Error).message });
        } finally {
          setBusy(false);
        }
      }}
    >
      Download PDF
    </Button>
  );
}

function InvoicesTable({ statement: s }: { statement: Statement }) {
  if (s.invoices.length === 0)
    return (
      <NotFoundState
        title="No open invoices"
        actions={
          <Anchor component={Link} to="/Admin/userListOrders">
            Orders Invoiced
          </Anchor>
        }
      >
        Every invoice of your account is paid. Thank you!
      </NotFoundState>
    );
  return (
    <section aria-labelledby="statement-invoices">
      <Title order={2} size="h4" id="statement-invoices" mb="xs">
        Open invoices ({s.invoiceCount})
      </Title>
      <div className={cx(classes.scroller, stacked.stackCard)}>
        <Table
          className={cx(classes.table, stacked.stack)}
          verticalSpacing="xs"
          highlightOnHover
          aria-labelledby="statement-invoices"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Invoice #</Table.Th>
              <Table.Th>Invoice date</Table.Th>
              <Table.Th>Due date</Table.Th>
              <Table.Th className={classes.num}>Days past due</Table.Th>
              <Table.Th className={classes.num}>Amount</Table.Th>
              <Table.Th className={classes.num}>Paid</Table.Th>
              <Table.Th className={classes.num}>Balance</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {s.invoices.map((r) => {
              const late = OVERDUE_60_BUCKETS.includes(r.bucket);
              return (
                <Table.Tr key={r.invnum} data-late={late || undefined}>
                  <Table.Td data-label="Invoice #">
                    <Anchor component={Link} to={`/Admin/InvoiceDetails/${r.invnum}`} fw={700}>
                      {r.invnum}
                    </Anchor>
                  </Table.Td>
                  <Table.Td data-label="Invoice date">{usDate(r.invDay)}</Table.Td>
                  <Table.Td data-label="Due date">{usDate(r.dueDay)}</Table.Td>
                  <Table.Td className={classes.num} data-label="Days past due">
                    {r.daysPastDue > 0 ? (
                      <Badge
                        variant={late ? 'filled' : 'light'}
                        color={late ? 'red.8' : r.bucket === 'days31to60' ? 'orange' : 'gray'}
                        title={AGING_BUCKET_LABELS[r.bucket]}
                      >
                        {r.daysPastDue}
                      </Badge>
                    ) : (
                      <Text span size="sm" c="dimmed">
                        Current
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td className={classes.num} data-label="Amount">
                    <AmountText value={r.amount} />
                  </Table.Td>
                  <Table.Td className={classes.num} data-label="Paid">
                    <AmountText value={r.paid} />
                  </Table.Td>
                  <Table.Td className={cx(classes.num, classes.balance)} data-label="Balance">
                    <AmountText value={r.balance} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={6} className={classes.num}>
                Invoices due
              </Table.Th>
              <Table.Td className={classes.num} data-label="Invoices due">
                <AmountText value={s.invoicesDue} />
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </div>
    </section>
  );
}

function CreditsTable({ statement: s }: { statement: Statement }) {
  return (
    <section aria-labelledby="statement-credits">
      <Title order={2} size="h4" id="statement-credits" mb="xs">
        Open credits
      </Title>
      <div className={cx(classes.scroller, stacked.stackCard)}>
        <Table
          className={cx(classes.table, classes.creditsTable, stacked.stack)}
          verticalSpacing="xs"
          aria-labelledby="statement-credits"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Credit #</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th className={classes.num}>Amount</Table.Th>
              <Table.Th className={classes.num}>Used</Table.Th>
              <Table.Th className={classes.num}>Open</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {s.credits.map((c) => (
              <Table.Tr key={c.invnum}>
                <Table.Td data-label="Credit #">
                  {isLinkedCreditInvoice(c.invnum) ? (
                    <Anchor component={Link} to={`/Admin/InvoiceDetails/${c.invnum}`} fw={700}>
                      {c.invnum}
                    </Anchor>
                  ) : (
                    <Text span fw={600}>
                      {c.invnum}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label="Date">{usDate(c.day)}</Table.Td>
                <Table.Td className={classes.num} data-label="Amount">
                  <AmountText value={c.amount} />
                </Table.Td>
                <Table.Td className={classes.num} data-label="Used">
                  <AmountText value={c.applied} />
                </Table.Td>
                <Table.Td className={classes.num} data-label="Open">
                  <AmountText value={c.balance} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <Group justify="space-between" mt="xs" gap="xs">
        <Text size="sm" c="dimmed">
          Credits are taken off the total due.
        </Text>
      </Group>
    </section>
  );
}
