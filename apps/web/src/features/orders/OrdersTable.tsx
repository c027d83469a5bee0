import { Anchor, Checkbox, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { OrderListRow } from '@mitrebox/api-contract';
import { orderRowTone, orderStatusLabel } from '@mitrebox/domain';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatBusinessDate } from '../../components/account-documents/business-time.ts';
import { AmountText } from '../../components/account-documents/DocumentParts.tsx';
import { isPendingOrder } from '../../components/account-documents/document.ts';
import { OrderAgainButton } from '../../components/order-again/OrderAgainButton.tsx';
import { PartPaidHint, PartPaidNotice } from '../../components/payments/PartPaidNotice.tsx';
import classes from './OrdersListPage.module.css';
import { payable, type SortColumn, type SortDir } from './order-filters.ts';

export interface OrdersTableProps {
  rows: OrderListRow[];
  sort: { sort: SortColumn; dir: SortDir };
  onSort: (column: SortColumn) => void;
  selected: ReadonlySet<number>;
  onToggle: (row: OrderListRow, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  timeZone: string;
  busy: boolean;
}

/** A row's status: the domain label, or 'Pending' for an order not yet synced (account-area §4). */
export function statusText(row: OrderListRow): string {
  if (isPendingOrder(row.synced) && row.invoices.length === 0) return 'Pending';
  return orderStatusLabel(row.paystatus, row.batchStatus);
}

const toneClass = {
  green: classes.toneGreen,
  pink: classes.tonePink,
  black: '',
} as const;

function InvoiceLinks({ row }: { row: OrderListRow }) {
  if (row.invoices.length === 0)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  return (
    <span className={classes.invoiceLinks}>
      {row.invoices.map((n, i) => (
        <Fragment key={n}>
          {i > 0 ? ', ' : null}
          <Anchor component={Link} to={`/Admin/InvoiceDetails/${n}`} fw={600}>
            {n}
          </Anchor>
        </Fragment>
      ))}
    </span>
  );
}

function StatusLabel({ row }: { row: OrderListRow }) {
  const text = statusText(row);
  if (!text) return null;
  const tone = orderRowTone(row.paystatus);
  return (
    <span className={`${classes.status} ${classes[`status_${tone}`] ?? ''}`} data-status={text}>
      {text}
    </span>
  );
}

function SortHeader({
  label,
  column,
  sort,
  onSort,
  numeric,
}: {
  label: string;
  column: SortColumn;
  sort: { sort: SortColumn; dir: SortDir };
  onSort: (c: SortColumn) => void;
  numeric?: boolean;
}) {
  const active = sort.sort === column;
  const Icon = !active ? IconArrowsSort : sort.dir === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={numeric ? classes.num : undefined}
    >
      <UnstyledButton
        className={`${classes.sortButton} ${active ? classes.sortActive : ''}`}
        onClick={() => onSort(column)}
        data-column={column}
      >
        <span>{label}</span>
        <Icon size={14} stroke={2} aria-hidden className={classes.sortIcon} />
      </UnstyledButton>
    </Table.Th>
  );
}

const rowLabel = (row: OrderListRow) =>
  `Select order ${row.Ordnum}, invoice ${row.InvoiceNumbers.replace(/,/g, ', ')}`;

/** The orders list as a table (desktop and tablet). */
export function OrdersTable(props: OrdersTableProps) {
  const { rows, sort, onSort, selected, onToggle, onToggleAll, timeZone, busy } = props;
  const payableRows = rows.filter(payable);
  const ticked = payableRows.filter((r) => selected.has(r.Ordnum)).length;
  const head = (label: string, column: SortColumn, numeric?: boolean) => (
    <SortHeader label={label} column={column} sort={sort} onSort={onSort} numeric={numeric} />
  );
  return (
    <div className={classes.tableCard} aria-busy={busy}>
      <Table
        className={classes.table}
        verticalSpacing={8}
        horizontalSpacing="xs"
        fz="sm"
        highlightOnHover
        data-busy={busy || undefined}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.checkCol}>
              <Checkbox
                aria-label="Select all payable invoices on this page"
                checked={payableRows.length > 0 && ticked === payableRows.length}
                indeterminate={ticked > 0 && ticked < payableRows.length}
                disabled={payableRows.length === 0}
                onChange={(e) => onToggleAll(e.currentTarget.checked)}
              />
            </Table.Th>
            {head('Order #', 'Ordnum')}
            {head('Invoice #', 'InvoiceNumbers')}
            {head('Location', 'location')}
            {head('Total', 'OrderInvTotal', true)}
            {head('Invoice total', 'InvoiceInvTotal', true)}
            {head('Payment', 'payamt', true)}
            {head('Status', 'paystatus')}
            {head('Order date', 'OrdDate')}
            {head('Invoice date', 'InvDate')}
            <Table.Th>
              <VisuallyHidden>Order again</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const tone = orderRowTone(row.paystatus);
            return (
              <Table.Tr key={row.Ordnum} className={toneClass[tone]} data-tone={tone}>
                <Table.Td className={classes.checkCol}>
                  {payable(row) ? (
                    <Checkbox
                      aria-label={rowLabel(row)}
                      checked={selected.has(row.Ordnum)}
                      onChange={(e) => onToggle(row, e.currentTarget.checked)}
                    />
                  ) : (
                    // a part-paid order: why it has no checkbox, and what to do (issue 31)
                    <PartPaidHint paystatus={row.paystatus} balance={row.balance} />
                  )}
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/Admin/OrderDetails/${row.Ordnum}`} fw={700}>
                    {row.Ordnum}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <InvoiceLinks row={row} />
                </Table.Td>
                <Table.Td className={classes.nowrap}>{row.location.Name}</Table.Td>
                <Table.Td className={classes.num}>
                  <AmountText value={row.OrderInvTotal} />
                </Table.Td>
                <Table.Td className={classes.num}>
                  <AmountText value={row.InvoiceInvTotal} />
                </Table.Td>
                <Table.Td className={classes.num}>
                  <AmountText value={row.payamt} />
                </Table.Td>
                <Table.Td>
                  <StatusLabel row={row} />
                </Table.Td>
                <Table.Td className={classes.nowrap}>{formatBusinessDate(row.OrdDate, timeZone)}</Table.Td>
                <Table.Td className={classes.nowrap}>{formatBusinessDate(row.InvDate, timeZone)}</Table.Td>
                <Table.Td>
                  <OrderAgainButton ordnum={row.Ordnum} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function CardField({ label, children, numeric }: { label: string; children: ReactNode; numeric?: boolean }) {
  return (
    <div className={numeric ? classes.cardFieldNum : classes.cardField}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The orders list as cards (phones): the same facts, one order per card. */
export function OrdersCards(props: OrdersTableProps) {
  const { rows, selected, onToggle, timeZone, busy } = props;
  return (
    <ul className={classes.cards} aria-busy={busy} aria-label="Orders">
      {rows.map((row) => {
        const tone = orderRowTone(row.paystatus);
        return (
          <li key={row.Ordnum} className={`${classes.card} ${toneClass[tone]}`} data-tone={tone}>
            <div className={classes.cardTop}>
              {payable(row) ? (
                <Checkbox
                  aria-label={rowLabel(row)}
                  checked={selected.has(row.Ordnum)}
                  onChange={(e) => onToggle(row, e.currentTarget.checked)}
                  size="md"
                />
              ) : null}
              <div className={classes.cardTitle}>
                <Anchor component={Link} to={`/Admin/OrderDetails/${row.Ordnum}`} fw={700} size="lg">
                  <Text span size="sm" c="dimmed" fw={600}>
                    Order{' '}
                  </Text>
                  {row.Ordnum}
                </Anchor>
              </div>
              <StatusLabel row={row} />
            </div>
            <dl className={classes.cardGrid}>
              <CardField label="Invoice #">
                <InvoiceLinks row={row} />
              </CardField>
              <CardField label="Location">{row.location.Name}</CardField>
              <CardField label="Order date">{formatBusinessDate(row.OrdDate, timeZone)}</CardField>
              <CardField label="Invoice date">{formatBusinessDate(row.InvDate, timeZone) || '—'}</CardField>
            </dl>
            <dl className={classes.cardAmounts}>
              <CardField label="Total" numeric>
                <AmountText value={row.OrderInvTotal} />
              </CardField>
              <CardField label="Invoice total" numeric>
                <AmountText value={row.InvoiceInvTotal} blank="—" />
              </CardField>
              <CardField label="Payment" numeric>
                <AmountText value={row.payamt} blank="—" />
              </CardField>
            </dl>
            <PartPaidNotice paystatus={row.paystatus} balance={row.balance} compact />
            <OrderAgainButton ordnum={row.Ordnum} mt="xs" />
          </li>
        );
      })}
    </ul>
  );
}
