import type { SessionAccount } from '@mitrebox/api-contract';
import type { UnitNetPrice } from '@mitrebox/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import {
  catalogueVersionNow,
  indexedProducts,
  pageRowsByCodes,
  type SessionColumns,
  sessionPageStatements,
} from './catalogue-index.repository.ts';
import { CatalogueIndex, ROWS_KEPT } from './catalogue-index.ts';
import { catalogueIndexKeeper } from './index-keeper.ts';
import { type ListingPricing, pricingKey, toPricing } from './pricing.service.ts';
import type { ProductCriteria } from './product-criteria.ts';
import type { Buyer, PricedPage, ProductFinder } from './product-finder.ts';
import type { ProductRow } from './product-rows.ts';

/** Products' rows read in one statement while a new catalogue index is filled (about 2 ms of JSON.parse at 1,000). */
const ROWS_READ_AT_ONCE = 1_000;

/**
 * Active products' rows (without stock) read into a new index at its version, a chunk at a time, while the index
 * already answers: a page then reads only its stock and the account's pricing (docs/decisions/018). As many as the
 * index keeps (ROWS_KEPT: every one up to 30,000 products, then the first in item # order). A chunk
 * read at another version stops the fill (the index is behind and is rebuilt); a chunk's JSON is parsed at once,
 * so chunks stay small enough not to hold up requests.
 */
async function fillRows(db: Db, seen: (version: number) => void, ix: CatalogueIndex, stale: () => boolean) {
  const codes = ix.allCodes();
  const upTo = Math.min(codes.length, ROWS_KEPT);
  for (let from = 0; from < upTo; from += ROWS_READ_AT_ONCE) {
    if (stale()) return;
    const wanted = codes
      .slice(from, Math.min(upTo, from + ROWS_READ_AT_ONCE))
      .filter((code) => !ix.rows.has(code));
    if (wanted.length === 0) continue;
    const found = await pageRowsByCodes(db, wanted);
    seen(found.version);
    if (found.version !== ix.version) return;
    for (const row of found.rows) if (!ix.rows.has(row.code)) ix.rows.set(row.code, row);
  }
}

/** The catalogue index as a product finder, and its own upkeep. */
export interface IndexFinder extends ProductFinder {
  /** Builds the index now rather than at the first listing (the server, once it listens). */
  warm(): Promise<void>;
  /** Builds wait for `until` (the server's start); listings are answered with SQL meanwhile. */
  holdBuilds(until: Promise<unknown>): void;
  close(): Promise<void>;
  /** How many listing pages (searches among them) and filter counts it answered, and how many rows it holds. */
  answered(): { pages: number; searches: number; counts: number; sessionsInPage: number; rowsHeld: number };
  /**
   * Which finder answers listings now: the index (and how many products it holds, and what it keeps beside them), or
   * PostgreSQL (no index yet — it is being built — or CATALOGUE_INDEX=false). Told by the readiness check.
   */
  serving(): CatalogueServing;
}

/** Which finder answers listings now (IndexFinder.serving). */
export type CatalogueServing =
  | { serving: 'index'; products: number; version: number; kept: ReturnType<CatalogueIndex['kept']> }
  | { serving: 'database'; reason: 'index being built' | 'index off' };

function servingOf(indexOn: boolean, ix: CatalogueIndex | undefined): CatalogueServing {
  if (!indexOn) return { serving: 'database', reason: 'index off' };
  return ix
    ? { serving: 'index', products: ix.size, version: ix.version, kept: ix.kept() }
    : { serving: 'database', reason: 'index being built' };
}

/**
 * The rows of `codes` the index holds now, taken before the page's statement runs (another page may push them out
 * of the index meanwhile), and the item #s whose rows the statement reads.
 */
function heldRows(ix: CatalogueIndex, codes: string[]) {
  const held = new Map<string, ProductRow>();
  const missing: string[] = [];
  for (const code of codes) {
    const row = ix.rows.get(code);
    if (row) held.set(code, row);
    else missing.push(code);
  }
  return { held, missing };
}

/** A page with the account's pricing: one a buyer's page can be answered with. */
const isPriced = (
  page: (Omit<PricedPage, 'pricing'> & Partial<PricedPage>) | undefined,
): page is PricedPage => page?.pricing !== undefined;

/**
 * The product finder of the catalogue index: the active products' filter and sort columns, held by the process
 * (docs/decisions/018): a listing's page of item #s, its total and the filter counts without counting rows in the
 * database. Exact: each page is checked against the catalogue version read with its rows; a page at another version
 * is not answered (SQL answers it), and the index is rebuilt.
 */
export function createIndexFinder(deps: {
  db: Db;
  config: Config;
  /** The auth module's SQL that reads a buyer's session in a page's statement. */
  sessionColumns: SessionColumns;
  /** Told when the catalogue index cannot be built (listings are then answered with SQL). */
  onError?: (err: unknown) => void;
}): IndexFinder {
  const { db, config } = deps;
  const sessionPages = sessionPageStatements(deps.sessionColumns);

  const index = catalogueIndexKeeper({
    load: async () => {
      const { version, products } = await indexedProducts(db);
      return new CatalogueIndex(products, version);
    },
    fill: (ix, stale) => fillRows(db, (version) => index.seen(version), ix, stale),
    onError: deps.onError,
  });

  /** How many listing pages (searches among them) and filter counts the index answered (tests, the benchmark). */
  const answered = { pages: 0, searches: 0, counts: 0, sessionsInPage: 0 };
  /** How many products' rows the index holds (tests). */
  const rowsHeld = () => (config.CATALOGUE_INDEX ? (index.peek()?.rows.size ?? 0) : 0);
  const indexFor = (c: ProductCriteria) =>
    config.CATALOGUE_INDEX && CatalogueIndex.answers(c) ? index.current() : undefined;

  /**
   * A listing page from the index: its item #s and total from the index, its rows (and stock) from the database
   * with the catalogue's version in the same statement. `found` is undefined when there is no index yet or the
   * catalogue has changed since it was built. For a buyer's session, `account` is the account of the session the
   * page's statement read and the guard accepted (undefined: the statement did not run).
   */
  async function pageFromIndex(
    c: ProductCriteria,
    page: number,
    perPage: number,
    buyer?: Buyer,
    priced?: ListingPricing,
  ) {
    const ix = indexFor(c);
    if (!ix) return { found: undefined, account: undefined };
    const { codes, total } = ix.page(c, page, perPage);
    const { found, account } = await rowsAtIndexVersion(ix, codes, buyer, priced);
    if (found) {
      answered.pages++;
      if (c.search) answered.searches++;
    }
    return { found: found && { ...found, total, estimated: false }, account };
  }

  /**
   * The rows of `codes` (item #s the index gave) in that order, exactly as the database has them at the index's
   * version: the rows the index already holds at that version, the others read with the version and (for a buyer)
   * every row's stock and the account's pricing, in one statement — with the buyer's session too when it is not
   * known yet (judged by the guard before anything else: its 401 or 403 is the answer). `found` is undefined when
   * the catalogue has moved on since the index was built (the caller answers with SQL, and the index is rebuilt).
   * With `priced`, the page is priced with it rather than with the pricing the statement read.
   */
  async function rowsAtIndexVersion(
    ix: CatalogueIndex,
    codes: string[],
    buyer?: Buyer,
    priced?: ListingPricing,
  ) {
    const { held, missing } = heldRows(ix, codes);
    const read = await pageRowsByCodes(
      db,
      codes,
      buyer === undefined || 'Acctnum' in buyer
        ? buyer?.Acctnum
        : { tokenHash: buyer.tokenHash, statements: sessionPages },
      missing,
    );
    let account: SessionAccount | undefined;
    if (buyer && !('Acctnum' in buyer)) {
      account = (await buyer.settle(read.session)).user.accounts[0];
      answered.sessionsInPage++;
    } else account = buyer;
    index.seen(read.version);
    if (read.version !== ix.version) return { found: undefined, account };
    for (const row of read.rows) {
      ix.rows.set(row.code, row);
      held.set(row.code, row);
    }
    const rows: ProductRow[] = [];
    for (const code of codes) {
      const row = held.get(code);
      if (!row) return { found: undefined, account };
      rows.push(row);
    }
    const found = {
      rows,
      // the rows are the index's own (never changed): the stock goes beside them
      stockByCode: read.stock,
      ownTexts: ix.ownTexts,
      pricing: priced ? priced.pricing : read.pricing ? toPricing(read.pricing) : undefined,
      netPrices: priced
        ? ix.netPricesFor<UnitNetPrice>(priced.key)
        : account && read.pricingText !== undefined
          ? ix.netPricesFor<UnitNetPrice>(pricingKey(account, read.pricingText))
          : undefined,
    };
    return { found, account };
  }

  return {
    async page(c: ProductCriteria, page: number, perPage: number) {
      return (await pageFromIndex(c, page, perPage)).found;
    },

    async buyerPage(
      c: ProductCriteria,
      page: number,
      perPage: number,
      buyer: Buyer,
      priced?: ListingPricing,
    ) {
      const answer = await pageFromIndex(c, page, perPage, buyer, priced);
      // without the account's pricing (a session without an account) the page is not answered here
      if (!isPriced(answer.found)) answer.found = undefined;
      return answer as { found: PricedPage | undefined; account: SessionAccount | undefined };
    },

    /** The filter groups' counts from the index, if it is there and still the catalogue's version. */
    async facetCounts(c: ProductCriteria) {
      const ix = indexFor(c);
      if (!ix) return undefined;
      const counts = ix.facetCounts(c);
      const version = await catalogueVersionNow(db);
      index.seen(version);
      if (version !== ix.version) return undefined;
      answered.counts++;
      return counts;
    },

    invalidate: () => index.invalidate(),
    warm: () => (config.CATALOGUE_INDEX ? index.warm() : Promise.resolve()),
    holdBuilds: (until) => index.hold(until),
    close: () => index.close(),
    answered: () => ({ ...answered, rowsHeld: rowsHeld() }),
    serving: () => servingOf(config.CATALOGUE_INDEX, index.peek()),
  };
}
