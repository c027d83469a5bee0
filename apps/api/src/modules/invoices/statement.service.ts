import type { StaffAgingResponse, StaffAgingRow, StaffAgingSort, Statement } from '@mitrebox/api-contract';
import {
  AGING_BUCKETS,
  agedStatement,
  calendarDay,
  cents,
  emptyAgingTotals,
  money,
  PAYSTATUS,
  type StatementCreditInput,
  type StatementInvoiceInput,
  sum,
} from '@mitrebox/domain';
import { stringify } from 'csv-stringify/sync';
import { and, asc, gt, inArray, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../platform/db.ts';
import { type StatementAccount, statementAccounts } from '../accounts/statement-accounts.ts';
import { credits, invoices } from './invoices.tables.ts';

/**
 * The statement of account with aging (@mitrebox/domain statement-aging.ts) for one account, and the aging of
 * every account for staff. Owed invoices and open credits are read as balance.service.ts reads them for the
 * home, and summed by the same accountBalance: the statement's total due is the home's.
 */
export interface StatementDeps {
  db: Queryable;
  config: Pick<Config, 'BUSINESS_TZ' | 'COMPANY_NAME' | 'COMPANY_ADDRESS' | 'CUSTOMER_SERVICE_PHONE'>;
}

const owedOnly = (where?: SQL) =>
  and(where, inArray(invoices.paystatus, [PAYSTATUS.notPaid, PAYSTATUS.balance]), gt(invoices.balance, '0'));

type Dated<T> = T & { acctnum: string };

async function owedInvoices(db: Queryable, acctnums?: string[]): Promise<Dated<StatementInvoiceInput>[]> {
  return db
    .select({
      acctnum: invoices.acctnum,
      invnum: invoices.invnum,
      invDate: invoices.invDate,
      dueDate: invoices.dueDate,
      terms: invoices.terms,
      invamt: invoices.invamt,
      payamt: invoices.payamt,
      balance: invoices.balance,
      paystatus: invoices.paystatus,
    })
    .from(invoices)
    .where(owedOnly(acctnums ? inArray(invoices.acctnum, acctnums) : undefined))
    .orderBy(asc(invoices.invnum));
}

/** The credits table's rows (the ERP's open credits, as GET /api/accountCredits lists them). */
async function openCredits(db: Queryable, acctnums?: string[]): Promise<Dated<StatementCreditInput>[]> {
  return db
    .select({
      acctnum: credits.acctnum,
      invnum: credits.invnum,
      tranDate: credits.tranDate,
      invamt: credits.invamt,
      payamt: credits.payamt,
      balance: credits.balance,
    })
    .from(credits)
    .where(acctnums ? inArray(credits.acctnum, acctnums) : undefined)
    .orderBy(asc(credits.invnum));
}

function supplierOf(config: StatementDeps['config']): Statement['supplier'] {
  return {
    company: config.COMPANY_NAME,
    address: config.COMPANY_ADDRESS,
    phone: config.CUSTOMER_SERVICE_PHONE,
  };
}

/** One account's statement on the day of `at` (business time zone); undefined when there is no such account. */
export async function statementOf(
  deps: StatementDeps,
  acctnum: string,
  at: Date = new Date(),
): Promise<Statement | undefined> {
  const [account] = await statementAccounts(deps.db, [acctnum]);
  if (!account) return undefined;
  const [owed, open] = await Promise.all([owedInvoices(deps.db, [acctnum]), openCredits(deps.db, [acctnum])]);
  const aged = agedStatement(owed, open, { statementDate: at, timeZone: deps.config.BUSINESS_TZ });
  return { account, supplier: supplierOf(deps.config), ...aged };
}

/** Staff's aging list: which accounts, in which order, a page of it or all of it (the CSV). */
export interface AgingFilter {
  over60?: '0' | '1';
  q?: string;
  sort: (typeof StaffAgingSort)[number];
  dir: 'asc' | 'desc';
}

/** Every account that owes something or holds an open credit, aged on the day of `at`, filtered and sorted. */
async function agingRows(deps: StatementDeps, filter: AgingFilter, at: Date) {
  const timeZone = deps.config.BUSINESS_TZ;
  const [owed, open] = await Promise.all([owedInvoices(deps.db), openCredits(deps.db)]);
  const byAccount = new Map<string, { owed: StatementInvoiceInput[]; open: StatementCreditInput[] }>();
  const of = (acctnum: string) => {
    const entry = byAccount.get(acctnum) ?? { owed: [], open: [] };
    byAccount.set(acctnum, entry);
    return entry;
  };
  for (const inv of owed) of(inv.acctnum).owed.push(inv);
  for (const c of open) if (!money(c.balance).eq(0)) of(c.acctnum).open.push(c);
  const names = new Map<string, StatementAccount>(
    (await statementAccounts(deps.db, [...byAccount.keys()])).map((a) => [a.acctnum, a]),
  );
  const q = filter.q?.trim().toLowerCase();
  const rows: StaffAgingRow[] = [];
  for (const [acctnum, docs] of byAccount) {
    const aged = agedStatement(docs.owed, docs.open, { statementDate: at, timeZone });
    const account = names.get(acctnum);
    const row: StaffAgingRow = {
      acctnum,
      company: account?.company ?? '',
      terms: account?.terms ?? '',
      buckets: aged.buckets,
      over60: aged.over60,
      creditsOpen: aged.creditsOpen,
      totalDue: aged.totalDue,
      invoiceCount: aged.invoiceCount,
      oldestDays: Math.max(0, ...aged.invoices.map((i) => i.daysPastDue)),
    };
    if (filter.over60 === '1' && !money(row.over60).gt(0)) continue;
    if (q && !acctnum.startsWith(q) && !row.company.toLowerCase().includes(q)) continue;
    rows.push(row);
  }
  rows.sort(compareBy(filter.sort, filter.dir));
  return { rows, statementDay: calendarDay(at, timeZone) };
}

function compareBy(sort: string, dir: 'asc' | 'desc') {
  const sign = dir === 'asc' ? 1 : -1;
  const key = (r: StaffAgingRow): string | number => {
    if (sort === 'company') return r.company.toLowerCase();
    if (sort === 'acctnum') return r.acctnum;
    if ((AGING_BUCKETS as readonly string[]).includes(sort))
      return Number(r.buckets[sort as (typeof AGING_BUCKETS)[number]]);
    return Number(r[sort as 'over60' | 'totalDue']);
  };
  return (a: StaffAgingRow, b: StaffAgingRow) => {
    const x = key(a);
    const y = key(b);
    // ties by account number, always ascending, so a page boundary is stable
    return x === y ? a.acctnum.localeCompare(b.acctnum) : (x < y ? -1 : 1) * sign;
  };
}

/** A page of the aging of every account, with the totals of all that match. */
export async function agingOfAccounts(
  deps: StatementDeps,
  query: AgingFilter & { page: number; pageSize: number },
  at: Date = new Date(),
): Promise<StaffAgingResponse> {
  const { rows, statementDay } = await agingRows(deps, query, at);
  const totals = {
    buckets: emptyAgingTotals(),
    over60: cents(sum(rows.map((r) => r.over60))),
    creditsOpen: cents(sum(rows.map((r) => r.creditsOpen))),
    totalDue: cents(sum(rows.map((r) => r.totalDue))),
  };
  for (const b of AGING_BUCKETS) totals.buckets[b] = cents(sum(rows.map((r) => r.buckets[b])));
  const start = (query.page - 1) * query.pageSize;
  return {
    rows: rows.slice(start, start + query.pageSize),
    total: rows.length,
    page: query.page,
    pageSize: query.pageSize,
    statementDay,
    totals,
  };
}

export const AGING_CSV_COLUMNS = [
  'Account',
  'Company',
  'Terms',
  'Current',
  '1-30 days',
  '31-60 days',
  '61-90 days',
  'Over 90 days',
  'Over 60 days',
  'Open credits',
  'Total due',
  'Open invoices',
  'Oldest days past due',
] as const;

/** A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first) gets an apostrophe. */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The aging of every account that matches, as CSV (amounts as plain numbers, CRLF line ends). */
export async function agingCsv(
  deps: StatementDeps,
  filter: AgingFilter,
  at: Date = new Date(),
): Promise<string> {
  const { rows } = await agingRows(deps, filter, at);
  return stringify(
    rows.map((r) => [
      r.acctnum,
      asText(r.company),
      asText(r.terms),
      ...AGING_BUCKETS.map((b) => r.buckets[b]),
      r.over60,
      r.creditsOpen,
      r.totalDue,
      String(r.invoiceCount),
      String(r.oldestDays),
    ]),
    { header: true, columns: [...AGING_CSV_COLUMNS], record_delimiter: '\r\n' },
  );
}
