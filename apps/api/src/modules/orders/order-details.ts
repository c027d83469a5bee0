import type { Order } from '@mitrebox/api-contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { invoiceNumbersOfOrder } from '../invoices/invoices.service.ts';
import { lineItemOf, warehouseOf } from './line-items.ts';
import { orderItems, orders } from './orders.tables.ts';

/** An order with its items and invoice numbers, when it belongs to one of `acctnums`. */
export async function loadOrder(
  q: Queryable,
  catalogue: CatalogueService,
  ordnum: number,
  acctnums: string[],
): Promise<Order | undefined> {
  if (acctnums.length === 0) return undefined;
  const [o] = await q
    .select()
    .from(orders)
    .where(and(eq(orders.ordnum, ordnum), inArray(orders.acctnum, acctnums)))
    .limit(1);
  if (!o) return undefined;
  const items = await q
    .select()
    .from(orderItems)
    .where(eq(orderItems.ordnum, ordnum))
    .orderBy(asc(orderItems.seqnum));
  const invoiceNumbers = await invoiceNumbersOfOrder(q, ordnum);
  const num = (v: string | null) => (v === null ? null : Number(v));
  return {
    Ordnum: o.ordnum,
    Invnum: invoiceNumbers[0] ?? null,
    InvoiceNumbers: invoiceNumbers,
    synced: o.synced,
    OrdDate: o.ordDate.toISOString(),
    DueDate: o.dueDate?.toISOString() ?? null,
    Acctnum: o.acctnum,
    ShipCompany: o.shipCompany,
    ShipAddress1: o.shipAddress1,
    ShipAddress2: o.shipAddress2,
    ShipCity: o.shipCity,
    ShipState: o.shipState,
    ShipZip: o.shipZip,
    Terms: o.terms,
    Shipvia: o.shipvia,
    Sls: o.sls,
    PayBy: o.payBy,
    CustPo: o.custPo,
    Operator: o.operator,
    ItemTotal: o.itemTotal,
    InvTotal: o.invTotal,
    DiscRate: o.discRate,
    Discount: o.discount,
    Tax: o.tax,
    Shipping: o.shipping,
    ShipCost: o.shipCost,
    Packing: o.packing,
    location: warehouseOf(await catalogue.locations(q), o.location),
    items: items.map((it) => ({
      ...lineItemOf(it),
      Location: it.location,
      Backorder: it.backorder,
      ShipQty: num(it.shipQty),
      BackorderQty: num(it.backorderQty),
      CancelledQty: num(it.cancelledQty),
    })),
  };
}
