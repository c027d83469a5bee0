import { Readable } from 'node:stream';
import type { SessionAccount } from '@mitrebox/api-contract';
import {
  type NetPrice,
  netPricesOf,
  PRICE_KIND_LABELS,
  type PricedProduct,
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
 * packages/domain's netPricesOf, which prices with priceLine as the cart does; products are read a page at a time by
 * item # (keyset), so 100,000 of them are never held at once.
 */

/** Products read per round trip: large enough that the database's time is its rows, small enough to hold. */
export const PRICE_LIST_PAGE = 2000;

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

/** A row priced for the account, from its own warehouse (its Denver keys when that is Denver). */
export function netPriced(
  row: PriceListRow,
  pricing: PricingAccount,
  location: string | null,
): NetPricedProduct {
  return {
    code: row.code,
    description: row.displayName,
    collectionId: row.collectionId,
    collection: row.collectionName,
    type: row.type,
    typeName: productTypeName(row.type) ?? String(row.type),
    frameType: row.frameType,
    width: row.width,
    prices: netPricesOf(toPricedProduct(row), pricing, location),
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
  const pricing = page.pricing ?? (await accountPricing(q, account.Acctnum));
  const rows = await priceListPage(q, filter, page.after ?? '', limit, page.collectionId);
  return {
    products: rows.map((r) => netPriced(r, pricing, account.Location)),
    next: rows.length === limit ? rows[rows.length - 1]!.code : null,
  };
}

/** Every product of the filter with the account's net prices, a page at a time (optionally of one collection). */
export async function* netPricedPages(
  q: Db,
  account: SessionAccount,
  filter: PriceListFilter,
  opts: { pricing?: PricingAccount; collectionId?: number | null; limit?: number } = {},
): AsyncGenerator<NetPricedProduct[]> {
  const pricing = opts.pricing ?? (await accountPricing(q, account.Acctnum));
  let after = '';
  for (;;) {
    const page = await netPricedProducts(q, account, filter, { ...opts, after, pricing });
    if (page.products.length > 0) yield page.products;
    if (!page.next) return;
    after = page.next;
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

/** A product's rows: one per price kind. Text a spreadsheet would run as a formula starts with an apostrophe. */
export function csvRecords(p: NetPricedProduct): (string | number)[][] {
  const width = p.width === null ? '' : String(Number(p.width));
  return p.prices.map((price) => [
    escapeFormula(p.code),
    escapeFormula(p.description),
    escapeFormula(p.collection ?? ''),
    p.typeName,
    width,
    PRICE_KIND_LABELS[price.kind],
    price.unit,
    price.net,
    price.list,
    price.rate,
    price.joinFee ?? '',
    price.oversizeJoinFee ?? '',
    price.boxFeet ?? '',
  ]);
}

/** One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, its quotes doubled. */
const cell = (v: string | number) => {
  const text = String(v);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
export const csvLines = (records: (string | number)[][]) =>
  records.map((r) => `${r.map(cell).join(',')}\n`).join('');

/**
 * The price list as CSV, streamed: the header, then each page of products as one chunk, read when the reply
 * asks for more (Readable.from waits on the socket), so memory holds a page, not the catalogue.
 */
export function priceListCsv(q: Db, account: SessionAccount, filter: PriceListFilter): Readable {
  async function* chunks() {
    yield csvLines([PRICE_LIST_CSV_HEADER]);
    for await (const page of netPricedPages(q, account, filter)) yield csvLines(page.flatMap(csvRecords));
  }
  return Readable.from(chunks(), { objectMode: false });
}
