import { type AccountBalance, accountBalance, isOwed } from './account-balance.ts';
import { cents, type Money, money, sum } from './money.ts';

/**
 * The statement of account with aging: every owed invoice by how many days it is past its due date on the
 * statement date, and the open credits. Days are calendar days in the business time zone (a due date of the 3rd
 * is one day past due all through the 4th, whatever the hour). The total due is accountBalance's, so the
 * statement, the home and the staff screens say the same figure.
 *
 * - An invoice is current until the end of its due date; 1–30, 31–60, 61–90 and over 90 count days past due.
 * - An invoice without a due date is due its terms' days after the invoice date ("Net 30": 30 days), or on the
 *   invoice date when the terms name no days (card, COD): the ERP's own rule for an invoice it dated.
 * - Open credits are not aged: they are listed on a line of their own and taken off the buckets' sum, so each
 *   bucket shows what is owed in it and the total due is the buckets less the credits.
 */
export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  days1to30: '1–30 days',
  days31to60: '31–60 days',
  days61to90: '61–90 days',
  over90: 'Over 90 days',
};

/** The buckets a bookkeeper chases: more than 60 days past due. */
export const OVERDUE_60_BUCKETS: readonly AgingBucket[] = ['days61to90', 'over90'];

export type AgingTotals = Record<AgingBucket, Money>;

/** 'YYYY-MM-DD' */
export type CalendarDay = string;

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of a moment in a time zone ('2026-03-01'); a 'YYYY-MM-DD' string is that day already. */
export function calendarDay(at: Date | string, timeZone: string): CalendarDay {
  if (typeof at === 'string' && DAY.test(at)) return at;
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(typeof at === 'string' ? new Date(at) : at);
}

const dayNumber = (day: CalendarDay): number => {
  const m = DAY.exec(day);
  if (!m) throw new Error(`not a calendar day: ${day}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
};

/** Whole days from one calendar day to another (negative when `to` is earlier). */
export const daysBetween = (from: CalendarDay, to: CalendarDay): number => dayNumber(to) - dayNumber(from);

/** A calendar day plus some days. */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  return new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The days of payment terms: 'Net 30' → 30, 'net 10 days' → 10; null when the terms name no days. */
export function termsDays(terms: string | null | undefined): number | null {
  const m = /\bnet\s*(\d{1,3})\b/i.exec(terms ?? '');
  return m ? Number(m[1]) : null;
}

/** The due day of an invoice: its due date's day, else the invoice day plus the terms' days (see above). */
export function dueDayOf(
  invoice: { dueDate: Date | string | null | undefined; invDate: Date | string; terms?: string | null },
  timeZone: string,
): CalendarDay {
  if (invoice.dueDate) return calendarDay(invoice.dueDate, timeZone);
  return addDays(calendarDay(invoice.invDate, timeZone), termsDays(invoice.terms) ?? 0);
}

/** Days past due on the statement day: 0 while not yet due (the due day itself included). */
export const daysPastDue = (dueDay: CalendarDay, statementDay: CalendarDay): number =>
  Math.max(0, daysBetween(dueDay, statementDay));

/** The bucket of a number of days past due. */
export function agingBucket(daysPast: number): AgingBucket {
  if (daysPast <= 0) return 'current';
  if (daysPast <= 30) return 'days1to30';
  if (daysPast <= 60) return 'days31to60';
  if (daysPast <= 90) return 'days61to90';
  return 'over90';
}

export interface StatementInvoiceInput {
  invnum: number;
  invDate: Date | string;
  dueDate: Date | string | null | undefined;
  terms?: string | null;
  invamt: Money;
  payamt: Money;
  balance: Money;
  paystatus: number;
}

export interface StatementCreditInput {
  invnum: number;
  tranDate: Date | string;
  invamt: Money;
  payamt: Money;
  /** As the credits list keeps it: negative (its size counts). */
  balance: Money;
}

export interface StatementInvoiceRow {
  invnum: number;
  invDay: CalendarDay;
  dueDay: CalendarDay;
  daysPastDue: number;
  bucket: AgingBucket;
  amount: Money;
  paid: Money;
  balance: Money;
}

export interface StatementCreditRow {
  invnum: number;
  day: CalendarDay;
  /** The credit's size, negative. */
  amount: Money;
  /** The part already used, negative or zero. */
  applied: Money;
  /** What is open, negative. */
  balance: Money;
}

export interface AgedStatement extends AccountBalance {
  statementDay: CalendarDay;
  /** Owed invoices, oldest due first. */
  invoices: StatementInvoiceRow[];
  /** Open credits (a balance left), oldest first. */
  credits: StatementCreditRow[];
  /** What is owed in each bucket (invoices only). */
  buckets: AgingTotals;
  /** What is owed more than 60 days past due. */
  over60: Money;
}

export const emptyAgingTotals = (): AgingTotals =>
  Object.fromEntries(AGING_BUCKETS.map((b) => [b, '0.00'])) as AgingTotals;

/** The statement of one account on a day, from its invoices and credits (any: what is not owed is left out). */
export function agedStatement(
  invoices: readonly StatementInvoiceInput[],
  credits: readonly StatementCreditInput[],
  on: { statementDate: Date | string; timeZone: string },
): AgedStatement {
  const statementDay = calendarDay(on.statementDate, on.timeZone);
  const rows: StatementInvoiceRow[] = invoices.filter(isOwed).map((inv) => {
    const dueDay = dueDayOf(inv, on.timeZone);
    const days = daysPastDue(dueDay, statementDay);
    return {
      invnum: inv.invnum,
      invDay: calendarDay(inv.invDate, on.timeZone),
      dueDay,
      daysPastDue: days,
      bucket: agingBucket(days),
      amount: cents(inv.invamt),
      paid: cents(inv.payamt),
      balance: cents(inv.balance),
    };
  });
  rows.sort((a, b) => (a.dueDay === b.dueDay ? a.invnum - b.invnum : a.dueDay < b.dueDay ? -1 : 1));
  const open = credits
    .filter((c) => !money(c.balance).eq(0))
    .map((c) => ({
      invnum: c.invnum,
      day: calendarDay(c.tranDate, on.timeZone),
      amount: cents(money(c.invamt).abs().neg()),
      applied: cents(money(c.payamt).abs().neg()),
      balance: cents(money(c.balance).abs().neg()),
    }))
    .sort((a, b) => (a.day === b.day ? a.invnum - b.invnum : a.day < b.day ? -1 : 1));
  const buckets = emptyAgingTotals();
  for (const bucket of AGING_BUCKETS)
    buckets[bucket] = cents(sum(rows.filter((r) => r.bucket === bucket).map((r) => r.balance)));
  return {
    statementDay,
    invoices: rows,
    credits: open,
    buckets,
    over60: cents(sum(OVERDUE_60_BUCKETS.map((b) => buckets[b]))),
    ...accountBalance(invoices, credits),
  };
}
