import type { ProductFiltersResponse } from '@mitrebox/api-contract';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import type { BuyerSession } from '../auth/auth.guard.ts';
import {
  listCollections,
  listColorFamilies,
  listProductTypes,
  listProfileTypes,
} from './catalogue-content.ts';
import type { IndexFinder } from './index-finder.ts';
import { partFacets } from './listing.repository.ts';
import { ownFieldsText, type ProductOwnFields, pageText, productText } from './listing-json.ts';
import type { ListingPricing } from './pricing.service.ts';
import { criteriaOf, type ListQuery, type ProductCriteria } from './product-criteria.ts';
import type { Buyer, ProductFinder } from './product-finder.ts';
import type { ProductViews } from './product-views.ts';
import type { SqlFinder } from './sql-finder.ts';
import { stockLists } from './stock.ts';

const SIGN_IN_TO_SORT_BY_PRICE = 'Sign in to sort by price.';

/** What a finder answers when it is not asked (a buyer known to have no account). */
const NOT_ASKED: Awaited<ReturnType<ProductFinder['buyerPage']>> = { found: undefined, account: undefined };

export type CatalogueListing = ReturnType<typeof createCatalogueListing>;

/**
 * The shop's listings and the header search (GET /api/Shop/Products, /api/Products) and their filter groups: pages
 * found by the catalogue index, else by SQL (product-finder.ts), shown to anyone or to an account.
 */
export function createCatalogueListing(deps: {
  db: Db;
  config: Config;
  index: IndexFinder;
  sql: SqlFinder;
  views: ProductViews;
}) {
  const { db, config, index, sql } = deps;
  const { toPublic, ownFields, perRequest, toAccount } = deps.views;

  /**
   * Filter counts are the same for every account: computed once per filter set and reused by whoever asks
   * next, for COUNTS_CACHE_MS.
   */
  const filterCounts = new LRUCache<string, Promise<ProductFiltersResponse>>({
    max: 500,
    ttl: config.COUNTS_CACHE_MS || 1,
  });

  /**
   * The rows of a signed-in listing's page and what pricing them needs: from the index, the page, its stock and the
   * account's pricing (and the session) in one round trip, with the rows the index holds and their own fields'
   * texts; with SQL, the page (with its stock) and the pricing at once.
   */
  async function accountPage(q: ListQuery, who: Buyer, priced?: ListingPricing) {
    const c = criteriaOf(q);
    const buyer = 'Acctnum' in who || !who.known ? who : who.known.user.accounts[0];
    const indexed = buyer ? await index.buyerPage(c, q.page, q.items_per_page, buyer, priced) : NOT_ASKED;
    const account =
      indexed.account ??
      (buyer && 'Acctnum' in buyer ? buyer : (await (who as BuyerSession).alone()).user.accounts[0]);
    if (!account) throw new Error('a buyer without an account passed the guard');
    if (indexed.found) return { page: indexed.found, account };
    return { page: (await sql.buyerPage(c, q.page, q.items_per_page, account, priced)).found, account };
  }

  async function countFilters(c: ProductCriteria): Promise<ProductFiltersResponse> {
    const [types, cols, families, profiles, counts] = await Promise.all([
      listProductTypes(db),
      listCollections(db, { orderCol: 'name', orderDir: 'ASC', page: 1, perPage: 1000 }),
      listColorFamilies(db),
      listProfileTypes(db),
      index.facetCounts(c).then((found) => found ?? sql.facetCounts(c)),
    ]);
    const {
      collection: colCounts,
      finish: finishCounts,
      style: styleCounts,
      colorFamily: familyCounts,
      profileType: profileCounts,
    } = counts;
    const keep = (count: number, selected: boolean) => count > 0 || selected;
    const sel = <T>(list: T[] | undefined, v: T) => Boolean(list?.includes(v));
    const named = (counts: Map<string, number>, selected: string[] | undefined) =>
      [...new Set([...counts.keys(), ...(selected ?? [])])]
        .sort((a, b) => a.localeCompare(b))
        .map((value) => ({ value, name: value, count: counts.get(value) ?? 0 }));
    return {
      type: types,
      collection: cols.rows
        .map((r) => ({ id: r.id, name: r.name, collectionCount: colCounts.get(String(r.id)) ?? 0 }))
        .filter((r) => keep(r.collectionCount, sel(c.collection, r.id))),
      finish: named(finishCounts, c.finish),
      style: named(styleCounts, c.style),
      color_family: families
        .map((r) => ({ id: r.id, name: r.name, count: familyCounts.get(String(r.id)) ?? 0 }))
        .filter((r) => keep(r.count, sel(c.colorFamily, r.id))),
      profile_type: profiles
        .map((r) => ({ id: r.id, name: r.name, count: profileCounts.get(String(r.id)) ?? 0 }))
        .filter((r) => keep(r.count, sel(c.profileType, r.id))),
    };
  }

  return {
    ...indexUpkeep(index),

    invalidate() {
      index.invalidate();
      sql.invalidate();
      filterCounts.clear();
    },

    async publicProducts(q: ListQuery) {
      // the order of prices is price information too: anonymous visitors see none
      if (q.sort === 'price') throw badRequest(SIGN_IN_TO_SORT_BY_PRICE, { sort: SIGN_IN_TO_SORT_BY_PRICE });
      const c = criteriaOf(q);
      const { rows, total, estimated } =
        (await index.page(c, q.page, q.items_per_page)) ?? (await sql.page(c, q.page, q.items_per_page));
      return pageOf(rows.map(toPublic), total, q, '/api/Shop/Products', estimated);
    },

    /**
     * A page of a listing as the account sees it: `who` is the account, or the buyer's session, then read by the
     * page's own statement and judged by the guard there (docs/decisions/018).
     */
    async accountProducts(q: ListQuery, who: Buyer, priced?: ListingPricing) {
      const { page: p, account } = await accountPage(q, who, priced);
      const products = await toAccount(p.rows, account, db, p.pricing, {
        stockByCode: p.stockByCode,
        netPrices: p.netPrices,
      });
      return pageOf(products, p.total, q, '/api/Products', p.estimated);
    },

    /**
     * `accountProducts` as the JSON text its route answers with (listing-json.ts): each product's own fields
     * written once per row at the index's version and kept by the index, the rest written per request.
     */
    async accountProductsText(q: ListQuery, who: Buyer, priced?: ListingPricing): Promise<string> {
      const { page: p, account } = await accountPage(q, who, priced);
      const lists = await stockLists(p.rows, db, p.stockByCode);
      const texts = p.ownTexts;
      const products = p.rows.map((row) => {
        let own = texts?.get(row.code);
        let fields: ProductOwnFields | undefined;
        if (own === undefined) {
          fields = ownFields(row);
          own = ownFieldsText(fields);
          texts?.set(row.code, own);
        }
        const added = perRequest(row, lists.get(row.code) ?? [], account, p.pricing, p.netPrices, fields);
        return productText(own, added);
      });
      const { data: _, ...page } = pageOf(p.rows, p.total, q, '/api/Products', p.estimated);
      return pageText(products, page);
    },

    /** Filter groups with counts; each group's counts apply every active filter but its own. */
    async filters(q: Omit<ListQuery, 'page' | 'items_per_page'>): Promise<ProductFiltersResponse> {
      const c = criteriaOf(q);
      if (!config.COUNTS_CACHE_MS) return countFilters(c);
      const key = JSON.stringify(c);
      const hit = filterCounts.get(key);
      if (hit) return hit;
      const made = countFilters(c);
      filterCounts.set(key, made);
      made.catch(() => filterCounts.delete(key));
      return made;
    },

    /** The Frame Creator's part filter groups (mat core, ply, sheet, glazing kind) with their counts. */
    partFilters(q: Omit<ListQuery, 'page' | 'items_per_page'>) {
      return partFacets(db, criteriaOf(q));
    },
  };
}

/** The catalogue index's upkeep, as the server, the readiness check, the benchmark and tests use it. */
function indexUpkeep(index: IndexFinder) {
  return {
    /** Builds the catalogue index now rather than at the first listing (the server, once it listens). */
    warmIndex: () => index.warm(),
    /** The index's builds wait for `until` (the server's start); listings are answered with SQL meanwhile. */
    holdIndexBuilds: (until: Promise<unknown>) => index.holdBuilds(until),
    closeIndex: () => index.close(),
    indexAnswered: () => index.answered(),
    /** Which finder answers listings now: the catalogue index, or PostgreSQL while it is built (the readiness check). */
    catalogueServing: () => index.serving(),
  };
}

function pageOf<T>(data: T[], total: number, q: ListQuery, path: string, estimated = false) {
  const lastPage = Math.max(q.page, Math.ceil(total / q.items_per_page), 1);
  let next: string | null = null;
  // an estimated total may be off either way: a full page has a next one, a short page is the last
  if (estimated ? data.length === q.items_per_page : q.page < lastPage) {
    const params = new URLSearchParams();
    if (q.TopSearch) params.set('TopSearch', q.TopSearch);
    if (q.frameType) params.set('frameType', q.frameType);
    if (q.type !== undefined) params.set('type', String(q.type));
    if (q.filters && Object.keys(q.filters).length) params.set('filters', JSON.stringify(q.filters));
    if (q.fbimg) params.set('fbimg', '1');
    if (q.frame_creator_active) params.set('frame_creator_active', '1');
    if (q.sort) params.set('sort', q.sort);
    if (q.sort && q.dir) params.set('dir', q.dir);
    params.set('items_per_page', String(q.items_per_page));
    params.set('page', String(q.page + 1));
    next = `${path}?${params}`;
  }
  return {
    data,
    total,
    ...(estimated ? { total_estimated: true } : {}),
    current_page: q.page,
    per_page: q.items_per_page,
    last_page: lastPage,
    next_page_url: next,
  };
}
