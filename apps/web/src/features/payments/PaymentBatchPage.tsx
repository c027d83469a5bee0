import {
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconRotate, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  formatBusinessDateTime,
  timeZoneCity,
  useBusinessTimeZone,
} from '../../components/account-documents/business-time.ts';
import {
  AmountText,
  BackLink,
  LoadError,
  NotFoundState,
} from '../../components/account-documents/DocumentParts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import stacked from '../../components/stacked-table.module.css';
import { ApiError } from '../../lib/api.ts';
import { cx } from '../../lib/cx.ts';
import classes from './PaymentBatchPage.module.css';
import { batchRowStatus, readBatchQuery, statusTone, writeBatchQuery } from './payment-batch.ts';
import { PAYMENT_BATCH_PAGE_SIZE, usePaymentBatches } from './payments-api.ts';

const TONE = {
  green: { color: 'green', c: 'green.8' },
  red: { color: 'red', c: 'red.8' },
  yellow: { color: 'brass', c: 'brass.9' },
} as const;

/** The batch-number filter; remounted (by key) when the URL changes so it shows the applied number. */
function BatchFilter({ applied, onSearch }: { applied: string; onSearch: (batchId: string) => void }) {
  const [value, setValue] = useState(applied);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value.trim());
  };
  return (
    <Paper p="md" radius="md" bg="#fff">
      <form onSubmit={submit} aria-label="Find a batch">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Batch number"
            placeholder="All batches"
            inputMode="numeric"
            autoComplete="off"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value.replace(/\D/g, '').slice(0, 10))}
            size="sm"
            w={{ base: '100%', xs: 220 }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            Search
          </Button>
          {applied ? (
            <Button
              type="button"
              variant="default"
              leftSection={<IconRotate size={16} aria-hidden />}
              onClick={() => onSearch('')}
            >
              Show all
            </Button>
          ) : null}
        </Group>
      </form>
    </Paper>
  );
}

/**
 * PaymentBatch (account-area §2): the batch payments, filtered by batch number, in the business time zone
 * (New York), with paging.
 */
export default function PaymentBatchPage() {
  const [params, setParams] = useSearchParams();
  const query = readBatchQuery(params);
  const batches = usePaymentBatches(query);
  const timeZone = useBusinessTimeZone();
  const rows = batches.data?.data ?? [];
  /** A batch number that is not one of this account's answers 404: the same 'no payments' state. */
  const batchNotFound = batches.error instanceof ApiError && batches.error.status === 404;
  const total = batches.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAYMENT_BATCH_PAGE_SIZE));
  const busy = batches.isFetching && batches.isPlaceholderData;

  return (
    <>
      <PageHeader
        eyebrow="My Account"
        title="Payment Batches"
        description="Invoices paid together in one batch, and how each payment went."
      />
      <Stack gap="md">
        <BatchFilter
          key={query.batchId}
          applied={query.batchId}
          onSearch={(batchId) => setParams(writeBatchQuery({ batchId, page: 1 }))}
        />
        {batches.isError && !batchNotFound ? (
          <LoadError error={batches.error} onRetry={() => void batches.refetch()} />
        ) : batches.isPending ? (
          <Stack gap={6} role="status" aria-label="Loading payment batches">
            {Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <Skeleton key={i} height={40} radius="sm" />
            ))}
          </Stack>
        ) : batchNotFound || rows.length === 0 ? (
          <NotFoundState
            title={query.batchId ? `No payments in batch ${query.batchId}` : 'No payment batches yet'}
            actions={<BackLink to="/Admin/userListOrders/payments">Payments</BackLink>}
          >
            {query.batchId
              ? 'Check the batch number, or show all batches.'
              : 'When you pay several invoices together, the batch and each payment’s outcome show here.'}
          </NotFoundState>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {total} {total === 1 ? 'payment' : 'payments'} · times in {timeZoneCity(timeZone)} time
            </Text>
            <div className={cx(classes.tableCard, stacked.stackCard)} aria-busy={busy}>
              <Table
                className={cx(classes.table, stacked.stack)}
                verticalSpacing="xs"
                highlightOnHover
                aria-label="Batch payments"
                data-busy={busy || undefined}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Payment Id</Table.Th>
                    <Table.Th>Batch Id</Table.Th>
                    <Table.Th>Invoice Id</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th className={classes.num}>Amount</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>Updated</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => {
                    const status = batchRowStatus(row);
                    return (
                      <Table.Tr key={row.id}>
                        <Table.Td data-label="Payment Id">{row.id}</Table.Td>
                        <Table.Td data-label="Batch Id">
                          <Anchor
                            component={Link}
                            to={`/Admin/PaymentBatch?batch=${row.payment_batch_id}`}
                            aria-label={`Show batch ${row.payment_batch_id}`}
                          >
                            {row.payment_batch_id}
                          </Anchor>
                        </Table.Td>
                        <Table.Td data-label="Invoice Id">
                          <Anchor component={Link} to={`/Admin/InvoiceDetails/${row.invoice_id}`} fw={700}>
                            {row.invoice_id}
                          </Anchor>
                        </Table.Td>
                        <Table.Td data-label="Status">
                          <Badge
                            variant="light"
                            radius="sm"
                            {...TONE[statusTone(status)]}
                            className={classes.badge}
                          >
                            {status}
                          </Badge>
                        </Table.Td>
                        <Table.Td className={classes.num} data-label="Amount">
                          <AmountText value={row.amount} />
                        </Table.Td>
                        <Table.Td className={classes.nowrap} data-label="Created">
                          {formatBusinessDateTime(row.created_at, timeZone)}
                        </Table.Td>
                        <Table.Td className={classes.nowrap} data-label="Updated">
                          {formatBusinessDateTime(row.updated_at, timeZone)}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </div>
            {pages > 1 ? (
              <Group justify="flex-end">
                <Pagination
                  total={pages}
                  value={Math.min(query.page, pages)}
                  onChange={(page) => setParams(writeBatchQuery({ ...query, page }))}
                  size="sm"
                />
              </Group>
            ) : null}
          </>
        )}
      </Stack>
    </>
  );
}
