import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { accounts } from '../accounts/accounts.tables.ts';
import { columnsWith, type ProductRow } from './catalogue.repository.ts';
import { collections, colorFamilies, discounts, products, profileTypes } from './catalogue.tables.ts';

/** What an account's prices and orders need of its account row (the order copies the ship-to fields). */
export interface AccountFacts {
  acctnum: string;
  company: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  terms: string;
  shipvia: string | null;
  location: string;
  salesperson: string | null;
  gDisc: string | null;
  bDisc: string | null;
}

/** One discount entry of the account, as the discounts table holds it (amounts as text, as read). */
export interface DiscountEntry {
  vendor: string;
  key: string;
  discRate: string;
  joinFee: string | null;
  joinOsFee: string | null;
}

/**
 * Products by code with their stock, and the account's row and discount entries — one round trip (product
 * page, cart, order placement). The account's part is an uncorrelated subquery (computed once), sent as text and
 * read from the first row only. No product found: no account either (nothing to price).
 */
export async function pricedProducts(
  q: Queryable,
  codes: string[],
  acctnum: string,
): Promise<{ rows: ProductRow[]; account: AccountFacts | undefined; discounts: DiscountEntry[] }> {
  if (codes.length === 0) return { rows: [], account: undefined, discounts: [] };
  const found = await q
    .select({
      ...columnsWith(true),
      account: sql<string | null>`(select json_build_object('acctnum', a.acctnum, 'company', a.company,
        'address1', a.address1, 'address2', a.address2, 'city', a.city, 'state', a.state, 'zip', a.zip,
        'terms', a.terms, 'shipvia', a.shipvia, 'location', a.location, 'salesperson', a.salesperson,
        'gDisc', a.g_disc, 'bDisc', a.b_disc)::text from ${accounts} a where a.acctnum = ${acctnum})`,
      discounts: sql<string>`(select coalesce(json_agg(json_build_object('vendor', d.vendor, 'key', d.key,
        'discRate', d.disc_rate::text, 'joinFee', d.join_fee::text, 'joinOsFee', d.join_os_fee::text)
        order by d.id), '[]'::json)::text from ${discounts} d where d.acctnum = ${acctnum})`,
    })
    .from(products)
    .leftJoin(collections, eq(collections.id, products.collectionId))
    .leftJoin(colorFamilies, eq(colorFamilies.id, products.colorFamilyId))
    .leftJoin(profileTypes, eq(profileTypes.id, products.profileTypeId))
    .where(and(inArray(products.code, codes), eq(products.active, 1)));
  const first = found[0];
  const rows = found.map(({ account: _a, discounts: _d, ...row }) => row as ProductRow);
  if (!first) return { rows, account: undefined, discounts: [] };
  return {
    rows,
    account: first.account ? (JSON.parse(first.account) as AccountFacts) : undefined,
    discounts: JSON.parse(first.discounts) as DiscountEntry[],
  };
}
