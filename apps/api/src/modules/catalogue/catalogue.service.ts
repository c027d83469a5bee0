import type {
  AccountProduct,
  Collection,
  ProductFilterSet,
  ProductFiltersResponse,
  ProductPrices,
  PublicProduct,
  SessionAccount,
} from '@mitrebox/api-contract';
import {
  availableQty,
  formatInches,
  isStockedAt,
  type PricingAccount,
  parseRange,
  plainFieldMessage,
  type UnitNetPrice,
  unitNetPrice,
} from '@mitrebox/domain';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import type { AccountFacts } from '../accounts/accounts.service.ts';
import type { BuyerSession } from '../auth/auth.guard.ts';
import { sanitizeSettings } from '../content/content-pages.ts';
import type { ProductCriteria, ProductRow } from './catalogue.repository.ts';
import * as repo from './catalogue.repository.ts';
import { CatalogueIndex, catalogueIndexKeeper } from './catalogue-index.ts';
import {
  ownFieldsText,
  type ProductOwnFields,
  type ProductPerRequest,
  pageText,
  productText,
} from './listing-json.ts';
import { pricedProducts } from './priced-products.ts';

export interface ListQuery {
  TopSearch?: string;
  frameType?: string;
  type?: number;
  page: number;
  items_per_page: number;
  filters?: ProductFilterSet;
  fbimg?: boolean;
  frame_creator_active?: boolean;
  sort?: ProductCriteria['sort'];
  dir?: ProductCriteria['dir'];
}

const SIGN_IN_TO_SORT_BY_PRICE = 'Sign in to sort by price.';

const num = (v: string | null) => (v === null ? null : Number(v));

/** Products' rows read in one statement while a new catalogue index is filled (about 2 ms of JSON.parse at 1,000). */
const ROWS_READ_AT_ONCE = 1_000;

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/** Whom a signed-in page is for: the account, or the buyer's session still to be read (by the page's statement). */
type Buyer = SessionAccount | BuyerSession;

/** An account's pricing as a listing prices with it, and the key of the answers it gives (listingPricing). */
export interface ListingPricing {
  key: string;
  pricing: PricingAccount;
}

export function createCatalogueService(deps: {
  db: Db;
  config: Config;
  /** Told when the catalogue index cannot be built (listings are then answered with SQL). */
  onIndexError?: (err: unknown) => void;
}) {
  const { db, config } = deps;
  const imageBase = config.IMAGE_BASE_URL.replace(/\/$/, '');

  /**
   * The active products' filter and sort columns, held by the process (docs/decisions/018): a listing's page of
   * item #s, its total and the filter counts without counting rows in the database. Exact: each page is checked
   * against the catalogue version read with its rows.
   */
  const index = catalogueIndexKeeper({
    load: async () => {
      const { version, products } = await repo.indexedProducts(db);
      return new CatalogueIndex(products, version);
    },
    fill: fillRows,
    onError: deps.onIndexError,
  });

  /**
   * Every active product's row (without stock) read into a new index at its version, a chunk at a time, while the
   * index already answers: a page then reads only its stock and the account's pricing (docs/decisions/018). A chunk
   * read at another version stops the fill (the index is behind and is rebuilt); a chunk's JSON is parsed at once,
   * so chunks stay small enough not to hold up requests.
   */
  async function fillRows(ix: CatalogueIndex, stale: () => boolean) {
    const codes = ix.allCodes();
    for (let from = 0; from < codes.length; from += ROWS_READ_AT_ONCE) {
      if (stale()) return;
      const wanted = codes.slice(from, from + ROWS_READ_AT_ONCE).filter((code) => !ix.rows.has(code));
      if (wanted.length === 0) continue;
      const found = await repo.pageRowsByCodes(db, wanted);
      index.seen(found.version);
      if (found.version !== ix.version) return;
      for (const row of found.rows) if (!ix.rows.has(row.code)) ix.rows.set(row.code, row);
    }
  }
  /** How many listing pages (searches among them) and filter counts the index answered (tests, the benchmark). */
  const indexAnswered = { pages: 0, searches: 0, counts: 0, sessionsInPage: 0 };
  /** How many products' rows the index holds (tests). */
  const rowsHeld = () => (config.CATALOGUE_INDEX ? (index.peek()?.rows.size ?? 0) : 0);
  const indexFor = (c: ProductCriteria) =>
    config.CATALOGUE_INDEX && CatalogueIndex.answers(c) ? index.current() : undefined;

  /**
   * A listing page from the index: its item #s and total from the index, its rows (and stock) from the database
   * with the catalogue's version in the same statement. `found` is undefined when there is no index yet or the
   * catalogue has changed since it was built (the caller then answers with SQL). For a buyer's session, `account` is
   * the account of the session the page's statement read and the guard accepted (undefined: the statement did not run).
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
      indexAnswered.pages++;
      if (c.search) indexAnswered.searches++;
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
    const missing = codes.filter((code) => !ix.rows.has(code));
    const read = await repo.pageRowsByCodes(
      db,
      codes,
      buyer === undefined || 'Acctnum' in buyer ? buyer?.Acctnum : { sessionTokenHash: buyer.tokenHash },
      missing,
    );
    let account: SessionAccount | undefined;
    if (buyer && !('Acctnum' in buyer)) {
      account = (await buyer.settle(read.session)).user.accounts[0];
      indexAnswered.sessionsInPage++;
    } else account = buyer;
    index.seen(read.version);
    if (read.version !== ix.version) return { found: undefined, account };
    for (const row of read.rows) ix.rows.set(row.code, row);
    const rows: ProductRow[] = [];
    for (const code of codes) {
      const row = ix.rows.get(code);
      if (!row) return { found: undefined, account };
      rows.push(row);
    }
    const found = {
      rows,
      // the rows are the index's own (never changed): the stock goes beside them
      stock: read.stock,
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

  /**
   * Catalogue pages are the same for everyone (prices are list prices; stock is laid over fresh on each
   * request), so a page of codes and its total is kept for a short while. Staff edits call invalidate();
   * other API processes see an edit within the TTL. See docs/decisions/004.
   */
  const pages = new LRUCache<string, Awaited<ReturnType<typeof repo.findProducts>>>({
    max: 2000,
    ttl: config.CATALOGUE_CACHE_MS || 1,
  });
  /**
   * Totals of filter sets, the same for every account and every page: counted once per filter set and reused
   * for COUNTS_CACHE_MS (with the listing caches off too; docs/decisions/018).
   */
  const totals = new LRUCache<string, repo.KnownTotal>({ max: 5000, ttl: config.COUNTS_CACHE_MS || 1 });

  /** A page of a listing (from the index, else with SQL); signed in, with stock (and pricing, when at hand). */
  async function findPage(c: ProductCriteria, page: number, perPage: number) {
    return (await pageFromIndex(c, page, perPage)).found ?? findPageWithSql(c, page, perPage);
  }

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
    known: repo.KnownTotal | undefined,
  ) {
    // uncached, the page's stock comes with its rows (one query); cached pages get stock laid over fresh
    if (!config.CATALOGUE_CACHE_MS) return repo.findProducts(db, c, page, perPage, { withStock, known });
    const key = JSON.stringify([c, page, perPage]);
    const hit = pages.get(key);
    if (hit) return hit;
    const found = await repo.findProducts(db, c, page, perPage, { known });
    pages.set(key, found);
    return found;
  }

  /**
   * Filter counts are the same for every account: computed once per filter set and reused by whoever asks
   * next, for COUNTS_CACHE_MS.
   */
  const filterCounts = new LRUCache<string, Promise<ProductFiltersResponse>>({
    max: 500,
    ttl: config.COUNTS_CACHE_MS || 1,
  });

  function imageOf(row: { frameType: string; code: string; manufCode: string | null }): string {
    if (row.frameType === 'MATS')
      return `${imageBase}/mats/${encodeURIComponent(row.manufCode ?? row.code)}.jpg`;
    return `${imageBase}/frames/${encodeURIComponent(row.code)}.jpg`;
  }

  /** Turns the query into SQL criteria; malformed sizes are the client's fault (400 with the reason). */
  function criteria(q: Omit<ListQuery, 'page' | 'items_per_page'>): ProductCriteria {
    const f = q.filters ?? {};
    const range = (name: string, r: ProductFilterSet['width']) => {
      try {
        return parseRange(r);
      } catch (err) {
        const message = plainFieldMessage(name, (err as Error).message);
        throw badRequest(message, { [`filters.${name}`]: message });
      }
    };
    const search = q.TopSearch?.trim();
    return {
      search: search ? search : undefined,
      type: q.type ?? f.type,
      frameType: q.frameType,
      collection: f.collection,
      width: range('width', f.width),
      height: range('height', f.height),
      rabbet: range('rabbet', f.rabbet),
      finish: f.finish,
      style: f.style,
      colorFamily: f.color_family,
      profileType: f.profile_type,
      matCore: f.mat_core,
      ply: f.ply,
      sheet: f.sheet,
      glazing: f.glazing,
      frameBuilderImage: q.fbimg,
      frameCreator: q.frame_creator_active,
      sort: q.sort,
      dir: q.sort ? q.dir : undefined,
    };
  }

  function toPublic(row: ProductRow): PublicProduct {
    return {
      Code: row.code,
      Description: row.description,
      display_name: row.displayName,
      FrameType: row.frameType,
      type: row.type,
      category: row.category,
      Width: num(row.width),
      width_display: formatInches(row.width),
      Height: num(row.height),
      rabbet: num(row.rabbet),
      rabbet_display: formatInches(row.rabbet),
      ManufCode: row.manufCode,
      fiLoc: row.fiLoc,
      collection_id: row.collectionId,
      collection_name: row.collectionName,
      finish_name: row.finishName,
      style_name: row.styleName,
      color_family: row.colorFamily,
      profile_type: row.profileType,
      box_qty: row.boxQty,
      image: imageOf(row),
    };
  }

  function prices(row: ProductRow): ProductPrices {
    return {
      Length: row.length,
      Chop: row.chop,
      JoinAmt: row.joinAmt,
      Length2: row.length2,
      Hardware: row.hardware,
      Glass1: row.glass1,
      Glass2: row.glass2,
      Glass3: row.glass3,
      Glass4: row.glass4,
      Mat1: row.mat1,
      Mat2: row.mat2,
      Mat3: row.mat3,
      Mat4: row.mat4,
      Mat5: row.mat5,
      Readymade: row.readymade,
    };
  }

  /**
   * An account's pricing as listings price with it, kept per account for LISTING_CACHE_MS (the age a micro-cached
   * listing may have anyway): the key of its answers and net prices is its warehouse and the pricing's JSON text
   * exactly as the database writes it (glass and mat levels, every discount entry in order), so accounts whose
   * pricing is the same share answers, and any difference is another key.
   */
  const listingPricings = new LRUCache<string, ListingPricing>({
    max: 10_000,
    ttl: config.LISTING_CACHE_MS || 1,
  });
  const pricingKey = (account: SessionAccount, pricingText: string) =>
    `${account.Location ?? ''}|${pricingText}`;

  /** What packages/domain prices with for this account: its glass and mat levels and every discount entry. */
  async function pricingOf(acctnum: string): Promise<PricingAccount> {
    return toPricing(await repo.pricingOfAccount(db, acctnum));
  }

  const toPricing = (p: repo.AccountPricingRow): PricingAccount => ({
    glassCode: p.glassCode,
    matCode: p.matCode,
    discounts: p.discounts.map(toDiscount),
  });

  const toDiscount = (d: {
    vendor: string;
    key: string;
    discRate: string;
    joinFee: string | null;
    joinOsFee: string | null;
  }) => ({ Vendor: d.vendor, key: d.key, DiscRate: d.discRate, JoinFee: d.joinFee, JoinOSFee: d.joinOsFee });

  async function accountDiscounts(acctnum: string, q: Queryable = db) {
    return (await repo.discountsOfAccount(q, acctnum)).map(toDiscount);
  }

  /**
   * Products by code with their stock, as the account sees them, and the account's prices and row — one round
   * trip (pricedProducts). `withNetPrice` adds each product's net price of a unit.
   */
  async function forAccount(
    codes: string[],
    account: SessionAccount,
    q: Queryable = db,
    withNetPrice = false,
  ): Promise<{ products: AccountProduct[]; pricing: PricingAccount; account: AccountFacts | undefined }> {
    const found = await pricedProducts(q, codes, account.Acctnum);
    const pricing: PricingAccount = {
      glassCode: found.account?.gDisc ?? null,
      matCode: found.account?.bDisc ?? null,
      discounts: found.discounts.map(toDiscount),
    };
    const products = await toAccount(found.rows, account, q, withNetPrice ? pricing : undefined);
    return { products, pricing, account: found.account };
  }

  /**
   * Products as the account sees them; with `pricing`, each carries the account's net price of a unit (taken from
   * `netPrices` when worked out before for the same row, pricing and warehouse, and kept there). Stock comes from
   * `stockByCode`, else from the rows (read with it), else from the database.
   */
  async function toAccount(
    rows: ProductRow[],
    account: SessionAccount,
    q: Queryable = db,
    pricing?: PricingAccount,
    opts: { stockByCode?: Map<string, repo.StockJson[]>; netPrices?: Map<string, UnitNetPrice> } = {},
  ): Promise<AccountProduct[]> {
    const lists = await stockLists(rows, q, opts.stockByCode);
    return rows.map((row) => {
      const own = ownFields(row);
      return { ...own, ...perRequest(row, lists.get(row.code) ?? [], account, pricing, opts.netPrices, own) };
    });
  }

  /** The stock of `rows` per item #, as products show it: from `stockByCode`, else the rows, else the database. */
  async function stockLists(
    rows: ProductRow[],
    q: Queryable,
    stockByCode?: Map<string, repo.StockJson[]>,
  ): Promise<Map<string, AccountProduct['stock']>> {
    // rows read with their stock (uncached listings) need no second query
    const stock = stockByCode
      ? rows.flatMap((r) => stockByCode.get(r.code) ?? [])
      : rows.every((r) => r.stock)
        ? rows.flatMap((r) => r.stock ?? [])
        : await repo.stockOf(
            q,
            rows.map((r) => r.code),
          );
    const byCode = new Map<string, AccountProduct['stock']>();
    for (const s of stock) {
      const list = byCode.get(s.code) ?? [];
      list.push({
        Loc: s.location,
        Name: s.name,
        Onhand: Number(s.onhand),
        CommitAmt: Number(s.commitAmt),
        available: availableQty(s.onhand, s.commitAmt),
      });
      byCode.set(s.code, list);
    }
    return byCode;
  }

  /** A product's own fields: the same for every account and request at one version of its row. */
  function ownFields(row: ProductRow): ProductOwnFields {
    return {
      ...toPublic(row),
      ...prices(row),
      Vendor: row.vendor,
      FrameLine: row.frameLine,
      bypass: row.bypass,
      box_nodiscount: row.boxNoDiscount,
      join_fee: row.joinFee,
      join_os_fee: row.joinOsFee,
    };
  }

  /** What the account and this request add to a product: its stock, what is available here, its net price. */
  function perRequest(
    row: ProductRow,
    stock: AccountProduct['stock'],
    account: SessionAccount,
    pricing?: PricingAccount,
    netPrices?: Map<string, UnitNetPrice>,
    own?: ProductOwnFields,
  ): ProductPerRequest {
    const here = stock.find((s) => s.Loc === account.Location)?.available ?? 0;
    const shaped = { stock, available_here: here, stocked_here: isStockedAt(row.frameType, here) };
    if (!pricing) return shaped;
    let net = netPrices?.get(row.code);
    if (!net) {
      net = unitNetPrice({ ...(own ?? ownFields(row)), ...shaped }, pricing, account.Location);
      netPrices?.set(row.code, net);
    }
    return { ...shaped, net_price: net };
  }

  /**
   * The rows of a signed-in listing's page and what pricing them needs: from the index, the page, its stock and the
   * account's pricing (and the session) in one round trip, with the rows the index holds and their own fields'
   * texts; with SQL, the page (with its stock) and the pricing at once.
   */
  async function accountPage(q: ListQuery, who: Buyer, priced?: ListingPricing) {
    const c = criteria(q);
    const buyer = 'Acctnum' in who || !who.known ? who : who.known.user.accounts[0];
    const indexed = await pageFromIndex(c, q.page, q.items_per_page, buyer, priced);
    const account =
      indexed.account ??
      (buyer && 'Acctnum' in buyer ? buyer : (await (who as BuyerSession).alone()).user.accounts[0]);
    if (!account) throw new Error('a buyer without an account passed the guard');
    const page = indexed.found;
    if (page?.pricing)
      return {
        account,
        rows: page.rows,
        total: page.total,
        estimated: false,
        pricing: page.pricing,
        stockByCode: page.stock,
        netPrices: page.netPrices,
        ownTexts: page.ownTexts,
      };
    const [{ rows, total, estimated }, pricing] = await Promise.all([
      findPageWithSql(c, q.page, q.items_per_page, account.Acctnum),
      priced?.pricing ?? pricingOf(account.Acctnum),
    ]);
    return {
      account,
      rows,
      total,
      estimated,
      pricing,
      stockByCode: undefined,
      netPrices: undefined,
      ownTexts: undefined,
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

  /** The filter groups' counts from the index, if it is there and still the catalogue's version. */
  async function facetCountsFromIndex(c: ProductCriteria) {
    const ix = indexFor(c);
    if (!ix) return undefined;
    const counts = ix.facetCounts(c);
    const version = await repo.catalogueVersionNow(db);
    index.seen(version);
    if (version !== ix.version) return undefined;
    indexAnswered.counts++;
    return counts;
  }

  async function facetCountsFromSql(c: ProductCriteria) {
    const [collection, finish, style, colorFamily, profileType] = await Promise.all([
      repo.facetCounts(db, c, 'collection'),
      repo.facetCounts(db, c, 'finish'),
      repo.facetCounts(db, c, 'style'),
      repo.facetCounts(db, c, 'colorFamily'),
      repo.facetCounts(db, c, 'profileType'),
    ]);
    return { collection, finish, style, colorFamily, profileType };
  }

  async function countFilters(c: ProductCriteria): Promise<ProductFiltersResponse> {
    const [types, cols, families, profiles, counts] = await Promise.all([
      repo.listProductTypes(db),
      repo.listCollections(db, { orderCol: 'name', orderDir: 'ASC', page: 1, perPage: 1000 }),
      repo.listColorFamilies(db),
      repo.listProfileTypes(db),
      facetCountsFromIndex(c).then((found) => found ?? facetCountsFromSql(c)),
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
    imageOf,
    toPublic,

    /** Builds the catalogue index now rather than at the first listing (the server, once it listens). */
    warmIndex: () => (config.CATALOGUE_INDEX ? index.warm() : Promise.resolve()),
    closeIndex: () => index.close(),
    indexAnswered: () => ({ ...indexAnswered, rowsHeld: rowsHeld() }),

    invalidate() {
      index.invalidate();
      pages.clear();
      totals.clear();
      filterCounts.clear();
    },

    async publicProducts(q: ListQuery) {
      // the order of prices is price information too: anonymous visitors see none
      if (q.sort === 'price') throw badRequest(SIGN_IN_TO_SORT_BY_PRICE, { sort: SIGN_IN_TO_SORT_BY_PRICE });
      const { rows, total, estimated } = await findPage(criteria(q), q.page, q.items_per_page);
      return pageOf(rows.map(toPublic), total, q, '/api/Shop/Products', estimated);
    },

    /**
     * A page of a listing as the account sees it: `who` is the account, or the buyer's session, then read by the
     * page's own statement and judged by the guard there (docs/decisions/018).
     */
    async accountProducts(q: ListQuery, who: Buyer, priced?: ListingPricing) {
      const p = await accountPage(q, who, priced);
      const products = await toAccount(p.rows, p.account, db, p.pricing, {
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
      const p = await accountPage(q, who, priced);
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
        const added = perRequest(row, lists.get(row.code) ?? [], p.account, p.pricing, p.netPrices, fields);
        return productText(own, added);
      });
      const { data: _, ...page } = pageOf(p.rows, p.total, q, '/api/Products', p.estimated);
      return pageText(products, page);
    },

    /**
     * The account's pricing for listings (kept for LISTING_CACHE_MS): `key` names the answers it gives, the same for
     * every account with the same warehouse, levels and discounts (the micro-cache of listings is keyed by it).
     */
    async listingPricing(account: SessionAccount): Promise<ListingPricing> {
      const kept = config.LISTING_CACHE_MS ? listingPricings.get(account.Acctnum) : undefined;
      if (kept) return kept;
      const text = await repo.pricingTextOfAccount(db, account.Acctnum);
      const priced = {
        key: pricingKey(account, text),
        pricing: toPricing(JSON.parse(text) as repo.AccountPricingRow),
      };
      if (config.LISTING_CACHE_MS) listingPricings.set(account.Acctnum, priced);
      return priced;
    },

    /** Filter groups with counts; each group's counts apply every active filter but its own. */
    async filters(q: Omit<ListQuery, 'page' | 'items_per_page'>): Promise<ProductFiltersResponse> {
      const c = criteria(q);
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
      return repo.partFacets(db, criteria(q));
    },

    async collections(q: {
      perPage: number;
      page: number;
      orderCol: 'name' | 'id';
      orderDir: 'ASC' | 'DESC';
    }) {
      const { rows, total } = await repo.listCollections(db, q);
      const data: Collection[] = rows.map((r) => ({
        id: r.id,
        name: r.name,
        value: r.value,
        image: `${imageBase}/collections/${encodeURIComponent(r.value)}.jpg`,
        product_count: Number(r.n ?? 0),
      }));
      return { data, total };
    },

    async settings() {
      // rich-text pages (who_we_are, Policy, Terms, faq, store_locations) leave sanitised
      return { data: sanitizeSettings(await repo.listSettings(db)) };
    },

    async locations(q: Queryable = db) {
      const rows = await repo.listLocations(q);
      return rows.map((l) => ({
        Loc: l.code,
        Name: l.name,
        Addr1: l.addr1,
        Addr2: l.addr2,
        City: l.city,
        State: l.state,
        Zip: l.zip,
        Phone: l.phone,
      }));
    },

    /** Products with prices and stock for the account, by code (cart and order placement). */
    async accountProductsByCodes(codes: string[], account: SessionAccount, q: Queryable = db) {
      return toAccount(await repo.findProductsByCodes(q, codes), account, q);
    },

    /** Products by code with stock and the account's net price of a unit (Buy Again, the signed-in home). */
    async pricedByCodes(codes: string[], account: SessionAccount) {
      if (codes.length === 0) return [];
      return (await forAccount(codes, account, db, true)).products;
    },

    /**
     * Products by code with their stock as the account sees them, with the account's prices (as packages/domain
     * prices with) and the facts of its row the order copies: one round trip (cart and order placement).
     */
    forAccount,

    /** Every discount entry of an account, in the shape packages/domain prices with. */
    accountDiscounts,

    /**
     * The account's discount levels as labels (My Account, GET /api/discountlbl): each code of the account
     * (B_Disc mats, C_Disc chop, G_Disc glass, J_Disc join, L_Disc length, H_Disc hardware) with its name.
     */
    async discountLabels(
      codes: Record<'B_Disc' | 'C_Disc' | 'G_Disc' | 'J_Disc' | 'L_Disc' | 'H_Disc', string | null>,
    ) {
      const levels = await repo.listDiscountLevels(db);
      const labels = {
        B_Disc: 'Mats',
        C_Disc: 'Chop',
        G_Disc: 'Glass',
        J_Disc: 'Join',
        L_Disc: 'Length',
        H_Disc: 'Hardware',
      } as const;
      return (Object.keys(labels) as (keyof typeof labels)[]).map((field) => {
        const category = field[0];
        const code = codes[field];
        const level = levels.find((l) => l.category === category && l.code === code);
        return { category, field, label: labels[field], code, name: level?.name ?? (code ? code : 'None') };
      });
    },

    /** Stock of one product in every warehouse, and the account's own (GET /api/getLocationQty). */
    async locationQty(code: string, account: SessionAccount) {
      const [product] = (await forAccount([code], account)).products;
      if (!product) return undefined;
      const LocationQty = Object.fromEntries(product.stock.map((s) => [s.Loc, s]));
      const own = product.stock.find((s) => s.Loc === account.Location);
      return { LocationQty, AccountLocs: { Location: account.Location ?? '', Name: own?.Name ?? '' } };
    },

    /** The stock rows' lock for order placement, a CTE of its statement (catalogue.repository.ts). */
    lockStockOf: repo.lockStockOf,

    /** The statement that commits shipped quantities per warehouse, a CTE of the order's insert. */
    commitStockOf: repo.commitStockOf,

    /** Public facts of products by code, for other modules (recent purchases, cart). */
    async publicByCodes(codes: string[]) {
      return (await repo.findProductsByCodes(db, codes)).map(toPublic);
    },

    /** The picture of a product by its code (the product page's largest picture), or none for an unknown code. */
    async imageOfCode(code: string): Promise<string | undefined> {
      const [row] = await repo.findProductsByCodes(db, [code]);
      return row ? imageOf(row) : undefined;
    },

    /** GET /api/getProductDetailsByCode: public fields for anyone; prices, stock and discounts when signed in. */
    async details(code: string, account: SessionAccount | undefined) {
      if (!account) {
        const [row] = await repo.findProductsByCodes(db, [code]);
        return row ? { products: { [row.code]: toPublic(row) }, discounts: [] } : undefined;
      }
      // the product, its stock and the account's prices in one round trip
      const { products: found, pricing } = await forAccount([code], account, db, true);
      const shaped = found[0];
      if (!shaped) return undefined;
      // the entries that can price this product: its vendor's, its FrameLine's and the general ones
      const keys = ['', shaped.Vendor, shaped.FrameLine].filter((k) => k !== null);
      const discounts = pricing.discounts.filter((d) => keys.includes(d.Vendor));
      return { products: { [shaped.Code]: shaped }, discounts };
    },
  };
}
