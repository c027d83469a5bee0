import { SAMPLE_PCODE } from '@mitrebox/domain';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { orderItems, orders } from './orders.tables.ts';

/** Counts an account's corner samples ordered since the start of a month: what the monthly limit spends. */
export type SamplesOrdered = (acctnum: string, now: Date, q: Queryable) => Promise<number>;

/**
 * Corner samples (order lines of type S) the account ordered in the calendar month of `now`, the month as the
 * business time zone reckons it.
 */
export function samplesOrderedThisMonth(timeZone: string): SamplesOrdered {
  return async (acctnum, now, q) => {
    const monthStart = sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})`;
    const [row] = await q
      .select({ n: sql<string>`coalesce(sum(${orderItems.qty}), 0)` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.ordnum, orderItems.ordnum))
      .where(
        and(eq(orders.acctnum, acctnum), eq(orderItems.pcode, SAMPLE_PCODE), gte(orders.ordDate, monthStart)),
      );
    return Math.round(Number(row?.n ?? 0));
  };
}
