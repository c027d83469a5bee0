// A signed-in listing written in pieces (listing-json.ts) is the JSON its schema's writer gives for the whole answer,
// for any valid answer: each product's own fields written on their own, its stock, availability and net price per
// request, then the page around them.
import { AccountProduct, AccountProductsResponse } from '@mitrebox/api-contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { fastJsonOf } from '../../platform/fast-json.ts';
import { valuesOf } from '../../testing/zod-values.ts';
import { ownFieldsText, pageText, productText } from './listing-json.ts';

const whole = fastJsonOf(AccountProductsResponse);
const PER_REQUEST = ['stock', 'available_here', 'stocked_here', 'net_price'];

/** The answer written in pieces, as accountProductsText writes it. */
function inPieces(answer: AccountProductsResponse) {
  const { data, ...page } = answer;
  const products = data.map((p) => {
    const own = Object.fromEntries(Object.entries(p).filter(([k]) => !PER_REQUEST.includes(k)));
    const added = Object.fromEntries(Object.entries(p).filter(([k]) => PER_REQUEST.includes(k)));
    return productText(ownFieldsText(own as never), added as never);
  });
  return pageText(products, page);
}

describe('a listing written in pieces', () => {
  it('is the JSON of the whole answer, for any answer', () => {
    fc.assert(
      fc.property(valuesOf(AccountProductsResponse), (generated) => {
        const answer = generated as AccountProductsResponse;
        const text = inPieces(answer);
        // the same bytes as the whole answer written at once, and the zod serializer's JSON
        expect(text).toBe(whole(answer));
        expect(JSON.parse(text)).toEqual(
          JSON.parse(JSON.stringify(z.encode(AccountProductsResponse, answer))),
        );
      }),
      { seed: 42, numRuns: 150 },
    );
  });

  it('writes an empty page and a product without a net price', () => {
    const page = { total: 0, current_page: 1, per_page: 20, last_page: 1, next_page_url: null };
    expect(pageText([], page)).toBe(whole({ ...page, data: [] }));
    const product = fc.sample(valuesOf(AccountProduct), { seed: 7, numRuns: 1 })[0] as AccountProduct;
    const { net_price: _, ...plain } = product;
    expect(inPieces({ ...page, total: 1, data: [plain] })).toBe(whole({ ...page, total: 1, data: [plain] }));
  });
});
