import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../platform/db.ts';
import { collections, colorFamilies, products, profileTypes } from './catalogue.tables.ts';
import { conditions, escapeLike } from './listing.repository.ts';
import type { ProductCriteria } from './product-criteria.ts';
import { columnsWith, type KnownTotal } from './product-rows.ts';

/** A search the planner expects to match at most this many products is counted; past it the total is its estimate. */
export const SEARCH_EXACT_COUNT_UP_TO = 200;

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
export async function searchProducts(
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
