import type { ErpInvoice } from '@mitrebox/api-contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { type AuditActor, type AuditChange, recordAuditMany } from '../audit/audit.service.ts';
import { chunks, day, lockInvoices, money, noneStored, type StoredCounts, settle } from './erp-rows.ts';
import { invoiceItems, invoices } from './invoices.tables.ts';

type ItemRow = typeof invoiceItems.$inferSelect;

/** The invoice's header as the table keeps it (not its number, payments or balance). */
function headOf(inv: ErpInvoice) {
  return {
    ordnum: inv.ordnum ?? null,
    acctnum: inv.acctnum,
    location: inv.location,
    invDate: day(inv.inv_date),
    dueDate: inv.due_date ? day(inv.due_date) : null,
    terms: inv.terms ?? null,
    shipvia: inv.shipvia ?? null,
    tracking: inv.tracking ?? null,
    sls: inv.sls ?? null,
    payBy: inv.pay_by ?? null,
    custPo: inv.cust_po ?? null,
    operator: inv.operator ?? null,
    shipCompany: inv.ship_company ?? null,
    shipAddress1: inv.ship_address1 ?? null,
    shipAddress2: inv.ship_address2 ?? null,
    shipCity: inv.ship_city ?? null,
    shipState: inv.ship_state ?? null,
    shipZip: inv.ship_zip ?? null,
    itemTotal: money(inv.item_total),
    discRate: money(inv.disc_rate ?? 0),
    discount: money(inv.discount ?? 0),
    tax: money(inv.tax ?? 0),
    shipping: money(inv.shipping ?? 0),
    shipCost: money(inv.ship_cost ?? 0),
    packing: money(inv.packing ?? 0),
    invamt: money(inv.invamt),
  };
}

/** The invoice's items as the table keeps them, by line number. */
function itemsOf(inv: ErpInvoice) {
  return inv.items
    .map((it) => ({
      invnum: inv.invnum,
      seqnum: it.seqnum,
      code: it.code,
      description: it.description ?? null,
      description1: it.description1 ?? null,
      pcode: it.pcode ?? null,
      qty: money(it.qty),
      shipped: money(it.shipped),
      footage: it.footage == null ? null : money(it.footage),
      unitPrice: money(it.unit_price),
      totPrice: money(it.tot_price),
      calcJoin: money(it.calc_join ?? 0),
      hInt: it.h_int ?? null,
      hFrac: it.h_frac ?? null,
      wInt: it.w_int ?? null,
      wFrac: it.w_frac ?? null,
      sizeCode: it.size_code ?? null,
      instructions: it.instructions ?? null,
    }))
    .sort((a, b) => a.seqnum - b.seqnum);
}

/** Whether the stored invoice already says what the file says (its header's fields and its items). */
function sameInvoice(
  old: Record<string, unknown>,
  oldItems: Record<string, unknown>[],
  head: Record<string, unknown>,
  items: Record<string, unknown>[],
) {
  const comparableHead = (h: Record<string, unknown>) =>
    JSON.stringify(
      Object.keys(head).map((k) => (h[k] instanceof Date ? (h[k] as Date).toISOString() : (h[k] ?? null))),
    );
  const itemKeys = Object.keys(items[0] ?? {}).filter((k) => k !== 'invnum');
  const comparableItems = (list: Record<string, unknown>[]) =>
    JSON.stringify(list.map((i) => itemKeys.map((k) => i[k] ?? null)));
  return comparableHead(old) === comparableHead(head) && comparableItems(oldItems) === comparableItems(items);
}

/** The stored items of invoices, by invoice number. */
async function itemsByInvoice(tx: Queryable, invnums: number[]) {
  const itemsOfInvoice = new Map<number, ItemRow[]>();
  for (const part of chunks(invnums))
    for (const it of await tx
      .select()
      .from(invoiceItems)
      .where(inArray(invoiceItems.invnum, part))
      .orderBy(asc(invoiceItems.invnum), asc(invoiceItems.seqnum))) {
      const had = itemsOfInvoice.get(it.invnum);
      if (had) had.push(it);
      else itemsOfInvoice.set(it.invnum, [it]);
    }
  return itemsOfInvoice;
}

/**
 * Stores the ERP's invoices inside the caller's transaction (the ERP's file import, all or none): a new number
 * is inserted, a changed invoice replaced with its items, an identical one left; then the balances follow the
 * payments and each change is audited. Checked rows only (accounts and locations exist, numbers unique).
 */
export async function storeErpInvoices(
  tx: Queryable,
  list: ErpInvoice[],
  actor: AuditActor,
): Promise<StoredCounts> {
  const counts = noneStored();
  const audit: AuditChange[] = [];
  const olds = await lockInvoices(
    tx,
    list.map((r) => r.invnum),
  );
  const oldItemsOf = await itemsByInvoice(tx, [...olds.keys()]);
  const newHeads: (typeof invoices.$inferInsert)[] = [];
  const newItems: (typeof invoiceItems.$inferInsert)[] = [];
  const replaced: number[] = [];
  for (const inv of list) {
    const old = olds.get(inv.invnum);
    const oldItems = oldItemsOf.get(inv.invnum) ?? [];
    const head = headOf(inv);
    const items = itemsOf(inv);
    if (old && sameInvoice(old, oldItems, head, items)) {
      counts.unchanged++;
      continue;
    }
    if (old) {
      // changed heads are few (an ERP re-sends an invoice it corrected): one statement each
      await tx.update(invoices).set(head).where(eq(invoices.invnum, inv.invnum));
      replaced.push(inv.invnum);
      counts.updated++;
    } else {
      newHeads.push({ invnum: inv.invnum, ...head, payamt: '0.00', balance: head.invamt });
      counts.created++;
    }
    newItems.push(...items);
    audit.push({
      action: old ? 'invoice.update' : 'invoice.create',
      entity: 'invoice',
      entityId: inv.invnum,
      before: old ? { ...old, items: oldItems.map(({ invnum: _, ...i }) => i) } : null,
      after: { ...head, items: items.map(({ invnum: _, ...i }) => i) },
    });
  }
  for (const part of chunks(replaced))
    await tx.delete(invoiceItems).where(inArray(invoiceItems.invnum, part));
  for (const part of chunks(newHeads, 500)) await tx.insert(invoices).values(part);
  for (const part of chunks(newItems, 1000)) await tx.insert(invoiceItems).values(part);
  await settle(
    tx,
    audit.map((a) => a.entityId as number),
  );
  await recordAuditMany(tx, actor, audit);
  return counts;
}
