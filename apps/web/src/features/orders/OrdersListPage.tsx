import { ActionIcon, Button, Group, Pagination, Select, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OrderListRow } from '@mitrebox/api-contract';
import { formatMoney, ORDER_LIST_PAGE_SIZES, paymentMessages } from '@mitrebox/domain';
import { IconArrowDown, IconArrowUp, IconCreditCard, IconListDetails } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useBusinessTimeZone } from '../../components/account-documents/business-time.ts';
import { LoadError, NotFoundState } from '../../components/account-documents/DocumentParts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { BatchPaymentModal } from '../../components/payments/BatchPaymentModal.tsx';
import { useSession } from '../../lib/session.ts';
import { useWidthQuery } from '../../lib/viewport.ts';
import { OrderFiltersForm } from './OrderFiltersForm.tsx';
import classes from './OrdersListPage.module.css';
import { OrdersCards, OrdersTable } from './OrdersTable.tsx';
import {
  nextSort,
  ORDERS_VIEW_TITLES,
  type OrderFilters,
  type OrderListState,
  type OrdersView,
  ordersView,
  ordersViewOfPath,
  type PageSize,
  payable,
  rangeText,
  readListState,
  type SortColumn,
  selectionSummary,
  toOrderListRequest,
  writeListState,
} from './order-filters.ts';
import { orderListQuery, useOrderList } from './orders-api.ts';

/** A phone's width (the first render in the browser measures it; the server's guesses it: lib/viewport.ts). */
const PHONE = '(max-width: 47.99em)';

export { ordersListTitle } from './order-filters.ts';

/**
 * The list's first page, fetched with the screen's code (the router's lazy route), so that the screen renders
 * once, with its rows, rather than a skeleton and then a table in a second, unsliced render (ADR 013).
 */
export function prefetch(client: QueryClient, url: URL): Promise<unknown> {
  const view = ordersViewOfPath(url.pathname);
  return client.prefetchQuery(
    orderListQuery(toOrderListRequest(readListState(view, url.searchParams, new Date()))),
  );
}

const DESCRIPTIONS: Record<OrdersView, string> = {
  invoiced: 'Your orders and their invoices. Open an order or an invoice to see it in full and print it.',
  pending: 'Orders we have received and not yet invoiced. Each moves to Orders Invoiced once it ships.',
  payments:
    'Invoices not yet paid. Tick the ones you mean to pay and pay them together with your default card.',
};

const SORT_LABELS: Record<SortColumn, string> = {
  Ordnum: 'Order #',
  InvoiceNumbers: 'Invoice #',
  location: 'Location',
  OrderInvTotal: 'Total',
  InvoiceInvTotal: 'Invoice total',
  invamt: 'Invoice amount',
  payamt: 'Payment',
  paystatus: 'Status',
  OrdDate: 'Order date',
  InvDate: 'Invoice date',
  shipvia: 'Ship via',
};

const filterPart = (s: OrderListState): OrderFilters => ({
  invDateFrom: s.invDateFrom,
  invDateTo: s.invDateTo,
  ordDateFrom: s.ordDateFrom,
  ordDateTo: s.ordDateTo,
  paystatus: s.paystatus,
  invoiceNumber: s.invoiceNumber,
  orderNumber: s.orderNumber,
});

/**
 * Orders Invoiced, Orders Pending and Payments (account-area §2): filters, a server-paged and sorted table,
 * and the ticked rows' total. Everything the list shows lives in the URL, so Back and a shared link restore it.
 */
export default function OrdersListPage() {
  const { searchx } = useParams();
  const view = ordersView(searchx);
  const [params, setParams] = useSearchParams();
  // Today, once per visit: the default date range must not move under a user working past midnight.
  const [today] = useState(() => new Date());
  const state = useMemo(() => readListState(view, params, today), [view, params, today]);
  const request = useMemo(() => toOrderListRequest(state), [state]);
  const list = useOrderList(request);
  const timeZone = useBusinessTimeZone();
  const isPhone = useWidthQuery(PHONE);
  const topRef = useRef<HTMLDivElement>(null);
  const [batchOpen, setBatchOpen] = useState(false);

  const apply = (next: OrderListState) => setParams(writeListState(view, next, today));
  const filtersKey = `${view}|${JSON.stringify(filterPart(state))}`;

  // Ticked rows belong to one set of filters: a new search starts a new selection.
  const [selection, setSelection] = useState<{ key: string; rows: Map<number, OrderListRow> }>({
    key: filtersKey,
    rows: new Map(),
  });
  const selected = selection.key === filtersKey ? selection.rows : new Map<number, OrderListRow>();
  const updateSelection = (change: (rows: Map<number, OrderListRow>) => void) => {
    const rows = new Map(selected);
    change(rows);
    setSelection({ key: filtersKey, rows });
  };

  const page = list.data;
  const rows = page?.data ?? [];
  const total = page?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / state.perPage));
  const summary = selectionSummary(selected.values());
  const busy = list.isFetching && list.isPlaceholderData;
  // The ticked rows' bar: always on Payments, elsewhere once a row is ticked.
  const { rights } = useSession();
  const showSelection = selected.size > 0 || (view === 'payments' && rights.pay && rows.some(payable));

  const goToPage = (p: number) => {
    apply({ ...state, page: p });
    topRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const tableProps = {
    rows,
    sort: { sort: state.sort, dir: state.dir },
    onSort: (column: SortColumn) => apply({ ...state, ...nextSort(state, column), page: 1 }),
    selected: new Set(selected.keys()),
    onToggle: (row: OrderListRow, checked: boolean) =>
      updateSelection((m) => (checked ? m.set(row.Ordnum, row) : m.delete(row.Ordnum))),
    onToggleAll: (checked: boolean) =>
      updateSelection((m) => {
        for (const row of rows.filter(payable)) {
          if (checked) m.set(row.Ordnum, row);
          else m.delete(row.Ordnum);
        }
      }),
    timeZone,
    busy,
  };

  return (
    <>
      <OrdersHeader view={view} />

      <Stack gap="md">
        <OrderFiltersForm
          key={filtersKey}
          applied={filterPart(state)}
          onSearch={(filters) => apply({ ...state, ...filters, page: 1 })}
          onReset={() => setParams(new URLSearchParams())}
        />

        <div ref={topRef} className={classes.toolbar}>
          <Text size="sm" c="dimmed" aria-live="polite" className={classes.rangeText}>
            {list.isPending ? 'Loading orders…' : rangeText(state.page, state.perPage, total)}
          </Text>
          {isPhone ? <PhoneSort state={state} apply={apply} /> : null}
        </div>

        {showSelection ? (
          <SelectionBar
            summary={summary}
            onClear={() => updateSelection((m) => m.clear())}
            mayPay={rights.pay}
            onPay={() => {
              if (selected.size === 0) {
                notifications.show({ color: 'red', message: paymentMessages.noRowsSelected });
                return;
              }
              setBatchOpen(true);
            }}
          />
        ) : null}

        {batchOpen ? (
          <BatchPaymentModal
            opened={batchOpen}
            onClose={() => setBatchOpen(false)}
            invoiceIds={[...selected.values()].flatMap((r) => r.invoices)}
            onStarted={() => {
              updateSelection((m) => m.clear());
              void list.refetch();
            }}
          />
        ) : null}

        {list.isError && !page ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <Stack gap={6} role="status" aria-label="Loading orders">
            {Array.from({ length: 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <Skeleton key={i} height={isPhone ? 150 : 40} radius="sm" />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <NoOrders
            view={view}
            firstPageOffered={state.page > 1 && total > 0}
            goToPage={goToPage}
            onReset={() => setParams(new URLSearchParams())}
          />
        ) : isPhone ? (
          <OrdersCards {...tableProps} />
        ) : (
          <OrdersTable {...tableProps} />
        )}

        {total > 0 ? (
          <ListFooter state={state} pages={pages} isPhone={isPhone} apply={apply} goToPage={goToPage} />
        ) : null}
      </Stack>
    </>
  );
}

type Apply = (next: OrderListState) => void;

/** On a phone, the table's column headers give way to a sort select and a direction button. */
function PhoneSort({ state, apply }: { state: OrderListState; apply: Apply }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Select
        aria-label="Sort by"
        size="xs"
        w={150}
        data={(Object.keys(SORT_LABELS) as SortColumn[])
          .filter((c) => !['invamt', 'shipvia'].includes(c))
          .map((c) => ({ value: c, label: SORT_LABELS[c] }))}
        value={state.sort}
        allowDeselect={false}
        onChange={(v) => v && apply({ ...state, sort: v as SortColumn, page: 1 })}
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={
          state.dir === 'asc' ? 'Ascending, change to descending' : 'Descending, change to ascending'
        }
        onClick={() => apply({ ...state, dir: state.dir === 'asc' ? 'desc' : 'asc', page: 1 })}
      >
        {state.dir === 'asc' ? <IconArrowUp size={16} /> : <IconArrowDown size={16} />}
      </ActionIcon>
    </Group>
  );
}

/** The ticked rows: how many, their total due, Clear and Make Payment. */
function SelectionBar({
  summary,
  onClear,
  mayPay,
  onPay,
}: {
  summary: ReturnType<typeof selectionSummary>;
  onClear: () => void;
  /** The user may pay for the account (a clerk without the pay right totals the rows, no more). */
  mayPay: boolean;
  onPay: () => void;
}) {
  return (
    <section className={classes.selectionBar} aria-label="Selected invoices">
      <div>
        <Text fw={700} c="walnut.9" data-testid="selection-count">
          {summary.count === 0
            ? 'No invoices selected'
            : `${summary.count} ${summary.count === 1 ? 'invoice' : 'invoices'} selected`}
        </Text>
        <Text size="sm" c="dimmed">
          {summary.count === 0 ? (
            'Tick unpaid invoices to total them.'
          ) : (
            <>
              Total due <strong data-testid="selection-total">${formatMoney(summary.total)}</strong>
            </>
          )}
        </Text>
      </div>
      <Group gap="xs">
        {summary.count > 0 ? (
          <Button variant="subtle" size="sm" onClick={onClear}>
            Clear
          </Button>
        ) : null}
        {mayPay ? (
          <Button leftSection={<IconCreditCard size={18} aria-hidden />} onClick={onPay}>
            Make Payment
          </Button>
        ) : null}
      </Group>
    </section>
  );
}

/** Rows per page and the pages. */
function ListFooter({
  state,
  pages,
  isPhone,
  apply,
  goToPage,
}: {
  state: OrderListState;
  pages: number;
  isPhone: boolean;
  apply: Apply;
  goToPage: (page: number) => void;
}) {
  return (
    <div className={classes.footer}>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" component="label" htmlFor="orders-per-page">
          Rows per page
        </Text>
        <Select
          id="orders-per-page"
          size="xs"
          w={84}
          data={ORDER_LIST_PAGE_SIZES.map(String)}
          value={String(state.perPage)}
          allowDeselect={false}
          onChange={(v) => v && apply({ ...state, perPage: Number(v) as PageSize, page: 1 })}
        />
      </Group>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.min(state.page, pages)}
          onChange={goToPage}
          size="sm"
          siblings={isPhone ? 0 : 1}
          getControlProps={(control) => ({
            'aria-label':
              control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : undefined,
          })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      ) : null}
    </div>
  );
}

/** No order on this page of these filters: the first page, or the filters reset. */
function NoOrders({
  view,
  firstPageOffered,
  goToPage,
  onReset,
}: {
  view: ReturnType<typeof ordersView>;
  firstPageOffered: boolean;
  goToPage: (page: number) => void;
  onReset: () => void;
}) {
  return (
    <NotFoundState
      title={view === 'pending' ? 'No pending orders' : 'No orders match these filters'}
      actions={
        firstPageOffered ? (
          <Button onClick={() => goToPage(1)}>Go to the first page</Button>
        ) : (
          <Button variant="default" onClick={onReset}>
            Reset filters
          </Button>
        )
      }
    >
      {view === 'pending'
        ? 'Orders you place appear here until they are invoiced.'
        : 'Try a wider date range, another status, or check the number you typed.'}
    </NotFoundState>
  );
}

/** The view's title and description; Payments links to the payment batches. */
function OrdersHeader({ view }: { view: ReturnType<typeof ordersView> }) {
  return (
    <PageHeader
      eyebrow="My Account"
      title={ORDERS_VIEW_TITLES[view]}
      description={DESCRIPTIONS[view]}
      actions={
        view === 'payments' ? (
          <Button
            component={Link}
            to="/Admin/PaymentBatch"
            variant="default"
            leftSection={<IconListDetails size={18} aria-hidden />}
          >
            Payment batches
          </Button>
        ) : undefined
      }
    />
  );
}
