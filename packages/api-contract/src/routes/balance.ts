import { z } from 'zod';
import { ErrorBody } from '../common.ts';
import { defineRoute } from '../route.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['Invoices'];

export const AccountBalanceQuery = z.object({
  /** One of the user's accounts; all of them when absent. */
  Acctnum: z
    .string()
    .regex(/^\d{1,10}$/, 'must be an account number.')
    .optional(),
});

/** An owed invoice (paystatus 0 not paid, or 3 part paid) as the home lists it. */
export const OwedInvoiceRow = z.object({
  Invnum: z.number().int(),
  Ordnum: z.number().int().nullable(),
  InvDate: z.string(),
  DueDate: z.string().nullable(),
  invamt: z.string(),
  balance: z.string(),
  paystatus: z.number().int(),
});

/**
 * What the account owes, by the one definition (packages/domain account-balance.ts): the owed invoices'
 * balances less the open credits. Amounts are cents strings.
 */
export const AccountBalanceResponse = z.object({
  invoicesDue: z.string(),
  invoiceCount: z.number().int(),
  creditsOpen: z.string(),
  totalDue: z.string(),
  /** The oldest owed invoices (by invoice date), at most 5. */
  oldest: z.array(OwedInvoiceRow),
});
export type AccountBalanceResponse = z.infer<typeof AccountBalanceResponse>;

/** The signed-in user's balance: the home's "Total balance due" (issue 31). */
export const balanceContract = {
  balance: defineRoute({
    method: 'GET',
    path: '/api/account/balance',
    tags,
    summary: 'What the account owes: owed invoices (not paid or part paid) less open credits',
    right: 'prices',
    query: AccountBalanceQuery,
    response: { 200: AccountBalanceResponse, ...errors },
  }),
};
