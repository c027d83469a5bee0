import { and, asc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../platform/db.ts';
import { collections, products } from './catalogue.tables.ts';
import { priceColumns } from './product-rows.ts';

/** Which products a price list covers: every active one, or those of the chosen collections and types. */
export interface PriceListFilter {
  collections?: number[];
  types?: number[];
}

/** The stored prices and join fees (product-rows.ts priceColumns), as text. */
type PriceTexts = { [field in keyof typeof priceColumns]: string | null };

/** A product as the price list reads it: what prices it (packages/domain PricedProduct) and what names it. */
export interface PriceListRow extends PriceTexts {
  code: string;
  displayName: string;
  frameType: string;
  type: number;
  /** numeric, as text ('1.5000'). */
  width: string | null;
  collectionId: number | null;
  collectionName: string | null;
  vendor: string | null;
  frameLine: string | null;
  bypass: string | null;
  boxQty: number;
  boxNoDiscount: number;
}

/** Each field of the row and the column it is read from; numeric columns as text, on either driver. */
const priceListColumns: Record<keyof PriceListRow, SQL> = {
  code: sql`${products.code}`,
  displayName: sql`${products.displayName}`,
  frameType: sql`${products.frameType}`,
  type: sql`${products.type}`,
  width: sql`${products.width}::text`,
  collectionId: sql`${products.collectionId}`,
  collectionName: sql`${collections.name}`,
  vendor: sql`${products.vendor}`,
  frameLine: sql`${products.frameLine}`,
  bypass: sql`${products.bypass}`,
  boxQty: sql`${products.boxQty}`,
  boxNoDiscount: sql`${products.boxNoDiscount}`,
  ...(Object.fromEntries(
    Object.entries(priceColumns).map(([field, column]) => [field, sql`${column}::text`]),
  ) as Record<keyof typeof priceColumns, SQL>),
};
const selectList = sql.join(
  Object.entries(priceListColumns).map(([field, column]) => sql`${column} as ${sql.identifier(field)}`),
  sql`, `,
);

function filterOf(filter: PriceListFilter): SQL[] {
  const where: SQL[] = [eq(products.active, 1)];
  if (filter.collections?.length) where.push(inArray(products.collectionId, filter.collections));
  if (filter.types?.length) where.push(inArray(products.type, filter.types));
  return where;
}

/**
 * One page of the price list's products after item # `after`, in item # order (keyset: the primary key's index
 * reads from where the last page stopped, so a page costs the same at the end of 100,000 products as at the
 * start). `collectionId` narrows to one collection (null: the products in none). Plain SQL read as the driver's
 * rows: drizzle's mapping of a select's columns took as long as the driver's reading at 100,000 products.
 */
export function priceListPage(
  q: Queryable,
  filter: PriceListFilter,
  after: string,
  limit: number,
  collectionId?: number | null,
): Promise<PriceListRow[]> {
  const where = filterOf(filter);
  if (after) where.push(gt(products.code, after));
  if (collectionId === null) where.push(isNull(products.collectionId));
  else if (collectionId !== undefined) where.push(eq(products.collectionId, collectionId));
  return queryRows<PriceListRow>(
    q,
    sql`select ${selectList} from ${products} left join ${collections} on ${eq(collections.id, products.collectionId)}
      where ${and(...where)} order by ${products.code} limit ${limit}`,
  );
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
