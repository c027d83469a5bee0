import type { ErpPayment } from '@mitrebox/api-contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { type AuditActor, type AuditChange, recordAuditMany } from '../audit/audit.service.ts';
import { chunks, day, lockInvoices, money, noneStored, type StoredCounts, settle } from './erp-rows.ts';
import { invoicePayments } from './invoices.tables.ts';

/**
 * Stores the ERP's payment lines inside the caller's transaction (the ERP's file import, all or none), keyed by
 * (invnum, seqnum): a new line is inserted, a changed one updated, an identical one left; then the paid
 * invoices' payamt, balance and paystatus follow and each change is audited. Checked rows only (every invoice
 * exists, keys unique).
 */
export async function storeErpPayments(
  tx: Queryable,
  list: ErpPayment[],
  actor: AuditActor,
): Promise<StoredCounts> {
  const counts = noneStored();
  const audit: AuditChange[] = [];
  const touched = new Set<number>();
  const invs = await lockInvoices(
    tx,
    list.map((p) => p.invnum),
  );
  const lines = new Map<string, typeof invoicePayments.$inferSelect>();
  for (const part of chunks([...invs.keys()]))
    for (const l of await tx.select().from(invoicePayments).where(inArray(invoicePayments.invnum, part)))
      lines.set(`${l.invnum}/${l.seqnum}`, l);
  const inserts: (typeof invoicePayments.$inferInsert)[] = [];
  for (const p of list) {
    const inv = invs.get(p.invnum)!;
    const old = lines.get(`${p.invnum}/${p.seqnum}`);
    const row = { tranDate: day(p.tran_date), payAmt: money(p.amount), invAmt: inv.invamt };
    if (old && old.payAmt === row.payAmt && old.tranDate.getTime() === row.tranDate.getTime()) {
      counts.unchanged++;
      continue;
    }
    if (old) {
      await tx
        .update(invoicePayments)
        .set(row)
        .where(and(eq(invoicePayments.invnum, p.invnum), eq(invoicePayments.seqnum, p.seqnum)));
      counts.updated++;
    } else {
      inserts.push({ invnum: p.invnum, seqnum: p.seqnum, ...row });
      counts.created++;
    }
    touched.add(p.invnum);
    audit.push({
      action: old ? 'payment.update' : 'payment.create',
      entity: 'invoice_payment',
      entityId: `${p.invnum}/${p.seqnum}`,
      before: old ? { tranDate: old.tranDate, payAmt: old.payAmt } : null,
      after: { tranDate: row.tranDate, payAmt: row.payAmt },
    });
  }
  for (const part of chunks(inserts)) await tx.insert(invoicePayments).values(part);
  await settle(tx, [...touched]);
  await recordAuditMany(tx, actor, audit);
  return counts;
}
