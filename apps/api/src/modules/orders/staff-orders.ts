import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { dayRange, documentOrAccount, type ListQuery } from '../../platform/listing.ts';
import { orders } from './orders.tables.ts';

const ORDER_SORT = { ordnum: orders.ordnum, acctnum: orders.acctnum, ordDate: orders.ordDate } as const;

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
