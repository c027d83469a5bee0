import { eq, is, type SQL, sql } from 'drizzle-orm';
import { PgNumeric } from 'drizzle-orm/pg-core';
import { type Db, perDatabase, type Queryable, queryRows, textArrayParam } from '../../platform/db.ts';
import {
  catalogueVersion,
  collections,
  colorFamilies,
  locations,
  productStock,
  products,
  profileTypes,
} from './catalogue.tables.ts';
import type { IndexedProduct } from './catalogue-index.ts';
import { type AccountPricingRow, discountsJson, pricingJson } from './pricing.repository.ts';
import {
  headlineListPrice,
  noStock,
  type ProductRow,
  productColumns,
  type StockJson,
} from './product-rows.ts';

/**
 * The statements the catalogue index reads with (index-finder.ts): its columns, the catalogue's version, and a
 * page's rows, stock and pricing in one round trip with that version (docs/decisions/018).
 */

/**
 * What a signed-in page's statement reads of the buyer's session (docs/decisions/018): SQL written by the auth
 * module, whose sessions table it is, and handed to the catalogue when the app is put together (app.ts).
 */
export interface SessionColumns {
  /** The unrevoked session of the token whose hash is `tokenHash`, with its user, as JSON text (null: none). */
  read(tokenHash: SQL): SQL<string | null>;
  /** The account number of the first account of that session's user. */
  accountOf(tokenHash: SQL): SQL<string | null>;
}

/** A buyer's session to read with a page: its token's hash, and the page statements that read it. */
export interface SessionToRead {
  tokenHash: string;
  statements: SessionPageStatements;
}

/**
 * The catalogue index's columns of every active product and the catalogue version they are at: one statement,
 * so one snapshot (docs/decisions/018).
 */
export async function indexedProducts(db: Db): Promise<{ version: number; products: IndexedProduct[] }> {
  // PostgreSQL's JIT compiled this plain read of every product before running it: over a second of 1.5 s at 20,000
  // products (its cost is over jit_above_cost), every start. It gains nothing here: off for this statement.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return readIndexedProducts(tx);
  });
  const version = Number(rows[0]?.version ?? 0);
  const list: IndexedProduct[] = [];
  for (const r of rows) {
    if (r.code === null) continue; // the version's row when there is no active product
    list.push({
      code: r.code,
      codeKey: r.code_key,
      name: r.name,
      type: r.type,
      frameType: r.frame_type,
      collectionId: r.collection_id,
      width: r.width,
      height: r.height,
      rabbet: r.rabbet,
      finishName: r.finish_name,
      styleName: r.style_name,
      colorFamilyId: r.color_family_id,
      profileTypeId: r.profile_type_id,
      price: r.price,
    });
  }
  return { version, products: list };
}

/** The index statement itself (indexedProducts). */
function readIndexedProducts(db: Queryable) {
  return queryRows<{
    version: string;
    code: string;
    code_key: string;
    name: string;
    type: number;
    frame_type: string;
    collection_id: number | null;
    width: number | null;
    height: number | null;
    rabbet: number | null;
    finish_name: string | null;
    style_name: string | null;
    color_family_id: number | null;
    profile_type_id: number | null;
    price: number | null;
  }>(
    db,
    sql`select v.version::text as version, ${products.code} as code, lower(${products.code}) as code_key,
          lower(${products.displayName}) as name, ${products.type} as type, ${products.frameType} as frame_type,
          ${products.collectionId} as collection_id, ${products.width}::float8 as width,
          ${products.height}::float8 as height, ${products.rabbet}::float8 as rabbet,
          ${products.finishName} as finish_name, ${products.styleName} as style_name,
          ${products.colorFamilyId} as color_family_id, ${products.profileTypeId} as profile_type_id,
          (${headlineListPrice})::float8 as price
        from (select ${catalogueVersion.version} as version from ${catalogueVersion} limit 1) v
        left join ${products} on ${products.active} = 1
        order by ${products.code}`,
  );
}

/** The catalogue's version now (bumped by every statement that writes products). */
export async function catalogueVersionNow(db: Db): Promise<number> {
  const [row] = await catalogueVersionStatement(db).execute();
  return Number(row?.version ?? -1);
}

/**
 * What a page found in the catalogue index needs from the database, in one statement with the catalogue version
 * (so one snapshot; the caller keeps what it read only if that version is the index's): the rows of `rowsOf` (the
 * page's item #s whose rows the caller does not hold at the index's version yet; active products only), and for an
 * account the stock of every item # in `codes` (per item #, in warehouse order) and the account's pricing.
 */
export async function pageRowsByCodes(
  db: Db,
  codes: string[],
  account?: string | SessionToRead,
  rowsOf: string[] = codes,
) {
  const withRows = rowsOf.length > 0 ? 1 : 0;
  if (!account) {
    if (!withRows)
      return { version: await catalogueVersionNow(db), rows: [], stock: undefined, pricing: undefined };
    const [found] = await pageRowsPublic(db).execute({ rowCodes: rowsOf });
    return {
      version: Number(found?.version ?? -1),
      rows: found?.rows ?? [],
      stock: undefined,
      pricing: undefined,
    };
  }
  const [found] =
    typeof account === 'string'
      ? await pageRowsForAccount[withRows]!(db).execute({ codes, rowCodes: rowsOf, acctnum: account })
      : await account.statements[withRows]!(db).execute({
          codes,
          rowCodes: rowsOf,
          tokenHash: account.tokenHash,
        });
  return {
    version: Number(found?.version ?? -1),
    rows: found?.rows ?? [],
    stock: stockByCode(found?.stock ?? null, found?.locations ?? []),
    /** The account's pricing as the database wrote it (JSON text): the key of the net prices worked out with it. */
    pricingText: found?.pricing ?? undefined,
    pricing: found?.pricing ? (JSON.parse(found.pricing) as AccountPricingRow) : undefined,
    /** The session as the statement read it (`sessions.read`), when it was read by its token's hash. */
    session: found && 'session' in found ? (found.session as string | null) : undefined,
  };
}

/** The page statement's stock (item #s, warehouses, on hand, committed: four arrays): per item #, in warehouse order. */
function stockByCode(
  // each array is null when the page has no stock rows
  columns: [codes: string[] | null, locations: string[], onhand: number[], committed: number[]] | null,
  places: [code: string, name: string, sortOrder: number][],
) {
  const place = new Map(places.map(([code, name, sortOrder]) => [code, { name, sortOrder }]));
  const byCode = new Map<string, StockJson[]>();
  const [codes, locations, onhand, committed] = columns ?? [null, [], [], []];
  for (let i = 0; i < (codes?.length ?? 0); i++) {
    const code = codes![i]!;
    const location = locations[i]!;
    const at = place.get(location);
    if (!at) continue;
    const entry = { code, location, name: at.name, onhand: onhand[i]!, commitAmt: committed[i]! };
    const list = byCode.get(code);
    if (list) list.push(entry);
    else byCode.set(code, [entry]);
  }
  const order = (s: StockJson) => place.get(s.location)!.sortOrder;
  for (const list of byCode.values()) list.sort((x, y) => order(x) - order(y));
  return byCode;
}

/**
 * The products whose item #s are `$rowCodes` (active ones) as one JSON array of rows shaped as `columnsWith(false)`
 * reads them (numeric columns as text): the page's rows in one value, parsed once (JSON.parse), rather than 40
 * columns a row converted one by one.
 */
function pageRowsJson() {
  const fields = Object.entries(productColumns).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${is(column, PgNumeric) ? sql`${column}::text` : column}`,
  );
  return sql<ProductRow[]>`(select coalesce(json_agg(json_build_object(${sql.join(fields, sql`, `)},
      'stock', ${noStock})), '[]'::json)
    from ${products}
    left join ${collections} on ${eq(collections.id, products.collectionId)}
    left join ${colorFamilies} on ${eq(colorFamilies.id, products.colorFamilyId)}
    left join ${profileTypes} on ${eq(profileTypes.id, products.profileTypeId)}
    where ${products.code} = any(${textArrayParam('rowCodes')}) and ${eq(products.active, 1)})`;
}

/**
 * The rows of `$rowCodes` with the catalogue version; for an account also the stock of `$codes` and the account's
 * pricing: what a signed-in listing page needs from the database, in one round trip and one row.
 */
const pageRowsForAccount = [false, true].map((withRows) =>
  perDatabase((db: Db) =>
    db
      .select({
        ...pageColumns(withRows),
        pricing: sql<string>`(${pricingJson(sql.placeholder('acctnum') as unknown as SQL)})::text`,
      })
      .from(catalogueVersion)
      .prepare(withRows ? 'catalogue_page_rows_account' : 'catalogue_page_account'),
  ),
);
/**
 * The columns of a signed-in page's statement, but the pricing (pageRowsForAccount, sessionPageStatements). Without
 * `withRows` (every row of the page is held by the index: the usual case), there is no rows' subquery: the database
 * sets up every part of a statement at each execution, the `json_build_object` of 42 columns too, rows or none.
 */
function pageColumns(withRows: boolean) {
  return {
    version: catalogueVersion.version,
    rows: withRows ? pageRowsJson() : sql<ProductRow[]>`'[]'::json`,
    // the page's stock as four arrays (item #, warehouse, on hand, committed), amounts as float8, and the warehouses:
    // put together in JS (a JSON array a stock row cost the database more than the rest of the statement)
    stock: sql<
      [string[] | null, string[], number[], number[]] | null
    >`(select json_build_array(array_agg(s.code),
        array_agg(s.location), array_agg(s.onhand::float8), array_agg(s.commit_amt::float8))
      from ${productStock} s where s.code = any(${textArrayParam('codes')}))`,
    locations: sql<[string, string, number][]>`(select coalesce(json_agg(json_build_array(l.code, l.name,
        l.sort_order)), '[]'::json) from ${locations} l)`,
  };
}

/**
 * pageRowsForAccount for the session whose token's hash is `$tokenHash` (docs/decisions/018): the session with its
 * user (`sessions.read`, judged by the auth guard afterwards) and the pricing of the user's first account, with the
 * page, in one round trip. The pricing is the same JSON text pageRowsForAccount writes for that account (the net
 * prices' key); null for a session without an account. Made once by the index finder, with the auth module's SQL.
 */
export function sessionPageStatements(sessions: SessionColumns) {
  return [false, true].map((withRows) =>
    perDatabase((db: Db) => {
      const tokenHash = sql.placeholder('tokenHash') as unknown as SQL;
      return db
        .select({
          session: sessions.read(tokenHash),
          pricing: sql<string | null>`(select json_build_object('glassCode', a.g_disc, 'matCode', a.b_disc,
            'discounts', ${discountsJson(sql`a.acctnum`)})::text
          from accounts a where a.acctnum = ${sessions.accountOf(tokenHash)})`,
          ...pageColumns(withRows),
        })
        .from(catalogueVersion)
        .prepare(withRows ? 'catalogue_page_rows_session' : 'catalogue_page_session');
    }),
  );
}
export type SessionPageStatements = ReturnType<typeof sessionPageStatements>;

const pageRowsPublic = perDatabase((db) =>
  db
    .select({ version: catalogueVersion.version, rows: pageRowsJson() })
    .from(catalogueVersion)
    .prepare('catalogue_page_rows'),
);
const catalogueVersionStatement = perDatabase((db) =>
  db.select({ version: catalogueVersion.version }).from(catalogueVersion).prepare('catalogue_version_now'),
);
