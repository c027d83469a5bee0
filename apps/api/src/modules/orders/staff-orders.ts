import type { StaffOrderResponse, StaffOrderStatus } from '@mitrebox/api-contract';
import { formatSixteenths } from '@mitrebox/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { dayRange, documentOrAccount, type ListQuery } from '../../platform/listing.ts';
import { invoiceNumbersOfOrder } from '../invoices/invoices.service.ts';
import { orderItems, orders } from './orders.tables.ts';

/** An order's state for staff: invoiced (has an invoice), synced (taken by the ERP), else pending. */
const status = sql<StaffOrderStatus>`case
  when exists (select 1 from invoices iv where iv.ordnum = "orders"."ordnum") then 'invoiced'
  when "orders"."synced" = 1 then 'synced' else 'pending' end`;
/** The account's company (the accounts module's table, read by name: a module imports no other's tables). */
const company = sql<string | null>`(select a.company from accounts a where a.acctnum = "orders"."acctnum")`;

const ORDER_SORT = {
  ordnum: orders.ordnum,
  acctnum: orders.acctnum,
  ordDate: orders.ordDate,
  custPo: orders.custPo,
  invTotal: orders.invTotal,
  status,
} as const;

/** Orders of every account for the back office: server-paged, sorted, searched by account, number and date. */
export async function listOrdersForStaff(db: Queryable, query: ListQuery) {
  const where = and(
    ...documentOrAccount(query.q, orders.ordnum, orders.acctnum),
    ...(query.acctnum ? [eq(orders.acctnum, query.acctnum)] : []),
    ...dayRange(orders.ordDate, query.from, query.to),
  );
  const column = ORDER_SORT[(query.sort ?? 'ordDate') as keyof typeof ORDER_SORT] ?? orders.ordDate;
  const order = query.dir === 'asc' ? asc(column) : desc(column);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        ordnum: orders.ordnum,
        acctnum: orders.acctnum,
        ordDate: orders.ordDate,
        location: orders.location,
        custPo: orders.custPo,
        itemTotal: orders.itemTotal,
        company,
        status,
        invTotal: orders.invTotal,
      })
      .from(orders)
      .where(where)
      .orderBy(order, desc(orders.ordnum))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return {
    total: Number(total),
    page: query.page,
    perPage: query.perPage,
    rows: rows.map((r) => ({ ...r, ordDate: r.ordDate.toISOString() })),
  };
}

const inches = (whole: number | null, sixteenths: number | null) =>
  formatSixteenths((whole ?? 0) * 16 + (sixteenths ?? 0));

/** One order of any account with its lines and invoice numbers (the back office's order screen). */
export async function orderForStaff(db: Queryable, ordnum: number): Promise<StaffOrderResponse | undefined> {
  const [row] = await db
    .select({ o: orders, company, status })
    .from(orders)
    .where(eq(orders.ordnum, ordnum))
    .limit(1);
  if (!row) return undefined;
  const { o } = row;
  const [lines, invoiceNumbers] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.ordnum, ordnum)).orderBy(asc(orderItems.seqnum)),
    invoiceNumbersOfOrder(db, ordnum),
  ]);
  return {
    ordnum: o.ordnum,
    acctnum: o.acctnum,
    company: row.company,
    status: row.status,
    ordDate: o.ordDate.toISOString(),
    dueDate: o.dueDate?.toISOString() ?? null,
    location: o.location,
    custPo: o.custPo,
    terms: o.terms,
    shipvia: o.shipvia,
    operator: o.operator,
    shipTo: {
      company: o.shipCompany,
      address1: o.shipAddress1,
      address2: o.shipAddress2,
      city: o.shipCity,
      state: o.shipState,
      zip: o.shipZip,
    },
    itemTotal: o.itemTotal,
    discount: o.discount,
    tax: o.tax,
    shipping: o.shipping,
    packing: o.packing,
    invTotal: o.invTotal,
    invoiceNumbers,
    lines: lines.map((l) => ({
      seqnum: l.seqnum,
      qty: l.qty,
      code: l.code,
      description: l.description,
      pcode: l.pcode,
      location: l.location,
      unitPrice: l.unitPrice,
      totPrice: l.totPrice,
      size:
        l.hInt !== null || l.wInt !== null ? `${inches(l.hInt, l.hFrac)} × ${inches(l.wInt, l.wFrac)}` : null,
      instructions: l.instructions,
      shipQty: l.shipQty,
      backorderQty: l.backorderQty,
    })),
  };
}
