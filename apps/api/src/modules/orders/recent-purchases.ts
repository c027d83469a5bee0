import type { RecentPurchase, SessionAccount } from '@mitrebox/api-contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { orderItems, orders } from './orders.tables.ts';

/**
 * Recent purchases of one account (storefront §3 Recent purchase): each product once, most recently ordered
 * first, for Buy Again and Frequently Purchased, each with the account's net price of a unit. Products no
 * longer sold are left out.
 */
export async function recentPurchases(
  deps: { db: Db; catalogue: CatalogueService },
  account: SessionAccount,
  perPage: number,
): Promise<RecentPurchase[]> {
  const acctnum = account.Acctnum;
  const lastOrdered = sql<Date>`max(${orders.ordDate})`;
  const rows = await deps.db
    .select({ code: orderItems.code, lastOrdered, times: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.ordnum, orderItems.ordnum))
    .where(eq(orders.acctnum, acctnum))
    .groupBy(orderItems.code)
    .orderBy(desc(lastOrdered), orderItems.code)
    .limit(perPage);
  const products = new Map(
    (
      await deps.catalogue.pricedByCodes(
        rows.map((r) => r.code),
        account,
      )
    ).map((p) => [p.Code, p]),
  );
  return rows.flatMap((r) => {
    const p = products.get(r.code);
    if (!p) return [];
    return [
      {
        Code: p.Code,
        description: p.display_name,
        FrameType: p.FrameType,
        ManufCode: p.ManufCode,
        type: p.type,
        image: p.image,
        last_ordered: new Date(r.lastOrdered).toISOString(),
        net_price: p.net_price,
      },
    ];
  });
}
