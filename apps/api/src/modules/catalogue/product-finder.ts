import type { SessionAccount } from '@mitrebox/api-contract';
import type { PricingAccount, UnitNetPrice } from '@mitrebox/domain';
import type { BuyerSession } from '../auth/auth.guard.ts';
import type { ListingPricing } from './pricing.service.ts';
import type { FacetCounts, ProductCriteria } from './product-criteria.ts';
import type { ProductRow, StockJson } from './product-rows.ts';

/**
 * Finding a listing's products: which products match a listing's criteria, in which order, how many, and each
 * filter group's counts. Two finders answer it (docs/decisions/018): the catalogue index held by the process
 * (index-finder.ts), asked first, and SQL (sql-finder.ts), which answers whatever the index cannot (no index yet,
 * the index behind the catalogue, the Frame Creator's part filters). Both give the same answers to the same
 * criteria (product-finder.test.ts).
 *
 * A new filter is a field of ProductCriteria (product-criteria.ts, with criteriaOf), its condition in SQL
 * (listing.repository.ts, `conditions`), its test in the index (catalogue-index.ts, `compile` and `passes`) or a refusal
 * there (`CatalogueIndex.answers`), and its values in the finders' agreement test.
 */
export interface ProductFinder {
  /** A page (from 1) of `perPage` products for anyone; undefined when this finder cannot answer it now. */
  page(c: ProductCriteria, page: number, perPage: number): Promise<FoundPage | undefined>;
  /**
   * A page for a buyer, with its stock and the account's pricing (`priced`, when the caller has it already).
   * `account` is the account the page is for once known: a buyer's session read by the page's own statement and
   * judged by the guard there (its 401 or 403 is then the answer), even when `found` is undefined.
   */
  buyerPage(
    c: ProductCriteria,
    page: number,
    perPage: number,
    buyer: Buyer,
    priced?: ListingPricing,
  ): Promise<{ found: PricedPage | undefined; account: SessionAccount | undefined }>;
  /** Each filter group's counts under every active filter but the group's own; undefined: cannot answer now. */
  facetCounts(c: ProductCriteria): Promise<FacetCounts | undefined>;
  /** This process changed the catalogue: nothing kept from before may answer. */
  invalidate(): void;
}

/** Whom a signed-in page is for: the account, or the buyer's session still to be read (by the page's statement). */
export type Buyer = SessionAccount | BuyerSession;

/** A page of a listing: its rows in the listing's order, and how many products the listing has in all. */
export interface FoundPage {
  rows: ProductRow[];
  total: number;
  /** The total is the planner's estimate (a large search answered with SQL), not a count. */
  estimated: boolean;
}

/**
 * What a finder keeps for pages to come (a kept row's text, a net price), by item #: bounded (an LRU with a size
 * limit, docs/decisions/018), so a value set may be gone at the next `get`.
 */
export interface Kept<V> {
  get(code: string): V | undefined;
  set(code: string, value: V): unknown;
}

/** A buyer's page and what pricing it needs. */
export interface PricedPage extends FoundPage {
  pricing: PricingAccount;
  /** Each row's stock by item #; undefined: the rows carry it, or it is read afterwards. */
  stockByCode: Map<string, StockJson[]> | undefined;
  /** Net prices of a unit already worked out for these rows with this pricing, by item # (kept by the finder). */
  netPrices: Kept<UnitNetPrice> | undefined;
  /** Each row's own fields as JSON text (listing-json.ts), by item # (kept by the finder). */
  ownTexts: Kept<string> | undefined;
}
