import type { contract } from '@mitrebox/api-contract';
import { accountBalance, PAYSTATUS } from '@mitrebox/domain';
import { and, asc, gt, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { credits, invoices } from './invoices.tables.ts';

type AccountBalanceResponse = z.infer<(typeof contract.balance.balance.response)[200]>;

/** How many of the oldest owed invoices the answer lists (the home shows four). */
const OLDEST = 5;

/**
 * What the accounts owe (issue 31): their owed invoices — not paid or part paid, with a balance — and their
 * open credits, summed by the one definition (accountBalance of @mitrebox/domain), with the oldest invoices.
 * Credits are the credits table's rows (the ERP's open credits, kept negative); a credit memo invoice
 * (paystatus 4) is never owed, so nothing is counted twice.
 */
export async function balanceOfAccounts(db: Queryable, acctnums: string[]): Promise<AccountBalanceResponse> {
  if (acctnums.length === 0) return { ...accountBalance([], []), oldest: [] };
  const owed = await db
    .select({
      Invnum: invoices.invnum,
      Ordnum: invoices.ordnum,
      invDate: invoices.invDate,
      dueDate: invoices.dueDate,
      invamt: invoices.invamt,
      balance: invoices.balance,
      paystatus: invoices.paystatus,
    })
    .from(invoices)
    .where(
      and(
        inArray(invoices.acctnum, acctnums),
        inArray(invoices.paystatus, [PAYSTATUS.notPaid, PAYSTATUS.balance]),
        gt(invoices.balance, '0'),
      ),
    )
    .orderBy(asc(invoices.invDate), asc(invoices.invnum));
  const open = await db
    .select({ balance: credits.balance })
    .from(credits)
    .where(inArray(credits.acctnum, acctnums));
  return {
    ...accountBalance(owed, open),
    oldest: owed.slice(0, OLDEST).map((i) => ({
      Invnum: i.Invnum,
      Ordnum: i.Ordnum,
      InvDate: i.invDate.toISOString(),
      DueDate: i.dueDate?.toISOString() ?? null,
      invamt: i.invamt,
      balance: i.balance,
      paystatus: i.paystatus,
    })),
  };
}
