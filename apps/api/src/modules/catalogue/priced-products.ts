import { and, eq, type SQL, sql } from 'drizzle-orm';
import { perDatabase, type Queryable, textArrayParam } from '../../platform/db.ts';
import { type AccountFacts, accountFactsJsonOf } from '../accounts/accounts.service.ts';
import { collections, colorFamilies, products, profileTypes } from './catalogue.tables.ts';
import { discountsJson } from './pricing.repository.ts';
import { columnsWith, type ProductRow } from './product-rows.ts';

/** One discount entry of the account, as the discounts table holds it (amounts as text, as read). */
export interface DiscountEntry {
  vendor: string;
  key: string;
  discRate: string;
  joinFee: string | null;
  joinOsFee: string | null;
}

/**
 * Prepared (a named statement: parsed and planned once per connection, whatever transaction runs it); within a
 * transaction the statement is made again, but the connection already knows it.
 */
const pricedProductsStatement = perDatabase((q: Queryable) =>
  q
    .select({
      ...columnsWith(true),
      account: accountFactsJsonOf(sql.placeholder('acctnum') as unknown as SQL),
      discounts: discountsJson(sql.placeholder('acctnum') as unknown as SQL),
    })
    .from(products)
    .leftJoin(collections, eq(collections.id, products.collectionId))
    .leftJoin(colorFamilies, eq(colorFamilies.id, products.colorFamilyId))
    .leftJoin(profileTypes, eq(profileTypes.id, products.profileTypeId))
    .where(and(sql`${products.code} = any(${textArrayParam('codes')})`, eq(products.active, 1)))
    .prepare('priced_products'),
);

/**
 * Products by code with their stock, and the account's row and discount entries — one round trip (product
 * page, cart, order placement). The account's part is an uncorrelated subquery (computed once), read from the
 * first row only. No product found: no account either (nothing to price).
 */
export async function pricedProducts(
  q: Queryable,
  codes: string[],
  acctnum: string,
): Promise<{ rows: ProductRow[]; account: AccountFacts | undefined; discounts: DiscountEntry[] }> {
  if (codes.length === 0) return { rows: [], account: undefined, discounts: [] };
  const found = await pricedProductsStatement(q).execute({ codes, acctnum });
  const first = found[0];
  const rows = found.map(({ account: _a, discounts: _d, ...row }) => row as ProductRow);
  if (!first) return { rows, account: undefined, discounts: [] };
  return {
    rows,
    account: first.account ? (JSON.parse(first.account) as AccountFacts) : undefined,
    discounts: first.discounts,
  };
}
