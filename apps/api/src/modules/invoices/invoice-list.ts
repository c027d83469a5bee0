import { count, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { invoices } from './invoices.tables.ts';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** An account's invoices and credit memos, newest first, a page at a time (the point-of-sale API reads them). */
export async function invoicesOfAccount(db: Queryable, acctnum: string, page: number, perPage: number) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(eq(invoices.acctnum, acctnum))
      .orderBy(desc(invoices.invDate), desc(invoices.invnum))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(invoices).where(eq(invoices.acctnum, acctnum)),
  ]);
  return {
    total,
    data: rows.map((i) => ({
      invnum: i.invnum,
      ordnum: i.ordnum,
      inv_date: i.invDate.toISOString(),
      due_date: iso(i.dueDate),
      location: i.location,
      cust_po: i.custPo,
      invamt: i.invamt,
      payamt: i.payamt,
      balance: i.balance,
      paystatus: i.paystatus,
      tracking: i.tracking,
    })),
  };
}
