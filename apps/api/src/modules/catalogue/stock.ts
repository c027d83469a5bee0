import type { AccountProduct } from '@mitrebox/api-contract';
import { availableQty } from '@mitrebox/domain';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { locations, productStock } from './catalogue.tables.ts';
import type { ProductRow, StockJson } from './product-rows.ts';

/**
 * Stock per warehouse: read beside products as they are shown, locked and committed by order placement (in the
 * order's own statements).
 */

export async function stockOf(db: Queryable, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({
      code: productStock.code,
      location: productStock.location,
      name: locations.name,
      onhand: productStock.onhand,
      commitAmt: productStock.commitAmt,
      sortOrder: locations.sortOrder,
    })
    .from(productStock)
    .innerJoin(locations, eq(locations.code, productStock.location))
    .where(inArray(productStock.code, codes))
    .orderBy(asc(locations.sortOrder));
}

/** The stock of `rows` per item #, as products show it: from `stockByCode`, else the rows, else the database. */
export async function stockLists(
  rows: ProductRow[],
  q: Queryable,
  stockByCode?: Map<string, StockJson[]>,
): Promise<Map<string, AccountProduct['stock']>> {
  // rows read with their stock (uncached listings) need no second query
  const stock = stockByCode
    ? rows.flatMap((r) => stockByCode.get(r.code) ?? [])
    : rows.every((r) => r.stock)
      ? rows.flatMap((r) => r.stock ?? [])
      : await stockOf(
          q,
          rows.map((r) => r.code),
        );
  const byCode = new Map<string, AccountProduct['stock']>();
  for (const s of stock) {
    const list = byCode.get(s.code) ?? [];
    list.push({
      Loc: s.location,
      Name: s.name,
      Onhand: Number(s.onhand),
      CommitAmt: Number(s.commitAmt),
      available: availableQty(s.onhand, s.commitAmt),
    });
    byCode.set(s.code, list);
  }
  return byCode;
}

/**
 * The stock rows of the products whose codes `codes` (a subquery) selects, locked FOR UPDATE until the transaction
 * ends, always in code and warehouse order so that two placements never wait on each other in a circle: a CTE of
 * the caller's statement (order placement locks them in the statement that locks the cart). The
 * caller's later statements read the stock as the orders before it left it.
 */
export const lockStockOf = (codes: SQL) =>
  sql`select ${productStock.code} from ${productStock} where ${productStock.code} in (${codes})
    order by ${productStock.code}, ${productStock.location} for update`;

/**
 * The statement that adds shipped quantities to the committed stock of their warehouses (order placement), lines
 * of one product and warehouse added up — one statement whatever the number of lines, to be a CTE of the order's
 * insert; none when nothing ships.
 */
export function commitStockOf(lines: { code: string; location: string; qty: number }[]): SQL | undefined {
  const shipped = lines.filter((line) => line.qty > 0);
  if (shipped.length === 0) return undefined;
  const values = sql.join(
    shipped.map((line) => sql`(${line.code}::text, ${line.location}::text, ${String(line.qty)}::numeric)`),
    sql`, `,
  );
  return sql`update ${productStock} set commit_amt = ${productStock.commitAmt} + v.qty
    from (select code, location, sum(qty) as qty from (values ${values}) as l(code, location, qty)
      group by code, location) v
    where ${productStock.code} = v.code and ${productStock.location} = v.location`;
}
