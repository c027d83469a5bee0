import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { dayRange, documentOrAccount, type ListQuery } from '../../platform/listing.ts';
import { invoicePayments, invoices } from './invoices.tables.ts';

const INVOICE_SORT = {
  invnum: invoices.invnum,
  acctnum: invoices.acctnum,
  invDate: invoices.invDate,
  invamt: invoices.invamt,
  balance: invoices.balance,
  paystatus: invoices.paystatus,
} as const;

const cents = (v: string | number) => Math.round(Number(v) * 100);
const dollars = (c: number) => (c / 100).toFixed(2);

/** Invoices of every account for the back office: server-paged, sorted, searched by account, number and date. */
export async function listInvoicesForStaff(db: Queryable, query: ListQuery) {
  const where = and(
    ...documentOrAccount(query.q, invoices.invnum, invoices.acctnum),
    ...(query.acctnum ? [eq(invoices.acctnum, query.acctnum)] : []),
    ...dayRange(invoices.invDate, query.from, query.to),
  );
  const column = INVOICE_SORT[(query.sort ?? 'invDate') as keyof typeof INVOICE_SORT] ?? invoices.invDate;
  const order = query.dir === 'asc' ? asc(column) : desc(column);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        invnum: invoices.invnum,
        ordnum: invoices.ordnum,
        acctnum: invoices.acctnum,
        invDate: invoices.invDate,
        invamt: invoices.invamt,
        payamt: invoices.payamt,
        balance: invoices.balance,
        paystatus: invoices.paystatus,
      })
      .from(invoices)
      .where(where)
      .orderBy(order, desc(invoices.invnum))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(invoices).where(where),
  ]);
  return {
    total: Number(total),
    page: query.page,
    perPage: query.perPage,
    rows: rows.map((r) => ({ ...r, invDate: r.invDate.toISOString() })),
  };
}

/** One invoice of any account (the back office), or undefined. */
export async function invoiceForStaff(db: Queryable, invnum: number) {
  const [inv] = await db.select().from(invoices).where(eq(invoices.invnum, invnum)).limit(1);
  return inv
    ? {
        invnum: inv.invnum,
        ordnum: inv.ordnum,
        acctnum: inv.acctnum,
        invDate: inv.invDate.toISOString(),
        invamt: inv.invamt,
        payamt: inv.payamt,
        balance: inv.balance,
        paystatus: inv.paystatus,
      }
    : undefined;
}

export interface InvoiceMoney {
  payamt: string;
  balance: string;
  paystatus: number;
}

/**
 * Takes back (part of) a card payment from an invoice — a refund or void: payment amount down, balance up,
 * paystatus 1 (paid), 0 (nothing paid) or 3 (paid in part), and a negative row in its Payments table. Locks
 * the invoice; answers it before and after (the audit entry's), or null when the invoice is gone.
 */
export async function reverseInvoicePayment(
  tx: Queryable,
  p: { invnum: number; amount: string; paymentId: number; at: Date },
): Promise<{ before: InvoiceMoney; after: InvoiceMoney } | null> {
  const [inv] = await tx.select().from(invoices).where(eq(invoices.invnum, p.invnum)).for('update').limit(1);
  if (!inv) return null;
  const payamt = cents(inv.payamt) - cents(p.amount);
  const balance = cents(inv.balance) + cents(p.amount);
  const after: InvoiceMoney = {
    payamt: dollars(Math.max(payamt, 0)),
    balance: dollars(balance),
    paystatus: balance <= 0 ? 1 : payamt <= 0 ? 0 : 3,
  };
  await tx.update(invoices).set(after).where(eq(invoices.invnum, inv.invnum));
  const [seq] = await tx
    .select({ next: sql<number>`coalesce(max(${invoicePayments.seqnum}), 0)::int + 1` })
    .from(invoicePayments)
    .where(eq(invoicePayments.invnum, inv.invnum));
  await tx.insert(invoicePayments).values({
    invnum: inv.invnum,
    seqnum: Number(seq?.next ?? 1),
    tranDate: p.at,
    invAmt: inv.invamt,
    payAmt: `-${p.amount}`,
    paymentId: p.paymentId,
  });
  return { before: { payamt: inv.payamt, balance: inv.balance, paystatus: inv.paystatus }, after };
}
