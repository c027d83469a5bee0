import { and, asc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { collections, colorFamilies, products, profileTypes } from './catalogue.tables.ts';
import { partConditions, partFacetCounts } from './catalogue-part-filters.ts';
import type { FacetGroup, ProductCriteria } from './product-criteria.ts';
import { columnsWith, headlineListPrice, type KnownTotal } from './product-rows.ts';

/**
 * A listing's SQL (the SQL product finder, sql-finder.ts): the WHERE every filter is written in, the sort orders,
 * a page's queries and the filter groups' counts.
 */

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of a product query; `skip` leaves out one facet's own condition (for that facet's counts). */
export function conditions(c: ProductCriteria, skip?: FacetGroup): SQL[] {
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
