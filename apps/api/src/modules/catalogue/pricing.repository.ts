import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, perDatabase, type Queryable } from '../../platform/db.ts';
import { catalogueVersion, discountLevels, discounts } from './catalogue.tables.ts';

/** What an account is priced with, as the database reads it: its glass and mat levels and its discount entries. */

/** An account's glass and mat levels and every discount entry, as the page's statement reads them. */
export interface AccountPricingRow {
  glassCode: string | null;
  matCode: string | null;
  discounts: {
    vendor: string;
    key: string;
    discRate: string;
    joinFee: string | null;
    joinOsFee: string | null;
  }[];
}

/** Every discount entry of the account `acctnum`, as a JSON array (amounts as text, as read). */
export function discountsJson(acctnum: SQL | string) {
  return sql<AccountPricingRow['discounts']>`(select coalesce(json_agg(json_build_object('vendor', d.vendor,
    'key', d.key, 'discRate', d.disc_rate::text, 'joinFee', d.join_fee::text, 'joinOsFee', d.join_os_fee::text)
    order by d.id), '[]'::json) from ${discounts} d where d.acctnum = ${acctnum}::text)`;
}

/** The pricing of the account `acctnum` (a placeholder) as one JSON value: evaluated once per statement. */
export function pricingJson(acctnum: SQL) {
  return sql<AccountPricingRow>`json_build_object(
    'glassCode', (select a.g_disc from accounts a where a.acctnum = ${acctnum}::text),
    'matCode', (select a.b_disc from accounts a where a.acctnum = ${acctnum}::text),
    'discounts', ${discountsJson(acctnum)})`;
}

/** What an account is priced with, one round trip: its glass and mat levels and every discount entry. */
export async function pricingOfAccount(db: Db, acctnum: string): Promise<AccountPricingRow> {
  const [row] = await pricingStatement(db).execute({ acctnum });
  return row?.pricing ?? { glassCode: null, matCode: null, discounts: [] };
}
/** The pricing of the account as the page statements write it (JSON text, the same bytes): a listing's key. */
export async function pricingTextOfAccount(db: Db, acctnum: string): Promise<string> {
  const [row] = await pricingTextStatement(db).execute({ acctnum });
  return row!.pricing;
}
const pricingTextStatement = perDatabase((db) =>
  db
    .select({ pricing: sql<string>`(${pricingJson(sql.placeholder('acctnum') as unknown as SQL)})::text` })
    .from(catalogueVersion)
    .prepare('catalogue_pricing_text_of_account'),
);
const pricingStatement = perDatabase((db) =>
  db
    .select({ pricing: pricingJson(sql.placeholder('acctnum') as unknown as SQL) })
    .from(catalogueVersion)
    .prepare('catalogue_pricing_of_account'),
);

export function discountsOfAccount(db: Queryable, acctnum: string) {
  return db.select().from(discounts).where(eq(discounts.acctnum, acctnum));
}

export const listDiscountLevels = (db: Queryable) => db.select().from(discountLevels);
