import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { invoices } from './invoices.tables.ts';

/** Invoice numbers billed for an order, oldest first. */
export async function invoiceNumbersOfOrder(db: Queryable, ordnum: number): Promise<number[]> {
  const rows = await db
    .select({ invnum: invoices.invnum })
    .from(invoices)
    .where(eq(invoices.ordnum, ordnum))
    .orderBy(asc(invoices.invnum));
  return rows.map((r) => r.invnum);
}
