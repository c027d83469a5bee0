import type { SessionAccount } from '@mitrebox/api-contract';
import type { PricingAccount } from '@mitrebox/domain';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { facetCounts, listingQueries } from './listing.repository.ts';
import type { ListingPricing } from './pricing.service.ts';
import type { FacetCounts, ProductCriteria } from './product-criteria.ts';
import type { Buyer, FoundPage, PricedPage, ProductFinder } from './product-finder.ts';
import { columnsWith, type KnownTotal } from './product-rows.ts';
import { searchProducts } from './search.repository.ts';

/** SQL as a product finder: it answers every listing, whenever asked. */
export interface SqlFinder extends ProductFinder {
  page(c: ProductCriteria, page: number, perPage: number): Promise<FoundPage>;
  buyerPage(
    c: ProductCriteria,
    page: number,
    perPage: number,
    buyer: Buyer,
    priced?: ListingPricing,
  ): Promise<{ found: PricedPage; account: SessionAccount }>;
  facetCounts(c: ProductCriteria): Promise<FacetCounts>;
}

/** A page of a listing with SQL: a search ranked (search.repository.ts), or a listing in its order (listing.repository.ts). */
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

/**
 * The product finder of SQL (docs/decisions/004, 018): answers a search, a listing before the catalogue index is
 * built or while it is behind, and the Frame Creator's part filters. Pages and totals are kept for a short while.
 */
export function createSqlFinder(deps: {
  db: Db;
  config: Config;
  /** The account's pricing, read beside a buyer's page. */
  pricingOf: (acctnum: string) => Promise<PricingAccount>;
}): SqlFinder {
  const { db, config } = deps;

  /**
   * Catalogue pages are the same for everyone (prices are list prices; stock is laid over fresh on each
   * request), so a page of codes and its total is kept for a short while. Staff edits call invalidate();
   * other API processes see an edit within the TTL. See docs/decisions/004.
   */
  const pages = new LRUCache<string, Awaited<ReturnType<typeof findProducts>>>({
    max: 2000,
    ttl: config.CATALOGUE_CACHE_MS || 1,
  });
  /**
   * Totals of filter sets, the same for every account and every page: counted once per filter set and reused
   * for COUNTS_CACHE_MS (with the listing caches off too; docs/decisions/018).
   */
  const totals = new LRUCache<string, KnownTotal>({ max: 5000, ttl: config.COUNTS_CACHE_MS || 1 });

  /** A page of a listing with SQL (a search, no index yet, or the index behind the catalogue). */
  async function findPageWithSql(c: ProductCriteria, page: number, perPage: number, account?: string) {
    const withStock = account !== undefined;
    const countKey = JSON.stringify({ ...c, sort: undefined, dir: undefined });
    const known = config.COUNTS_CACHE_MS ? totals.get(countKey) : undefined;
    const found = await findPageRows(c, page, perPage, withStock, known);
    if (config.COUNTS_CACHE_MS && !known)
      totals.set(countKey, { total: found.total, estimated: found.estimated });
    return found;
  }

  async function findPageRows(
    c: ProductCriteria,
    page: number,
    perPage: number,
    withStock: boolean,
    known: KnownTotal | undefined,
  ) {
    // uncached, the page's stock comes with its rows (one query); cached pages get stock laid over fresh
    if (!config.CATALOGUE_CACHE_MS) return findProducts(db, c, page, perPage, { withStock, known });
    const key = JSON.stringify([c, page, perPage]);
    const hit = pages.get(key);
    if (hit) return hit;
    const found = await findProducts(db, c, page, perPage, { known });
    pages.set(key, found);
    return found;
  }

  async function facetCountsFromSql(c: ProductCriteria) {
    const [collection, finish, style, colorFamily, profileType] = await Promise.all([
      facetCounts(db, c, 'collection'),
      facetCounts(db, c, 'finish'),
      facetCounts(db, c, 'style'),
      facetCounts(db, c, 'colorFamily'),
      facetCounts(db, c, 'profileType'),
    ]);
    return { collection, finish, style, colorFamily, profileType };
  }

  return {
    page: (c, page, perPage) => findPageWithSql(c, page, perPage),

    async buyerPage(c, page, perPage, buyer, priced) {
      const account = 'Acctnum' in buyer ? buyer : (await buyer.alone()).user.accounts[0];
      if (!account) throw new Error('a buyer without an account passed the guard');
      const [{ rows, total, estimated }, pricing] = await Promise.all([
        findPageWithSql(c, page, perPage, account.Acctnum),
        priced?.pricing ?? deps.pricingOf(account.Acctnum),
      ]);
      const found = {
        rows,
        total,
        estimated,
        pricing,
        stockByCode: undefined,
        netPrices: undefined,
        ownTexts: undefined,
      };
      return { found, account };
    },

    facetCounts: facetCountsFromSql,

    invalidate() {
      pages.clear();
      totals.clear();
    },
  };
}
