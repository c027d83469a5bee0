import type { PosProduct, SessionAccount } from '@mitrebox/api-contract';

type PosStock = NonNullable<PosProduct['stock']>[number];

import { availableQty, type PricingAccount } from '@mitrebox/domain';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { changedSinceOf } from '../audit/audit.service.ts';
import { collections, products } from './catalogue.tables.ts';
import { accountPricing, accountSheet, netPriced } from './price-list.ts';
import { productColumns } from './product-rows.ts';
import { stockOf } from './stock.ts';

/**
 * The products a point-of-sale system reads with an account's key: a page by item # (keyset), each with the
 * account's net prices as the price list computes them (price-list.ts) and, when asked, the stock per warehouse.
 * `updatedSince`: products has no change time of its own, so a product counts as changed when it was created then
 * or has an audit entry since (every back-office edit and every CSV or ERP import of details, prices or stock
 * writes one per product).
 */
export interface PosProductsFilter {
  after: string;
  limit: number;
  updatedSince?: Date;
  collection?: number;
  type?: number;
  withStock: boolean;
}

const { colorFamily: _c, profileType: _p, ...columns } = productColumns;

function conditions(f: PosProductsFilter): SQL[] {
  const where: SQL[] = [eq(products.active, 1)];
  if (f.after) where.push(gt(products.code, f.after));
  if (f.collection !== undefined) where.push(eq(products.collectionId, f.collection));
  if (f.type !== undefined) where.push(eq(products.type, f.type));
  if (f.updatedSince) {
    const since = f.updatedSince;
    where.push(
      sql`(${products.createdAt} >= ${since.toISOString()}::timestamptz or ${changedSinceOf('product', sql`${products.code}`, since)})`,
    );
  }
  return where;
}

export async function posProductsPage(
  db: Db,
  account: SessionAccount,
  f: PosProductsFilter,
  pricing?: PricingAccount,
): Promise<{ data: PosProduct[]; next: string | null }> {
  const rows = await db
    .select(columns)
    .from(products)
    .leftJoin(collections, eq(collections.id, products.collectionId))
    .where(and(...conditions(f)))
    .orderBy(asc(products.code))
    .limit(f.limit);
  const sheet = accountSheet(pricing ?? (await accountPricing(db, account.Acctnum)), account);
  const stock = new Map<string, PosStock[]>();
  if (f.withStock)
    for (const s of await stockOf(
      db,
      rows.map((r) => r.code),
    )) {
      const list = stock.get(s.code) ?? [];
      list.push({ location: s.location, name: s.name, available: availableQty(s.onhand, s.commitAmt) });
      stock.set(s.code, list);
    }
  const data = rows.map((row): PosProduct => {
    const priced = netPriced(row, sheet);
    return {
      code: row.code,
      description: row.displayName,
      frame_type: row.frameType,
      type: row.type,
      collection_id: row.collectionId,
      collection: row.collectionName,
      manuf_code: row.manufCode,
      width: row.width,
      box_qty: row.boxQty,
      prices: priced.prices.map((p) => ({
        kind: p.kind,
        unit: p.unit,
        net: p.net,
        list: p.list,
        rate: p.rate,
        ...(p.joinFee !== undefined && { join_fee: p.joinFee }),
        ...(p.oversizeJoinFee !== undefined && { oversize_join_fee: p.oversizeJoinFee }),
        ...(p.boxFeet !== undefined && { box_feet: p.boxFeet }),
      })),
      ...(f.withStock && { stock: stock.get(row.code) ?? [] }),
    };
  });
  return { data, next: rows.length === f.limit ? rows[rows.length - 1]!.code : null };
}
