import { and, asc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { collections, products } from './catalogue.tables.ts';
import { priceColumns } from './product-rows.ts';

/** Which products a price list covers: every active one, or those of the chosen collections and types. */
export interface PriceListFilter {
  collections?: number[];
  types?: number[];
}

/** A product as the price list reads it: what prices it (packages/domain PricedProduct) and what names it. */
const priceListColumns = {
  code: products.code,
  displayName: products.displayName,
  frameType: products.frameType,
  type: products.type,
  width: products.width,
  collectionId: products.collectionId,
  collectionName: collections.name,
  vendor: products.vendor,
  frameLine: products.frameLine,
  bypass: products.bypass,
  boxQty: products.boxQty,
  boxNoDiscount: products.boxNoDiscount,
  ...priceColumns,
};

export type PriceListRow = Awaited<ReturnType<typeof priceListPage>>[number];

function filterOf(filter: PriceListFilter): SQL[] {
  const where: SQL[] = [eq(products.active, 1)];
  if (filter.collections?.length) where.push(inArray(products.collectionId, filter.collections));
  if (filter.types?.length) where.push(inArray(products.type, filter.types));
  return where;
}

/**
 * One page of the price list's products after item # `after`, in item # order (keyset: the primary key's index
 * reads from where the last page stopped, so a page costs the same at the end of 100,000 products as at the
 * start). `collectionId` narrows to one collection (null: the products in none).
 */
export function priceListPage(
  q: Queryable,
  filter: PriceListFilter,
  after: string,
  limit: number,
  collectionId?: number | null,
) {
  const where = filterOf(filter);
  if (after) where.push(gt(products.code, after));
  if (collectionId === null) where.push(isNull(products.collectionId));
  else if (collectionId !== undefined) where.push(eq(products.collectionId, collectionId));
  return q
    .select(priceListColumns)
    .from(products)
    .leftJoin(collections, eq(collections.id, products.collectionId))
    .where(and(...where))
    .orderBy(asc(products.code))
    .limit(limit);
}

/** The collections the price list covers with their products' count, by name; products in none last (id null). */
export async function priceListCollections(q: Queryable, filter: PriceListFilter) {
  const rows = await q
    .select({
      id: products.collectionId,
      name: collections.name,
      count: sql<number>`count(*)::int`,
    })
    .from(products)
    .leftJoin(collections, eq(collections.id, products.collectionId))
    .where(and(...filterOf(filter)))
    .groupBy(products.collectionId, collections.name)
    .orderBy(sql`${collections.name} is null`, asc(collections.name), asc(products.collectionId));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}
