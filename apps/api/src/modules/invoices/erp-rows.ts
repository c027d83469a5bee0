import { eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { invoicePayments, invoices } from './invoices.tables.ts';

/**
 * How the invoices' tables keep what the ERP sends (docs/decisions/015): amounts as the database writes them,
 * days as instants, rows read or written 1,000 a statement; and the invoice's payment state, which follows its
 * payment lines.
 */

/** 12.5 → "12.50"; the database's form of an amount, for comparing. */
export const money = (v: string | number) => Number(v).toFixed(2);
/** "2026-03-01" is that day at 00:00 UTC; a date with a time is that instant. */
export const day = (v: string) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v);

/** Rows read or written together (one statement each). */
const CHUNK = 1000;
export function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** How many rows of a file were new, changed and already as stored. */
export interface StoredCounts {
  created: number;
  updated: number;
  unchanged: number;
}
export const noneStored = (): StoredCounts => ({ created: 0, updated: 0, unchanged: 0 });

/** paystatus of an invoice (invoices.tables.ts): 4 credit, 1 paid, 3 part paid, 0 not paid. */
function payStatus(invamt: string, payamt: string): number {
  if (Number(invamt) < 0) return 4;
  const balance = Number(invamt) - Number(payamt);
  if (balance <= 0.004) return Number(invamt) === 0 && Number(payamt) === 0 ? 0 : 1;
  return Number(payamt) > 0 ? 3 : 0;
}

/** The numbers among `invnums` that are invoices of the shop. */
export async function existingInvoiceNumbers(db: Queryable, invnums: number[]): Promise<Set<number>> {
  if (invnums.length === 0) return new Set();
  const rows = await db
    .select({ n: invoices.invnum })
    .from(invoices)
    .where(inArray(invoices.invnum, invnums));
  return new Set(rows.map((r) => r.n));
}

/** Invoices of the file, locked for the transaction, by number. */
export async function lockInvoices(tx: Queryable, invnums: number[]) {
  const found = new Map<number, typeof invoices.$inferSelect>();
  for (const part of chunks([...new Set(invnums)]))
    for (const inv of await tx.select().from(invoices).where(inArray(invoices.invnum, part)).for('update'))
      found.set(inv.invnum, inv);
  return found;
}

/**
 * Re-adds the payments of invoices: payamt, balance and paystatus follow their payment lines. Two statements
 * per 1,000 invoices (the sums, then one update from a JSON record set).
 */
export async function settle(tx: Queryable, invnums: number[]) {
  for (const part of chunks([...new Set(invnums)])) {
    const sums = await tx
      .select({
        invnum: invoices.invnum,
        invamt: invoices.invamt,
        paid: sql<string>`coalesce(sum(${invoicePayments.payAmt}), 0)::numeric(12,2)::text`,
      })
      .from(invoices)
      .leftJoin(invoicePayments, eq(invoicePayments.invnum, invoices.invnum))
      .where(inArray(invoices.invnum, part))
      .groupBy(invoices.invnum, invoices.invamt);
    const updates = sums.map((r) => {
      const payamt = money(r.paid);
      return {
        invnum: r.invnum,
        payamt,
        balance: money(Number(r.invamt) - Number(payamt)),
        paystatus: payStatus(r.invamt, payamt),
      };
    });
    await tx.execute(sql`update ${invoices} set payamt = u.payamt, balance = u.balance, paystatus = u.paystatus
        from json_to_recordset(${JSON.stringify(updates)}::json)
          as u(invnum integer, payamt numeric, balance numeric, paystatus integer)
        where ${invoices.invnum} = u.invnum`);
  }
}
