import { AGING_BUCKETS } from '@mitrebox/domain';
import { z } from 'zod';
import { cleanText } from './common.ts';
import { pagedQuery } from './staff.ts';

/**
 * The statement of account with aging (@mitrebox/domain statement-aging.ts): the signed-in account's owed
 * invoices aged by days past due and its open credits, as JSON and as a PDF; for staff the same per account and
 * the aging of every account. Amounts are decimal strings; days are calendar days 'YYYY-MM-DD' in the business
 * time zone.
 */
const money = z.string();
const day = z.string();

/** The bucket totals: current, 1–30, 31–60, 61–90, over 90 days past due. */
export const AgingTotals = z.object(
  Object.fromEntries(AGING_BUCKETS.map((b) => [b, money])) as Record<
    (typeof AGING_BUCKETS)[number],
    typeof money
  >,
);
export type AgingTotals = z.infer<typeof AgingTotals>;

export const StatementQuery = z.object({
  /** One of the user's accounts; default their first (the account they work in). */
  Acctnum: z.string().max(20).optional(),
});

export const StatementInvoiceRow = z.object({
  invnum: z.number().int(),
  invDay: day,
  dueDay: day,
  daysPastDue: z.number().int(),
  bucket: z.enum(AGING_BUCKETS),
  amount: money,
  paid: money,
  balance: money,
});

export const StatementCreditRow = z.object({
  invnum: z.number().int(),
  day,
  /** negative: a credit */
  amount: money,
  applied: money,
  balance: money,
});

export const Statement = z.object({
  account: z.object({
    acctnum: z.string(),
    company: z.string(),
    contact: z.string().nullable(),
    address: z.array(z.string()),
    terms: z.string(),
  }),
  /** The supplier's letterhead. */
  supplier: z.object({ company: z.string(), address: z.string(), phone: z.string() }),
  statementDay: day,
  invoices: z.array(StatementInvoiceRow),
  credits: z.array(StatementCreditRow),
  buckets: AgingTotals,
  over60: money,
  invoicesDue: money,
  invoiceCount: z.number().int(),
  creditsOpen: money,
  /** The account's total due: the same figure as the account home's (accountBalance). */
  totalDue: money,
});
export type Statement = z.infer<typeof Statement>;

export const StaffAgingSort = ['company', 'acctnum', ...AGING_BUCKETS, 'over60', 'totalDue'] as const;

export const StaffAgingQuery = pagedQuery(StaffAgingSort).extend({
  sort: z.enum(StaffAgingSort).default('over60'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  /** '1': only accounts with something more than 60 days past due */
  over60: z.enum(['0', '1']).optional(),
  q: cleanText(200).trim().optional(),
});
export type StaffAgingQuery = z.input<typeof StaffAgingQuery>;

export const StaffAgingCsvQuery = StaffAgingQuery.omit({ page: true, pageSize: true });

export const StaffAgingRow = z.object({
  acctnum: z.string(),
  company: z.string(),
  terms: z.string(),
  buckets: AgingTotals,
  over60: money,
  creditsOpen: money,
  totalDue: money,
  invoiceCount: z.number().int(),
  /** The oldest owed invoice's days past due. */
  oldestDays: z.number().int(),
});
export type StaffAgingRow = z.infer<typeof StaffAgingRow>;

export const StaffAgingResponse = z.object({
  rows: z.array(StaffAgingRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  statementDay: day,
  /** Every listed account's figures added up (the filter's, not the page's). */
  totals: z.object({ buckets: AgingTotals, over60: money, creditsOpen: money, totalDue: money }),
});
export type StaffAgingResponse = z.infer<typeof StaffAgingResponse>;

export const StaffStatementParams = z.object({ acctnum: z.string().max(20) });
