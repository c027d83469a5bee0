import type { OrderListRequest, OrderListRow } from '@mitrebox/api-contract';
import {
  documentNumberProblem,
  isPayableRow,
  ORDER_LIST_PAGE_SIZES,
  ORDER_STATUS_FILTERS,
  PENDING_FILTER,
  sum,
} from '@mitrebox/domain';

/**
 * The orders list's state (account-area §2, §5, §9) and its place in the URL: what the filters, sort and
 * page are, how they read from and write to the query string (so Back restores them), and what is sent.
 */

/** /Admin/userListOrders/{searchx?}: Orders Invoiced (default), Orders Pending ('pending'), Payments ('payments'). */
export type OrdersView = 'invoiced' | 'pending' | 'payments';

export function ordersView(searchx: string | undefined): OrdersView {
  const s = (searchx ?? '').toLowerCase();
  if (s === 'pending') return 'pending';
  if (s === 'payments') return 'payments';
  return 'invoiced';
}

/**
 * The list a URL shows, from its path alone (the route's first-data prefetch runs before the router's params):
 * /Admin/userListOrders/pending, /userListOrders, …
 */
export function ordersViewOfPath(pathname: string): OrdersView {
  const searchx = /\/userListOrders\/([^/]+)/i.exec(pathname)?.[1];
  return ordersView(searchx === undefined ? undefined : decodeURIComponent(searchx));
}

export const ORDERS_VIEW_TITLES: Record<OrdersView, string> = {
  invoiced: 'Orders Invoiced',
  pending: 'Orders Pending',
  payments: 'Payments',
};

export function ordersListTitle(searchx: string | undefined): string {
  return ORDERS_VIEW_TITLES[ordersView(searchx)];
}

export type StatusFilter = (typeof ORDER_STATUS_FILTERS)[number]['value'];
export type SortColumn = NonNullable<OrderListRequest['orderCol']>;
export type SortDir = 'asc' | 'desc';
export type PageSize = (typeof ORDER_LIST_PAGE_SIZES)[number];

export interface OrderFilters {
  /** Calendar days 'YYYY-MM-DD'; '' = no bound. */
  invDateFrom: string;
  invDateTo: string;
  ordDateFrom: string;
  ordDateTo: string;
  paystatus: StatusFilter;
  /** Digits only; '' = none. An invoice number wins over an order number (§5). */
  invoiceNumber: string;
  orderNumber: string;
}

export interface OrderListState extends OrderFilters {
  sort: SortColumn;
  dir: SortDir;
  page: number;
  perPage: PageSize;
}

/** Default sort (§9): order date, newest first; page size 25. */
export const DEFAULT_SORT: { sort: SortColumn; dir: SortDir } = { sort: 'OrdDate', dir: 'desc' };
export const DEFAULT_PAGE_SIZE: PageSize = ORDER_LIST_PAGE_SIZES[0];

/** The sortable columns of the table, each a whitelisted orderCol of the API. */
export const SORT_COLUMNS: readonly SortColumn[] = [
  'Ordnum',
  'InvoiceNumbers',
  'location',
  'OrderInvTotal',
  'InvoiceInvTotal',
  'payamt',
  'paystatus',
  'OrdDate',
  'InvDate',
];

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date's own calendar day (local), 'YYYY-MM-DD'. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The default invoice-date range of one's own orders (§9): the last 6 months to today. Six calendar months
 * back, on the same day of the month or the month's last day when it has fewer (Aug 31 → Feb 28/29).
 */
export function lastSixMonths(today: Date): { from: string; to: string } {
  const y = today.getFullYear();
  const m = today.getMonth() - 6;
  const lastDay = new Date(y, m + 1, 0).getDate();
  const from = new Date(y, m, Math.min(today.getDate(), lastDay));
  return { from: isoDay(from), to: isoDay(today) };
}

/**
 * What each view starts with. Orders Invoiced: invoices of the last 6 months, any status. Orders Pending:
 * the Pending status (9), no dates — a pending order has no invoice date. Payments: the Not Paid invoices
 * (the rows that can be ticked and paid), whatever their age — an old unpaid invoice matters most.
 */
export function defaultFilters(view: OrdersView, today: Date): OrderFilters {
  const none: OrderFilters = {
    invDateFrom: '',
    invDateTo: '',
    ordDateFrom: '',
    ordDateTo: '',
    paystatus: '',
    invoiceNumber: '',
    orderNumber: '',
  };
  if (view === 'pending') return { ...none, paystatus: String(PENDING_FILTER) as StatusFilter };
  if (view === 'payments') return { ...none, paystatus: '0' };
  const range = lastSixMonths(today);
  return { ...none, invDateFrom: range.from, invDateTo: range.to };
}

export function defaultState(view: OrdersView, today: Date): OrderListState {
  return { ...defaultFilters(view, today), ...DEFAULT_SORT, page: 1, perPage: DEFAULT_PAGE_SIZE };
}

/** URL query names. A date present but empty ('invFrom=') means the user cleared a default bound. */
const P = {
  invDateFrom: 'invFrom',
  invDateTo: 'invTo',
  ordDateFrom: 'ordFrom',
  ordDateTo: 'ordTo',
  paystatus: 'status',
  invoiceNumber: 'inv',
  orderNumber: 'ord',
  sort: 'sort',
  dir: 'dir',
  page: 'page',
  perPage: 'per',
} as const;

const DATE_KEYS = ['invDateFrom', 'invDateTo', 'ordDateFrom', 'ordDateTo'] as const;

export function isIsoDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return (
    d.getFullYear() === Number(m[1]) && d.getMonth() === Number(m[2]) - 1 && d.getDate() === Number(m[3])
  );
}

/** A typed number: digits only, at most 10 (what the API accepts); anything else is dropped. */
export function cleanNumber(s: string | null | undefined): string {
  const t = (s ?? '').trim();
  return /^\d{1,10}$/.test(t) && !documentNumberProblem(t, '') ? t : '';
}

const STATUS_VALUES = new Set<string>(ORDER_STATUS_FILTERS.map((f) => f.value));

/** The list's state from the URL; anything missing or malformed takes the view's default. */
export function readListState(view: OrdersView, params: URLSearchParams, today: Date): OrderListState {
  const state = defaultState(view, today);
  for (const key of DATE_KEYS) {
    const v = params.get(P[key]);
    if (v === null) continue;
    if (v === '' || isIsoDay(v)) state[key] = v;
  }
  const status = params.get(P.paystatus);
  if (status !== null && STATUS_VALUES.has(status)) state.paystatus = status as StatusFilter;
  state.invoiceNumber = cleanNumber(params.get(P.invoiceNumber));
  state.orderNumber = cleanNumber(params.get(P.orderNumber));
  const sort = params.get(P.sort);
  if (sort && (SORT_COLUMNS as readonly string[]).includes(sort)) state.sort = sort as SortColumn;
  const dir = params.get(P.dir);
  if (dir === 'asc' || dir === 'desc') state.dir = dir;
  const page = Number(params.get(P.page));
  if (Number.isInteger(page) && page >= 1 && page <= 100_000) state.page = page;
  const per = Number(params.get(P.perPage));
  if ((ORDER_LIST_PAGE_SIZES as readonly number[]).includes(per)) state.perPage = per as PageSize;
  return state;
}

/** The URL query of a state: only what differs from the view's defaults, so a fresh visit stays a clean URL. */
export function writeListState(view: OrdersView, state: OrderListState, today: Date): URLSearchParams {
  const d = defaultState(view, today);
  const params = new URLSearchParams();
  for (const key of DATE_KEYS) if (state[key] !== d[key]) params.set(P[key], state[key]);
  if (state.paystatus !== d.paystatus) params.set(P.paystatus, state.paystatus);
  if (state.invoiceNumber) params.set(P.invoiceNumber, state.invoiceNumber);
  if (state.orderNumber) params.set(P.orderNumber, state.orderNumber);
  if (state.sort !== d.sort || state.dir !== d.dir) {
    params.set(P.sort, state.sort);
    params.set(P.dir, state.dir);
  }
  if (state.perPage !== d.perPage) params.set(P.perPage, String(state.perPage));
  if (state.page !== 1) params.set(P.page, String(state.page));
  return params;
}

/** The Pending status (9): orders not yet synced, which have no invoice. */
export function isPendingFilter(paystatus: StatusFilter): boolean {
  return paystatus === String(PENDING_FILTER);
}

/** Which number search is in force: an invoice number wins; otherwise the order number (§5). */
export function numberSearch(f: Pick<OrderFilters, 'invoiceNumber' | 'orderNumber'>) {
  if (f.invoiceNumber) return { kind: 'invoice' as const, value: f.invoiceNumber };
  if (f.orderNumber) return { kind: 'order' as const, value: f.orderNumber };
  return null;
}

/**
 * The body of POST /api/accountOrders. When an invoice number is entered only it is sent; otherwise when an
 * order number is entered only it is sent (§5) — without the date and status filters, so a number is found
 * whatever the default date range. With the Pending status the invoice dates are left out. Sort and paging
 * always go along.
 */
export function toOrderListRequest(state: OrderListState): OrderListRequest {
  const base = { page: state.page, perPage: state.perPage, orderCol: state.sort, orderDir: state.dir };
  const byNumber = numberSearch(state);
  if (byNumber?.kind === 'invoice') return { ...base, Invoicenum: byNumber.value };
  if (byNumber?.kind === 'order') return { ...base, Ordernum: byNumber.value };
  // Pending orders have no invoice yet, so an invoice-date range would hide every one of them.
  const pending = isPendingFilter(state.paystatus);
  return {
    ...base,
    invDateFrom: pending ? '' : state.invDateFrom,
    invDateTo: pending ? '' : state.invDateTo,
    ordDateFrom: state.ordDateFrom,
    ordDateTo: state.ordDateTo,
    paystatus: state.paystatus,
  };
}

/** Clicking a header: the same column flips its direction; a new column starts descending for dates and amounts. */
export function nextSort(
  current: { sort: SortColumn; dir: SortDir },
  column: SortColumn,
): { sort: SortColumn; dir: SortDir } {
  if (current.sort === column) return { sort: column, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  const textual: SortColumn[] = ['location', 'paystatus'];
  return { sort: column, dir: textual.includes(column) ? 'asc' : 'desc' };
}

/** A row's amount to pay: its balance, or the invoice amount when no balance is told. */
export function amountDue(row: Pick<OrderListRow, 'balance' | 'invamt'>): string {
  return row.balance ?? row.invamt ?? '0';
}

/** Whether a row gets a checkbox (domain isPayableRow over the row's wire names). */
export function payable(row: OrderListRow): boolean {
  return isPayableRow({ paystatus: row.paystatus, invamt: row.invamt, invoiceNumbers: row.invoices });
}

/** The ticked rows' count and the sum due, exact to the cent. */
export function selectionSummary(rows: Iterable<Pick<OrderListRow, 'balance' | 'invamt'>>) {
  const list = [...rows];
  return { count: list.length, total: sum(list.map(amountDue)).toFixed(2) };
}

/** 'Showing 26–50 of 65'. */
export function rangeText(page: number, perPage: number, total: number): string {
  if (total === 0) return 'No orders';
  const from = Math.min((page - 1) * perPage + 1, total);
  const to = Math.min(page * perPage, total);
  return `Showing ${from}–${to} of ${total}`;
}
