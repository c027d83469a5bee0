import { and, asc, eq, inArray, is, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgNumeric } from 'drizzle-orm/pg-core';
import { type Db, perDatabase, type Queryable, queryRows, textArrayParam } from '../../platform/db.ts';
import { sessionAccountOf, sessionReadOf } from '../auth/sessions.ts';
import {
  catalogueVersion,
  collections,
  colorFamilies,
  discountLevels,
  discounts,
  locations,
  productStock,
  products,
  productTypes,
  profileTypes,
  settings,
} from './catalogue.tables.ts';
import type { IndexedProduct } from './catalogue-index.ts';
import { type PartCriteria, partConditions, partFacetCounts } from './catalogue-part-filters.ts';

/** A product filter ready for SQL: sizes already in inches. */
export interface ProductCriteria extends PartCriteria {
  search?: string;
  type?: number;
  frameType?: string;
  collection?: number[];
  width?: { min: number; max: number } | null;
  height?: { min: number; max: number } | null;
  rabbet?: { min: number; max: number } | null;
  finish?: string[];
  style?: string[];
  colorFamily?: number[];
  profileType?: number[];
  frameBuilderImage?: boolean;
  frameCreator?: boolean;
  /** Order of the rows (issue 10.4); without it a search is ranked and everything else is by item #. */
  sort?: 'code' | 'name' | 'width' | 'price';
  dir?: 'asc' | 'desc';
}

export type FacetGroup = 'collection' | 'finish' | 'style' | 'colorFamily' | 'profileType';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of a product query; `skip` leaves out one facet's own condition (for that facet's counts). */
function conditions(c: ProductCriteria, skip?: FacetGroup): SQL[] {
  const where: SQL[] = [eq(products.active, 1)];
  if (c.type !== undefined) where.push(eq(products.type, c.type));
  if (c.frameType) where.push(eq(products.frameType, c.frameType));
  if (c.collection?.length && skip !== 'collection') where.push(inArray(products.collectionId, c.collection));
  if (c.finish?.length && skip !== 'finish') where.push(inArray(products.finishName, c.finish));
  if (c.style?.length && skip !== 'style') where.push(inArray(products.styleName, c.style));
  if (c.colorFamily?.length && skip !== 'colorFamily')
    where.push(inArray(products.colorFamilyId, c.colorFamily));
  if (c.profileType?.length && skip !== 'profileType')
    where.push(inArray(products.profileTypeId, c.profileType));
  // Sizes compare with half a sixteenth of slack: the catalogue stores decimals of fractions.
  const range = (
    col: SQL | typeof products.width | typeof products.height | typeof products.rabbet,
    r: { min: number; max: number } | null | undefined,
  ) => {
    if (r) where.push(sql`${col} between ${r.min - 1 / 32} and ${r.max + 1 / 32}`);
  };
  range(products.width, c.width);
  range(products.height, c.height);
  range(products.rabbet, c.rabbet);
  if (c.frameBuilderImage) where.push(inArray(products.frameType, ['MOULDING', 'MATS']));
  if (c.frameCreator) where.push(inArray(products.type, [1, 2, 3, 4]));
  where.push(...partConditions(c));
  if (c.search) {
    const q = c.search.toLowerCase();
    const contains = `%${escapeLike(q)}%`;
    where.push(
      sql`(lower(${products.code}) like ${contains} or ${products.displayName} ilike ${contains} or ${q} <% ${products.displayName} or ${q} <% lower(${products.code}))`,
    );
  }
  return where;
}

/** Exact item code first, then code prefix, then name prefix, then anything containing it, then fuzzy. */
function searchRank(search: string): SQL {
  const q = search.toLowerCase();
  const prefix = `${escapeLike(q)}%`;
  const contains = `%${escapeLike(q)}%`;
  return sql`case
      when lower(${products.code}) = ${q} then 0
      when lower(${products.code}) like ${prefix} then 1
      when lower(${products.displayName}) like ${prefix} then 2
      when lower(${products.code}) like ${contains} or ${products.displayName} ilike ${contains} then 3
      else 4 end`;
}

const productColumns = {
  code: products.code,
  description: products.description,
  displayName: products.displayName,
  frameType: products.frameType,
  type: products.type,
  category: products.category,
  width: products.width,
  height: products.height,
  rabbet: products.rabbet,
  manufCode: products.manufCode,
  fiLoc: products.fiLoc,
  collectionId: products.collectionId,
  collectionName: collections.name,
  finishName: products.finishName,
  styleName: products.styleName,
  colorFamily: colorFamilies.name,
  profileType: profileTypes.name,
  boxQty: products.boxQty,
  boxNoDiscount: products.boxNoDiscount,
  vendor: products.vendor,
  frameLine: products.frameLine,
  bypass: products.bypass,
  length: products.length,
  chop: products.chop,
  joinAmt: products.joinAmt,
  length2: products.length2,
  hardware: products.hardware,
  glass1: products.glass1,
  glass2: products.glass2,
  glass3: products.glass3,
  glass4: products.glass4,
  mat1: products.mat1,
  mat2: products.mat2,
  mat3: products.mat3,
  mat4: products.mat4,
  mat5: products.mat5,
  readymade: products.readymade,
  joinFee: products.joinFee,
  joinOsFee: products.joinOsFee,
};

/** The list price a card shows first: a foot of length, the first glass or mat level, or each. */
const headlineListPrice = sql`case ${products.frameType}
    when 'MOULDING' then ${products.length}
    when 'GLASS' then ${products.glass1}
    when 'MATS' then ${products.mat1}
    else coalesce(case when ${products.type} = 13 then ${products.readymade} end, ${products.hardware}) end`;

/** The order of a listing; `reverse` turns every key round (the walk from the end, for a page past the middle). */
function sortOrder(c: ProductCriteria, reverse = false): SQL[] {
  const desc = (c.dir === 'desc') !== reverse;
  const column = {
    code: sql`lower(${products.code})`,
    name: sql`lower(${products.displayName})`,
    width: sql`${products.width}`,
    price: headlineListPrice,
  }[c.sort ?? 'code'];
  // the item # breaks ties, so pages never overlap
  return [
    sql`${column} ${sql.raw(desc ? 'desc' : 'asc')} nulls ${sql.raw(reverse ? 'first' : 'last')}`,
    sql`${products.code} ${sql.raw(reverse ? 'desc' : 'asc')}`,
  ];
}

/** Stock of a product in every warehouse, in warehouse order, as read with its row (one query, no per-row lookups). */
export interface StockJson {
  code: string;
  location: string;
  name: string;
  /** Amounts as read: the numeric's text, or a number (a listing page's statement reads them as float8). */
  onhand: string | number;
  commitAmt: string | number;
}
const stockColumn = sql<StockJson[] | null>`(select coalesce(json_agg(json_build_object(
    'code', s.code, 'location', s.location, 'name', l.name,
    'onhand', s.onhand::text, 'commitAmt', s.commit_amt::text) order by l.sort_order), '[]'::json)
  from ${productStock} s join ${locations} l on l.code = s.location where s.code = ${products.code})`;
const noStock = sql<StockJson[] | null>`null::json`;
export const columnsWith = (withStock: boolean) => ({
  ...productColumns,
  stock: withStock ? stockColumn : noStock,
});

export type ProductRow = Awaited<ReturnType<typeof findProducts>>['rows'][number];

/** The total of a filter set already counted (by another page or account): the page needs no count. */
export interface KnownTotal {
  total: number;
  estimated: boolean;
}

/** A search the planner expects to match at most this many products is counted; past it the total is its estimate. */
export const SEARCH_EXACT_COUNT_UP_TO = 200;

export async function findProducts(
  db: Queryable,
  c: ProductCriteria,
  page: number,
  perPage: number,
  opts: { withStock?: boolean; known?: KnownTotal } = {},
) {
  const columns = columnsWith(Boolean(opts.withStock));
  if (c.search && !c.sort) return searchProducts(db, c, c.search, page, perPage, columns, opts.known);
  const { rows: rowsQuery, count: countQuery } = listingQueries(db, c, page, perPage, columns, opts.known);
  if (opts.known) return { rows: await rowsQuery, ...opts.known };
  const [rows, [count]] = await Promise.all([rowsQuery, countQuery]);
  return { rows, total: Number(count?.n ?? 0), estimated: false };
}

/** A listing of up to this many collections reads each collection's own index range and merges them in order. */
export const MERGED_COLLECTIONS_UP_TO = 20;

/**
 * The queries of a listing page (without a search, or sorted): its rows and its count (docs/decisions/018).
 * The page's item #s are found first, on their own: the covering indexes of migration 0016 (active products by
 * type and item #, and by type, collection and item #, each with every filter column) answer that from the index
 * alone, walking in item # order and filtering as they go, so even the rows an OFFSET skips cost an index entry,
 * not a row with its stock. Only the page's own rows are then read, with their stock. A page past the middle of a
 * total already counted (`known`) is read from the end, so no page walks more than half of its filter's products.
 */
export function listingQueries(
  db: Queryable,
  c: ProductCriteria,
  page: number,
  perPage: number,
  columns = columnsWith(false),
  known?: KnownTotal,
) {
  const where = and(...conditions(c));
  const ranked = Boolean(c.search) && !c.sort;
  let offset = (page - 1) * perPage;
  let limit = perPage;
  const reverse =
    !ranked && known !== undefined && !known.estimated && offset + perPage / 2 > known.total / 2;
  if (reverse && known) {
    limit = Math.max(0, Math.min(perPage, known.total - offset));
    offset = Math.max(0, known.total - offset - perPage);
  }
  const orderOf = (backwards: boolean): SQL[] =>
    c.sort
      ? sortOrder(c, backwards)
      : c.search
        ? [
            searchRank(c.search),
            sql`word_similarity(${c.search.toLowerCase()}, ${products.displayName}) desc`,
            asc(products.code),
          ]
        : [sql`${products.code} ${sql.raw(backwards ? 'desc' : 'asc')}`];
  const collectionIds = [...new Set(c.collection ?? [])];
  const merge =
    !c.sort && !ranked && collectionIds.length > 1 && collectionIds.length <= MERGED_COLLECTIONS_UP_TO;
  let pageCodes: SQL | SQLWrapper;
  if (merge) {
    // `collection_id in (a, b)` would read both collections whole and sort them: instead each collection is an
    // ordered walk of its own index range, stopped at the page's end, and the walks are merged (Merge Append)
    const dir = sql.raw(reverse ? 'desc' : 'asc');
    const arms = collectionIds.map(
      (id) =>
        sql`(select ${products.code} as code from ${products} where ${and(...conditions({ ...c, collection: [id] }))}
          order by ${products.code} ${dir} limit ${offset + limit})`,
    );
    pageCodes = sql`select code from (${sql.join(arms, sql` union all `)}) arms
      order by code ${dir} limit ${limit} offset ${offset}`;
  } else
    pageCodes = db
      .select({ code: products.code })
      .from(products)
      .where(where)
      .orderBy(...orderOf(reverse))
      .limit(limit)
      .offset(offset);
  const rowsQuery = db
    .select(columns)
    .from(products)
    .innerJoin(sql`(${pageCodes}) h`, sql`h.code = ${products.code}`)
    .leftJoin(collections, eq(collections.id, products.collectionId))
    .leftJoin(colorFamilies, eq(colorFamilies.id, products.colorFamilyId))
    .leftJoin(profileTypes, eq(profileTypes.id, products.profileTypeId))
    .orderBy(...orderOf(false));
  const countQuery = db.select({ n: sql<number>`count(*)::int` }).from(products).where(where);
  return { rows: rowsQuery, count: countQuery };
}

/**
 * A search of two or three letters or digits as a prefix of any word of a name ('wal' → 'wal:*'; letters and
 * digits only, so never an operator). One letter is too common a start to look up that way ('w' begins a word of
 * 13,600 names, and the full-text index reads every one of them): it matches the start of an item # or of a name.
 */
function wordPrefixQuery(q: string): string | undefined {
  return /^[\p{L}\p{N}]{2,3}$/u.test(q) ? `${q}:*` : undefined;
}

/**
 * The header search, in time that grows with the page asked for, not with the catalogue (docs/decisions/018).
 * Each way of matching fetches at most `offset + perPage` rows from its own index, already in its order:
 *   0. the exact item # (btree on lower(code)),
 *   1. item #s starting with the text, in item # order (btree, text_pattern_ops),
 *   2. names: by word similarity, nearest first (GiST trigram KNN, `%>` and `<->>`): whole words first,
 *      then typos ('walnot' finds Walnut); one to three letters: names starting with them, by name (btree,
 *      text_pattern_ops),
 *   3. two or three letters: names with another word starting with them (GIN full-text prefix), in the
 *      index's order (no sort); four letters or more: item #s containing the text (GIN trigram on
 *      lower(code)), by item #.
 * A product found several ways keeps its best place. The total is the planner's estimate of the same
 * condition (and said to be) when that is over SEARCH_EXACT_COUNT_UP_TO, else counted.
 */
async function searchProducts(
  db: Queryable,
  c: ProductCriteria,
  search: string,
  page: number,
  perPage: number,
  columns: ReturnType<typeof columnsWith>,
  known: KnownTotal | undefined,
) {
  const queries = searchQueries(db, c, search, page, perPage, columns);
  if (known) return { rows: await queries.rows, ...known };
  // the page and the planner's guess of the total at once; a small total is then counted exactly
  const [rows, [plan]] = await Promise.all([
    queries.rows,
    queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      db,
      sql`explain (format json) ${queries.estimate}`,
    ),
  ]);
  const estimate = Math.round(Number(plan?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0));
  if (page === 1 && rows.length < perPage) return { rows, total: rows.length, estimated: false };
  if (estimate > SEARCH_EXACT_COUNT_UP_TO) return { rows, total: estimate, estimated: true };
  const [count] = await queryRows<{ n: number }>(db, queries.count);
  return { rows, total: Number(count?.n ?? 0), estimated: false };
}

/** The queries of a search page: its rows, its count (capped) and the condition the estimate is planned for. */
export function searchQueries(
  db: Queryable,
  c: ProductCriteria,
  search: string,
  page: number,
  perPage: number,
  columns = columnsWith(false),
) {
  const q = search.toLowerCase();
  const short = q.length <= 3;
  const tsq = wordPrefixQuery(q);
  const where = and(...conditions({ ...c, search: undefined }));
  const limit = page * perPage;
  const prefix = `${escapeLike(q)}%`;
  const contains = `%${escapeLike(q)}%`;
  const code = sql`lower(${products.code})`;
  // an exact item # is the answer: names are not searched for it (a one-row lookup, not a trigram walk)
  const isItemNumber = sql`exists (select 1 from ${products} where lower(${products.code}) = ${q})`;
  // the KNN walk is on lower(display_name) (its GiST index); `display_name %> q` (GIN) counts and filters
  const name = sql`lower(${products.displayName})`;
  // product_name_words() is to_tsvector('simple', …) costed as what it is per row (migration 0016), so that a
  // LIMIT never tempts the planner into a sequential scan that tests every name until it has enough
  const wordsOf = sql`product_name_words(${products.displayName})`;
  // each arm numbers its rows in the order its index gave them: equal distances (thousands of names with the
  // word) keep that order, the same for every page, so pages never overlap
  const arm = (tier: number, query: SQL) =>
    sql`(select code, ${sql.raw(String(tier))} as tier, dist, row_number() over () as pos from (${query}) a${sql.raw(String(tier))})`;
  const arms: SQL[] = [
    arm(
      0,
      sql`select ${products.code} as code, 0::float4 as dist from ${products}
         where ${where} and ${code} = ${q} limit 1`,
    ),
    arm(
      1,
      sql`select ${products.code} as code, 0::float4 as dist from ${products}
         where ${where} and ${code} like ${prefix} order by ${code} using ~<~ limit ${limit}`,
    ),
  ];
  if (!short)
    arms.push(
      arm(
        2,
        sql`select ${products.code} as code, (${name} <->> ${q})::float4 as dist from ${products}
           where ${where} and ${name} %> ${q} and not ${isItemNumber}
           order by ${name} <->> ${q} limit ${limit}`,
      ),
    );
  else {
    // one to three letters: names starting with them, in name order, read as a btree range as far as the page
    arms.push(
      arm(
        2,
        sql`select ${products.code} as code, 0::float4 as dist from ${products}
           where ${where} and ${name} like ${prefix} order by ${name} using ~<~ limit ${limit}`,
      ),
    );
    // two or three letters: then names with another word starting with them, in the order the full-text index
    // gives them (the bitmap's: block order). Only as many rows as the page are read, however common the prefix
    // ('mat' starts a word of 16,000 names, which a sort by name would read every one of).
    if (tsq)
      arms.push(
        arm(
          3,
          sql`select ${products.code} as code, 0::float4 as dist from ${products}
             where ${where} and ${wordsOf} @@ to_tsquery('simple', ${tsq}) limit ${limit}`,
        ),
      );
  }
  // item #s containing the text (four letters or more; shorter ones match item #s by their start only)
  if (!short)
    arms.push(
      arm(
        3,
        sql`select ${products.code} as code, 0::float4 as dist from ${products}
           where ${where} and ${code} like ${contains} order by ${products.code} limit ${limit}`,
      ),
    );
  // a product found several ways keeps its best place
  const hits = sql`(select * from (select distinct on (code) code, tier, dist, pos
      from (${sql.join(arms, sql` union all `)}) arms order by code, tier, dist, pos) best
      order by tier, dist, pos, code limit ${perPage} offset ${limit - perPage}) h`;
  const rowsQuery = db
    .select(columns)
    .from(products)
    .innerJoin(hits, sql`h.code = ${products.code}`)
    .leftJoin(collections, eq(collections.id, products.collectionId))
    .leftJoin(colorFamilies, eq(colorFamilies.id, products.colorFamilyId))
    .leftJoin(profileTypes, eq(profileTypes.id, products.profileTypeId))
    .orderBy(sql`h.tier`, sql`h.dist`, sql`h.pos`, asc(products.code));

  // the same products as the arms, unranked: item # containing the text (or starting with it, up to three
  // letters) or a name matching it
  // a text starting with the search as the btree range it is (text_pattern_ops: byte order). Written as
  // `like 'wal%'`, the planner may take a name to the trigram GiST (a bitmap scan of most of that index), and
  // every row the count reads is tested again against the whole condition, product_name_words() included;
  // ranges that the indexes answer exactly are not tested again.
  const startsWith = (column: SQL) => sql`(${column} ~>=~ ${q} and ${column} ~<~ ${`${q}\u{10FFFF}`})`;
  const codeMatch = short ? startsWith(code) : sql`${code} like ${contains}`;
  const namePrefix = startsWith(name);
  const nameMatch = short
    ? tsq
      ? sql`(${namePrefix} or ${wordsOf} @@ to_tsquery('simple', ${tsq}))`
      : namePrefix
    : sql`(${products.displayName} %> ${q} and not ${isItemNumber})`;
  const nameMatchUnguarded = short ? nameMatch : sql`${products.displayName} %> ${q}`;
  const matching = sql`${where} and (${codeMatch} or ${nameMatch})`;
  return {
    rows: rowsQuery,
    count: sql`select count(*)::int as n from ${products} where ${matching}`,
    // planned without the item # guard (an InitPlan the planner guesses at): names and item #s as they match
    estimate: sql`select 1 from ${products} where ${where} and (${codeMatch} or ${nameMatchUnguarded})`,
  };
}

/**
 * The catalogue index's columns of every active product and the catalogue version they are at: one statement,
 * so one snapshot (docs/decisions/018).
 */
export async function indexedProducts(
  db: Queryable,
): Promise<{ version: number; products: IndexedProduct[] }> {
  const rows = await queryRows<{
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
        from ${catalogueVersion} v left join ${products} on ${products.active} = 1
        order by ${products.code}`,
  );
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
  account?: string | { sessionTokenHash: string },
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
      : await pageRowsForSession[withRows]!(db).execute({
          codes,
          rowCodes: rowsOf,
          tokenHash: account.sessionTokenHash,
        });
  return {
    version: Number(found?.version ?? -1),
    rows: found?.rows ?? [],
    stock: stockByCode(found?.stock ?? null, found?.locations ?? []),
    /** The account's pricing as the database wrote it (JSON text): the key of the net prices worked out with it. */
    pricingText: found?.pricing ?? undefined,
    pricing: found?.pricing ? (JSON.parse(found.pricing) as AccountPricingRow) : undefined,
    /** The session as the statement read it (sessionReadOf), when it was read by its token's hash. */
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
function pricingJson(acctnum: SQL) {
  return sql<AccountPricingRow>`json_build_object(
    'glassCode', (select a.g_disc from accounts a where a.acctnum = ${acctnum}::text),
    'matCode', (select a.b_disc from accounts a where a.acctnum = ${acctnum}::text),
    'discounts', ${discountsJson(acctnum)})`;
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
 * The columns of a signed-in page's statement, but the pricing (pageRowsForAccount, pageRowsForSession). Without
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
 * user (sessionReadOf, judged by the auth guard afterwards) and the pricing of the user's first account, with the
 * page, in one round trip. The pricing is the same JSON text pageRowsForAccount writes for that account (the net
 * prices' key); null for a session without an account.
 */
const pageRowsForSession = [false, true].map((withRows) =>
  perDatabase((db: Db) => {
    const tokenHash = sql.placeholder('tokenHash') as unknown as SQL;
    return db
      .select({
        session: sessionReadOf(tokenHash),
        pricing: sql<string | null>`(select json_build_object('glassCode', a.g_disc, 'matCode', a.b_disc,
          'discounts', ${discountsJson(sql`a.acctnum`)})::text
        from accounts a where a.acctnum = ${sessionAccountOf(tokenHash)})`,
        ...pageColumns(withRows),
      })
      .from(catalogueVersion)
      .prepare(withRows ? 'catalogue_page_rows_session' : 'catalogue_page_session');
  }),
);

const pageRowsPublic = perDatabase((db) =>
  db
    .select({ version: catalogueVersion.version, rows: pageRowsJson() })
    .from(catalogueVersion)
    .prepare('catalogue_page_rows'),
);
const catalogueVersionStatement = perDatabase((db) =>
  db.select({ version: catalogueVersion.version }).from(catalogueVersion).prepare('catalogue_version_now'),
);

export async function findProductsByCodes(db: Queryable, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select(columnsWith(false))
    .from(products)
    .leftJoin(collections, eq(collections.id, products.collectionId))
    .leftJoin(colorFamilies, eq(colorFamilies.id, products.colorFamilyId))
    .leftJoin(profileTypes, eq(profileTypes.id, products.profileTypeId))
    .where(and(inArray(products.code, codes), eq(products.active, 1)));
}

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

/** The Frame Creator's part filter groups (core, ply, sheet, kind) with counts under every filter of `c`. */
export function partFacets(db: Queryable, c: ProductCriteria) {
  return partFacetCounts(db, and(...conditions(c)));
}

/** Counts of one facet under every other active filter. */
export async function facetCounts(db: Queryable, c: ProductCriteria, group: FacetGroup) {
  const rows = await facetCountsQuery(db, c, group);
  return new Map(rows.map((r) => [String(r.key), Number(r.n)]));
}

export function facetCountsQuery(db: Queryable, c: ProductCriteria, group: FacetGroup) {
  const column = {
    collection: products.collectionId,
    finish: products.finishName,
    style: products.styleName,
    colorFamily: products.colorFamilyId,
    profileType: products.profileTypeId,
  }[group];
  return db
    .select({ key: column, n: sql<number>`count(*)::int` })
    .from(products)
    .where(and(...conditions(c, group), sql`${column} is not null`))
    .groupBy(column);
}

export const listProductTypes = (db: Queryable) =>
  db
    .select({ value: productTypes.value, name: productTypes.name })
    .from(productTypes)
    .orderBy(asc(productTypes.sortOrder));
export const listColorFamilies = (db: Queryable) =>
  db.select().from(colorFamilies).orderBy(asc(colorFamilies.name));
export const listProfileTypes = (db: Queryable) =>
  db.select().from(profileTypes).orderBy(asc(profileTypes.name));

export async function listCollections(
  db: Queryable,
  opts: { orderCol: 'name' | 'id'; orderDir: 'ASC' | 'DESC'; page: number; perPage: number },
) {
  const col = opts.orderCol === 'id' ? collections.id : collections.name;
  const order = opts.orderDir === 'DESC' ? sql`${col} desc` : sql`${col} asc`;
  const counts = db
    .select({ collectionId: products.collectionId, n: sql<number>`count(*)::int`.as('n') })
    .from(products)
    .where(eq(products.active, 1))
    .groupBy(products.collectionId)
    .as('counts');
  const rows = await db
    .select({
      id: collections.id,
      name: collections.name,
      value: collections.value,
      parentId: collections.parentId,
      n: counts.n,
    })
    .from(collections)
    .leftJoin(counts, eq(counts.collectionId, collections.id))
    .orderBy(order, asc(collections.id))
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(collections);
  return { rows, total: Number(total?.n ?? 0) };
}

export const listSettings = (db: Queryable) =>
  db.select({ name: settings.name, data: settings.data }).from(settings).orderBy(asc(settings.name));

export const listLocations = (db: Queryable) => db.select().from(locations).orderBy(asc(locations.sortOrder));

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

/** The account's entries that can price a product: its vendor's, its FrameLine's and the general keys. */
export function discountsFor(db: Queryable, acctnum: string, keys: (string | null)[]) {
  const vendors = ['', ...keys.filter((k): k is string => Boolean(k))];
  return db
    .select()
    .from(discounts)
    .where(and(eq(discounts.acctnum, acctnum), inArray(discounts.vendor, vendors)));
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

export const listDiscountLevels = (db: Queryable) => db.select().from(discountLevels);
