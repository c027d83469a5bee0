import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { type AuditActor, recordAuditMany } from '../audit/audit.service.ts';
import { orderItems, orders } from './orders.tables.ts';

/**
 * The orders' side of the ERP connection (docs/decisions/015): the ERP takes the orders not yet synced
 * (`synced = 0`), then marks them — two calls, so an answer lost on the way loses no order.
 */

/** Orders not yet taken by the ERP (synced = 0), oldest first, with their items. */
export async function ordersForErp(db: Db, limit: number) {
  const heads = await db
    .select()
    .from(orders)
    .where(eq(orders.synced, 0))
    .orderBy(asc(orders.ordnum))
    .limit(limit);
  if (heads.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.ordnum,
        heads.map((h) => h.ordnum),
      ),
    )
    .orderBy(asc(orderItems.ordnum), asc(orderItems.seqnum));
  return heads.map((o) => ({
    ordnum: o.ordnum,
    acctnum: o.acctnum,
    location: o.location,
    ord_date: o.ordDate.toISOString(),
    cust_po: o.custPo,
    shipvia: o.shipvia,
    terms: o.terms,
    ship_company: o.shipCompany,
    ship_address1: o.shipAddress1,
    ship_address2: o.shipAddress2,
    ship_city: o.shipCity,
    ship_state: o.shipState,
    ship_zip: o.shipZip,
    item_total: o.itemTotal,
    discount: o.discount,
    tax: o.tax,
    shipping: o.shipping,
    inv_total: o.invTotal,
    items: items
      .filter((i) => i.ordnum === o.ordnum)
      .map((i) => ({
        seqnum: i.seqnum,
        code: i.code,
        description: i.description,
        pcode: i.pcode,
        qty: i.qty,
        footage: i.footage,
        unit_price: i.unitPrice,
        tot_price: i.totPrice,
        instructions: i.instructions,
      })),
  }));
}

/** Marks orders as taken by the ERP, audited, in one transaction; orders already marked are counted, not changed. */
export async function markSyncedForErp(db: Db, ordnums: number[], actor: AuditActor) {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(orders)
      .set({ synced: 1 })
      .where(and(inArray(orders.ordnum, ordnums), eq(orders.synced, 0)))
      .returning({ ordnum: orders.ordnum });
    await recordAuditMany(
      tx,
      actor,
      changed.map((o) => ({
        action: 'order.synced',
        entity: 'order',
        entityId: o.ordnum,
        before: { synced: 0 },
        after: { synced: 1 },
      })),
    );
    return { marked: changed.length, already: new Set(ordnums).size - changed.length };
  });
}
