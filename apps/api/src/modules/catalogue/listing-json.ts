import { AccountProduct, AccountProductsResponse } from '@mitrebox/api-contract';
import type { z } from 'zod';
import { fastJsonOf, withDataJson } from '../../platform/fast-json.ts';

/**
 * A signed-in listing's answer written in pieces (docs/decisions/018, "A product's own fields written once"): each
 * product's own fields — everything of `AccountProduct` but its stock, its availability here and its net price —
 * are the same on every page, for every account, at one catalogue version, so the catalogue index keeps their JSON
 * text per row; only the rest is written per request. Every piece is written by fast-json-stringify from the
 * contract's own schemas, and the whole is the JSON `fastJsonOf(AccountProductsResponse)` writes
 * (`listing-json.test.ts` compares them on generated answers).
 */
const PER_REQUEST = { stock: true, available_here: true, stocked_here: true, net_price: true } as const;
const ProductOwnFields = AccountProduct.omit(PER_REQUEST);
const ProductPerRequest = AccountProduct.pick(PER_REQUEST);
export type ProductOwnFields = z.output<typeof ProductOwnFields>;
export type ProductPerRequest = z.output<typeof ProductPerRequest>;

const ownFieldsJson = fastJsonOf(ProductOwnFields);
const perRequestJson = fastJsonOf(ProductPerRequest);
const pageJson = fastJsonOf(AccountProductsResponse);

/** A product's own fields as JSON, its closing brace left off: the piece the index keeps per row. */
export function ownFieldsText(fields: ProductOwnFields): string {
  return ownFieldsJson(fields).slice(0, -1);
}

/** A whole product: its own fields' text (`ownFieldsText`) and what this request adds to it. */
export function productText(ownText: string, perRequest: ProductPerRequest): string {
  // both pieces are objects with at least one property: '{"Code":…' and '{"stock":…}'
  return `${ownText},${perRequestJson(perRequest).slice(1)}`;
}

/** The page's answer: its products' texts (`productText`) as `data`, and the rest of `page` as the schema writes it. */
export function pageText(products: string[], page: Omit<AccountProductsResponse, 'data'>): string {
  return withDataJson(pageJson, page, `[${products.join(',')}]`);
}
