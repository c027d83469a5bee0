import type { Invoice, LocationRow } from '@mitrebox/api-contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Queryable, queryRows } from '../../platform/db.ts';
import { lineItemOf, warehouseOf } from '../orders/line-items.ts';
import { credits, invoiceItems, invoicePayments, invoices } from './invoices.tables.ts';

/** Invoice numbers billed for an order, oldest first. */
export async function invoiceNumbersOfOrder(db: Queryable, ordnum: number): Promise<number[]> {
  const rows = await db
    .select({ invnum: invoices.invnum })
    .from(invoices)
    .where(eq(invoices.ordnum, ordnum))
    .orderBy(asc(invoices.invnum));
  return rows.map((r) => r.invnum);
}

/** One invoice of the given accounts with its items and payments; undefined when it is not theirs. */
export async function invoiceDetails(
  db: Queryable,
  invnum: number,
  acctnums: string[],
  locationsList: z.infer<typeof LocationRow>[],
): Promise<Invoice | undefined> {
  if (acctnums.length === 0) return undefined;
  const [v] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.invnum, invnum), inArray(invoices.acctnum, acctnums)))
    .limit(1);
  if (!v) return undefined;
  const items = await db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invnum, invnum))
    .orderBy(asc(invoiceItems.seqnum));
  const payments = await db
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.invnum, invnum))
    .orderBy(asc(invoicePayments.seqnum));
  return {
    Ordnum: v.ordnum ?? 0,
    Invnum: v.invnum,
    InvDate: v.invDate.toISOString(),
    synced: 1,
    OrdDate: v.invDate.toISOString(),
    DueDate: v.dueDate?.toISOString() ?? null,
    Acctnum: v.acctnum,
    ShipCompany: v.shipCompany,
    ShipAddress1: v.shipAddress1,
    ShipAddress2: v.shipAddress2,
    ShipCity: v.shipCity,
    ShipState: v.shipState,
    ShipZip: v.shipZip,
    Terms: v.terms,
    Shipvia: v.shipvia,
    Sls: v.sls,
    PayBy: v.payBy,
    CustPo: v.custPo,
    Operator: v.operator,
    ItemTotal: v.itemTotal,
    InvTotal: v.invamt,
    DiscRate: v.discRate,
    Discount: v.discount,
    Tax: v.tax,
    Shipping: v.shipping,
    ShipCost: v.shipCost,
    Packing: v.packing,
    location: warehouseOf(locationsList, v.location),
    invamt: v.invamt,
    payamt: v.payamt,
    balance: v.balance,
    paystatus: v.paystatus,
    payments: payments.map((p) => ({
      SeqNum: p.seqnum,
      TranDate: p.tranDate.toISOString(),
      InvAmt: p.invAmt,
      PayAmt: p.payAmt,
    })),
    invoice_items: items.map((it) => ({ ...lineItemOf(it), Shipped: Number(it.shipped) })),
  };
}

/** Open credits of the accounts (account-area §2 Credits), newest first, with the days each has been open. */
export async function accountCredits(db: Queryable, acctnums: string[]) {
  if (acctnums.length === 0) return [];
  const rows = await db
    .select({
      invnum: credits.invnum,
      tranDate: credits.tranDate,
      invamt: credits.invamt,
      payamt: credits.payamt,
      balance: credits.balance,
      daysOpen: sql<number>`greatest(0, (current_date - (${credits.tranDate})::date))::int`,
    })
    .from(credits)
    .where(inArray(credits.acctnum, acctnums))
    .orderBy(desc(credits.tranDate), desc(credits.invnum));
  return rows.map((r) => ({
    Invnum: r.invnum,
    TranDate: r.tranDate.toISOString(),
    days_open: Number(r.daysOpen),
    invamt: r.invamt,
    payamt: r.payamt,
    balance: r.balance,
  }));
}

export interface PayableInvoice {
  invnum: number;
  acctnum: string;
  invamt: string;
  payamt: string;
  balance: string;
  paystatus: number;
}

/**
 * Invoices of the accounts, locked for a payment (FOR UPDATE) inside the caller's transaction, so two
 * payments of one invoice are applied one after the other. Invoices not of these accounts are left out.
 */
export async function lockInvoicesForPayment(
  tx: Queryable,
  invnums: number[],
  acctnums: string[],
): Promise<PayableInvoice[]> {
  if (invnums.length === 0 || acctnums.length === 0) return [];
  return tx
    .select({
      invnum: invoices.invnum,
      acctnum: invoices.acctnum,
      invamt: invoices.invamt,
      payamt: invoices.payamt,
      balance: invoices.balance,
      paystatus: invoices.paystatus,
    })
    .from(invoices)
    .where(and(inArray(invoices.invnum, invnums), inArray(invoices.acctnum, acctnums)))
    .orderBy(asc(invoices.invnum))
    .for('update');
}

/**
 * The statement lockInvoicesForPayment runs for one invoice (its row FOR UPDATE; balance as text), to be a
 * CTE of a caller's statement that does something else once the lock is held (make-payment.ts).
 */
export const lockInvoiceForPaymentQuery = (invnum: number, acctnum: string) =>
  sql`select invnum, acctnum, invamt::text as invamt, payamt::text as payamt, balance::text as balance, paystatus
    from ${invoices} where invnum = ${invnum} and acctnum = ${acctnum} for update`;

/**
 * Applies a card payment to a locked invoice: payment amount and balance move by the amount, paystatus
 * becomes 1 (paid) at a zero balance and 3 (shown with a balance) otherwise, and the invoice's Payments table
 * gets its row. Answers the new balance and paystatus. One statement: the caller holds the invoice's lock
 * (lockInvoicesForPayment, an earlier statement), so this statement's snapshot already sees every Payments row
 * committed before it — the next sequence number cannot be taken twice.
 */
export async function applyInvoicePayment(
  tx: Queryable,
  p: { invnum: number; amount: string; paymentId: number; at: Date },
  /**
   * A statement to run with it (a CTE of the same statement), given the new balance (text) and paystatus as SQL:
   * the card payment keeps its answer under its Idempotency-Key this way, without a round trip of its own.
   */
  also?: (applied: { balance: SQL; paystatus: SQL }) => SQL,
): Promise<{ balance: string; paystatus: number }> {
  const alsoRun = also?.({
    balance: sql`(select balance::text from applied)`,
    paystatus: sql`(select paystatus from applied)`,
  });
  const [row] = await queryRows<{ balance: string; paystatus: number }>(
    tx,
    sql`with applied as (
        update ${invoices} set payamt = payamt + ${p.amount}::numeric,
          balance = greatest(balance - ${p.amount}::numeric, 0),
          paystatus = case when balance - ${p.amount}::numeric <= 0 then 1 else 3 end
        where invnum = ${p.invnum}
        returning balance, paystatus, invamt),
      line as (
        insert into ${invoicePayments} (invnum, seqnum, tran_date, inv_amt, pay_amt, payment_id)
        select ${p.invnum}::int,
          coalesce((select max(seqnum) from ${invoicePayments} where invnum = ${p.invnum}), 0) + 1,
          ${p.at.toISOString()}::timestamptz, applied.invamt, ${p.amount}::numeric, ${p.paymentId}::int
        from applied
        returning seqnum)${alsoRun ? sql`, also as (${alsoRun})` : sql``}
      select balance::text as balance, paystatus from applied`,
  );
  if (!row) throw new Error(`invoice ${p.invnum} to apply a payment to was not found`);
  return { balance: row.balance, paystatus: Number(row.paystatus) };
}
