import { z } from 'zod';
import { ErrorBody } from '../common.ts';
import { defineRoute } from '../route.ts';

const tags = ['Price list'];

/** Ids sent as `collections=3&collections=7` or `collections=3,7`: read as one list of whole numbers. */
const idList = (max: number) =>
  z
    .union([z.string().max(2000), z.array(z.string().max(2000)).max(500)])
    .optional()
    .transform((value, ctx) => {
      const parts = (Array.isArray(value) ? value : value === undefined ? [] : [value])
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => v !== '');
      const ids = parts.map(Number);
      if (ids.some((n) => !Number.isInteger(n) || n < 0 || n > max) || ids.length > 500) {
        ctx.addIssue({ code: 'custom', message: 'must be a list of ids.' });
        return z.NEVER;
      }
      return [...new Set(ids)];
    });

/** Which products the price list covers: every active one, or those of the chosen collections and product types. */
export const PriceListQuery = z.object({
  collections: idList(1_000_000),
  types: idList(99),
});
export type PriceListQuery = z.input<typeof PriceListQuery>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/**
 * The signed-in account's price list (issue 32 §5): its net prices — its discounts applied, as the cart prices —
 * for the whole catalogue or chosen collections and types, one row per product and price kind. Needs the prices
 * right. The answers are files, streamed: no answer schema.
 */
export const priceListsContract = {
  /** The answer is the CSV file (text/csv). */
  priceListCsv: defineRoute({
    method: 'GET',
    path: '/api/account/price-list.csv',
    tags,
    summary:
      "The account's net prices as CSV: item #, description, collection, type, width, price kind, unit, net and list price",
    query: PriceListQuery,
    response: errors,
    right: 'prices',
  }),
  /** The answer is the PDF file (application/pdf). */
  priceListPdf: defineRoute({
    method: 'GET',
    path: '/api/account/price-list.pdf',
    tags,
    summary: "The account's net prices as a PDF price book, by collection (up to 25,000 items; 422 above)",
    query: PriceListQuery,
    response: { ...errors, 422: ErrorBody },
    right: 'prices',
  }),
};
