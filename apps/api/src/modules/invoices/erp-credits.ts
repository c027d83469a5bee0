import type { ErpCredit } from '@mitrebox/api-contract';
import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { type AuditActor, type AuditChange, recordAuditMany } from '../audit/audit.service.ts';
import { chunks, day, money, noneStored, type StoredCounts } from './erp-rows.ts';
import { credits } from './invoices.tables.ts';

/**
 * Stores the ERP's open credits inside the caller's transaction (the ERP's file import, all or none), keyed by
 * invnum: a new credit is inserted, a changed one updated, an identical one left; each change is audited.
 * Checked rows only (every account exists, numbers unique, the part used within the credit).
 */
export async function storeErpCredits(
  tx: Queryable,
  list: ErpCredit[],
  actor: AuditActor,
): Promise<StoredCounts> {
  const counts = noneStored();
  const audit: AuditChange[] = [];
  const olds = new Map<number, typeof credits.$inferSelect>();
  for (const part of chunks(list.map((c) => c.invnum)))
    for (const c of await tx.select().from(credits).where(inArray(credits.invnum, part)).for('update'))
      olds.set(c.invnum, c);
  const inserts: (typeof credits.$inferInsert)[] = [];
  for (const c of list) {
    const old = olds.get(c.invnum);
    // stored as the account area shows credits: negative amounts (the document's are 0 or more)
    const row = {
      acctnum: c.acctnum,
      tranDate: day(c.tran_date),
      invamt: money(-Number(c.invamt)),
      payamt: money(-Number(c.payamt)),
      balance: money(Number(c.payamt) - Number(c.invamt)),
    };
    if (
      old &&
      old.acctnum === row.acctnum &&
      old.tranDate.getTime() === row.tranDate.getTime() &&
      old.invamt === row.invamt &&
      old.payamt === row.payamt
    ) {
      counts.unchanged++;
      continue;
    }
    if (old) {
      await tx.update(credits).set(row).where(eq(credits.invnum, c.invnum));
      counts.updated++;
    } else {
      inserts.push({ invnum: c.invnum, ...row });
      counts.created++;
    }
    audit.push({
      action: old ? 'credit.update' : 'credit.create',
      entity: 'credit',
      entityId: c.invnum,
      before: old ?? null,
      after: row,
    });
  }
  for (const part of chunks(inserts)) await tx.insert(credits).values(part);
  await recordAuditMany(tx, actor, audit);
  return counts;
}
