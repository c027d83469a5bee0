import { Readable } from 'node:stream';
import type { SessionAccount } from '@mitrebox/api-contract';
import {
  type NetPrice,
  netPriceSheet,
  PRICE_KIND_LABELS,
  type PricedProduct,
  type PriceSheet,
  type PricingAccount,
  productTypeName,
} from '@mitrebox/domain';
import type { Db } from '../../platform/db.ts';
import { type PriceListFilter, type PriceListRow, priceListPage } from './price-list.repository.ts';
import { pricingOfAccount } from './pricing.repository.ts';
import { toPricing } from './pricing.service.ts';
import { escapeFormula } from './product-csv.ts';
import { productPrices } from './product-views.ts';

/**
 * The account's net prices for many products at once (issue 32 §5): the price list's CSV and PDF, and any other
 * reader of "products with the account's net prices" (the shop's API for point-of-sale software). Every figure is
 * packages/domain's netPricesOf — priceLine as the cart prices — through the account's price sheet (netPriceSheet:
 * the same figures, its discounts looked up once per export, not six cart lines a moulding); products are read a
 * page at a time by item # (keyset), so 100,000 of them are never held at once.
 */

/**
 * Products read per round trip: large enough that the database's time is its rows, small enough that a page's
 * objects die young (at 2,000 a page, 100,000 products spent 250–600 ms in garbage-collection pauses; at 1,000,
 * about 50 ms).
 */
export const PRICE_LIST_PAGE = 1000;

/** A product with its net price of each kind. */
export interface NetPricedProduct {
  code: string;
  description: string;
  collectionId: number | null;
  collection: string | null;
  type: number;
  typeName: string;
  frameType: string;
  /** Face width in inches, as stored ('1.5000'); null for products without one. */
  width: string | null;
  prices: NetPrice[];
}

/** What packages/domain prices a product with, from the price list's row. */
export function toPricedProduct(row: PriceListRow): PricedProduct {
  return {
    Code: row.code,
    FrameType: row.frameType,
    type: row.type,
    Width: row.width === null ? null : Number(row.width),
    Vendor: row.vendor,
    FrameLine: row.frameLine,
    bypass: row.bypass,
    box_qty: row.boxQty,
    box_nodiscount: row.boxNoDiscount,
    join_fee: row.joinFee,
    join_os_fee: row.joinOsFee,
    ...productPrices(row),
  };
}

/** An account's pricing as the cart reads it: its glass and mat levels and every discount entry. */
export async function accountPricing(q: Db, acctnum: string): Promise<PricingAccount> {
  return toPricing(await pricingOfAccount(q, acctnum));
}

/** The account's price sheet, from its own warehouse (its Denver keys when that is Denver): one per export or page. */
export const accountSheet = (pricing: PricingAccount, account: SessionAccount): PriceSheet =>
  netPriceSheet(pricing, account.Location);

/** A row priced with the account's sheet. */
export function netPriced(row: PriceListRow, sheet: PriceSheet): NetPricedProduct {
  return {
    code: row.code,
    description: row.displayName,
    collectionId: row.collectionId,
    collection: row.collectionName,
    type: row.type,
    typeName: productTypeName(row.type) ?? String(row.type),
    frameType: row.frameType,
    width: row.width,
    prices: sheet(toPricedProduct(row)),
  };
}

/**
 * One page of products with the account's net prices, after item # `after` (blank: from the start), in item #
 * order; `next` is the item # to ask the next page after, or null at the end.
 */
export async function netPricedProducts(
  q: Db,
  account: SessionAccount,
  filter: PriceListFilter,
  page: { after?: string; limit?: number; pricing?: PricingAccount; collectionId?: number | null } = {},
): Promise<{ products: NetPricedProduct[]; next: string | null }> {
  const limit = page.limit ?? PRICE_LIST_PAGE;
  const sheet = accountSheet(page.pricing ?? (await accountPricing(q, account.Acctnum)), account);
  const rows = await priceListPage(q, filter, page.after ?? '', limit, page.collectionId);
  return {
    products: rows.map((r) => netPriced(r, sheet)),
    next: rows.length === limit ? rows[rows.length - 1]!.code : null,
  };
}

/**
 * Every product of the filter with the account's net prices, a page at a time (optionally of one collection),
 * priced with one sheet. The next page is asked for before this one is priced: the database reads it meanwhile.
 */
export async function* netPricedPages(
  q: Db,
  account: SessionAccount,
  filter: PriceListFilter,
  opts: { pricing?: PricingAccount; collectionId?: number | null; limit?: number } = {},
): AsyncGenerator<NetPricedProduct[]> {
  const limit = opts.limit ?? PRICE_LIST_PAGE;
  const sheet = accountSheet(opts.pricing ?? (await accountPricing(q, account.Acctnum)), account);
  const read = (after: string) => {
    const rows = priceListPage(q, filter, after, limit, opts.collectionId);
    // a reader that stops early (the client went away) leaves the page read ahead unawaited: not a crash
    rows.catch(() => {});
    return rows;
  };
  let reading = read('');
  for (;;) {
    const rows = await reading;
    const next = rows.length === limit ? rows[rows.length - 1]!.code : null;
    if (next !== null) reading = read(next);
    if (rows.length > 0) yield rows.map((r) => netPriced(r, sheet));
    if (next === null) return;
  }
}

export const PRICE_LIST_CSV_HEADER = [
  'Item #',
  'Description',
  'Collection',
  'Type',
  'Width (in)',
  'Price kind',
  'Unit',
  'Net price',
  'List price',
  'Discount %',
  'Join fee per frame',
  'Oversize join fee per frame',
  'Feet per box',
];

/** One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, its quotes doubled. */
const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/**
 * A product's lines, one per price kind: its own cells are written once, then each price's (figures and labels,
 * which never need quoting). Text a spreadsheet would run as a formula starts with an apostrophe.
 */
export function csvText(p: NetPricedProduct): string {
  const own = [
    cell(escapeFormula(p.code)),
    cell(escapeFormula(p.description)),
    cell(escapeFormula(p.collection ?? '')),
    cell(p.typeName),
    p.width === null ? '' : String(Number(p.width)),
  ].join(',');
  let text = '';
  for (const price of p.prices)
    text += `${own},${PRICE_KIND_LABELS[price.kind]},${price.unit},${price.net},${price.list},${price.rate},${price.joinFee ?? ''},${price.oversizeJoinFee ?? ''},${price.boxFeet ?? ''}\n`;
  return text;
}

/**
 * The price list as CSV, streamed: the header, then each page of products as one chunk, read when the reply
 * asks for more (Readable.from waits on the socket), so memory holds a page, not the catalogue.
 */
export function priceListCsv(q: Db, account: SessionAccount, filter: PriceListFilter): Readable {
  async function* chunks() {
    yield `${PRICE_LIST_CSV_HEADER.map(cell).join(',')}\n`;
    for await (const page of netPricedPages(q, account, filter)) {
      let text = '';
      for (const p of page) text += csvText(p);
      yield text;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
