import { describe, expect, it } from 'vitest';
import { CatalogueIndex, type IndexedProduct, ROWS_KEPT } from './catalogue-index.ts';
import type { ProductRow } from './product-rows.ts';

/** n products of one type, item #s P000000 … in item # order. */
function products(n: number): IndexedProduct[] {
  return Array.from({ length: n }, (_, i) => {
    const code = `P${String(i).padStart(6, '0')}`;
    return {
      code,
      codeKey: code.toLowerCase(),
      name: `oak frame ${i % 97}`,
      type: 4,
      frameType: 'MOULDING',
      collectionId: i % 7,
      width: 1,
      height: null,
      rabbet: null,
      finishName: null,
      styleName: null,
      colorFamilyId: null,
      profileTypeId: null,
      price: i,
    };
  });
}

describe('what the catalogue index keeps beside its columns is bounded', () => {
  const n = ROWS_KEPT + 2_000;
  const ix = new CatalogueIndex(products(n), 1);
  const codes = ix.allCodes();

  it('keeps the rows used last, up to ROWS_KEPT, however many products buyers look at', () => {
    for (const code of codes) ix.rows.set(code, { code } as ProductRow);
    expect(ix.rows.size).toBe(ROWS_KEPT);
    expect(ix.rows.get(codes[0]!)).toBeUndefined();
    expect(ix.rows.get(codes[n - 1]!)?.code).toBe(codes[n - 1]);
    // a row read again is kept over those read before it
    ix.rows.get(codes[n - ROWS_KEPT]!);
    ix.rows.set(codes[0]!, { code: codes[0] } as ProductRow);
    expect(ix.rows.get(codes[n - ROWS_KEPT]!)).toBeDefined();
    expect(ix.rows.get(codes[n - ROWS_KEPT + 1]!)).toBeUndefined();
  });

  it('keeps row texts up to a number of characters, and net prices for a number of pricings and products', () => {
    const text = 'x'.repeat(1_000);
    for (const code of codes) ix.ownTexts.set(code, text);
    const kept = ix.kept();
    expect(kept.ownTextChars).toBeLessThanOrEqual(24_000_000);
    expect(kept.ownTexts).toBe(Math.floor(24_000_000 / 1_000));
    for (let k = 0; k < 20; k++) {
      const prices = ix.netPricesFor<{ net: number }>(`pricing ${k}`);
      for (let i = 0; i < 7_000; i++) prices.set(codes[i]!, { net: i });
    }
    // 16 pricings of 6,000 products at most
    expect(ix.kept().netPrices).toBe(16 * 6_000);
    expect(ix.netPricesFor<{ net: number }>('pricing 19').get(codes[6_999]!)).toEqual({ net: 6_999 });
    expect(ix.netPricesFor<{ net: number }>('pricing 19').get(codes[0]!)).toBeUndefined();
  });

  it('still answers pages and searches from its columns', () => {
    expect(ix.page({ type: 4 } as never, 2, 10).codes).toEqual(codes.slice(10, 20));
    expect(ix.page({ search: 'oak frame 5' } as never, 1, 5).total).toBeGreaterThan(0);
  });
});
