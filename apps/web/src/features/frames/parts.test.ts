import type { FrameQuoteResponse } from '@mitrebox/api-contract';
import { frameMessages } from '@mitrebox/domain';
import { describe, expect, it } from 'vitest';
import { NOTHING_CHOSEN, pickerFilters, whyNotToCart } from './parts.ts';

type Line = FrameQuoteResponse['data'][number];
const line = (part: Line['part'], message: string | null): Line => ({
  part,
  layer: null,
  label: part,
  Code: part,
  Description: part,
  item: null,
  message,
  field: null,
  stock: [],
});
const quote = (...data: Line[]): FrameQuoteResponse => ({
  data,
  total: '0.00',
  complete: data.every((l) => !l.message),
  builderFeet: 0,
});

describe('the part picker asks the listing for what is chosen', () => {
  it('nothing chosen: no filter at all (a fresh picker lists every part of its kind)', () => {
    expect(pickerFilters(NOTHING_CHOSEN)).toEqual({});
  });

  it("each part's groups become the listing's filters", () => {
    expect(
      pickerFilters({ ...NOTHING_CHOSEN, collection: '133', finish: 'Gold Leaf', width: '2-3' }),
    ).toEqual({
      collection: [133],
      finish: ['Gold Leaf'],
      width: { from: '2', to: '2 15/16' },
    });
    expect(
      pickerFilters({ ...NOTHING_CHOSEN, colour: '4', core: 'black', ply: '8', sheet: '32x40' }),
    ).toEqual({
      color_family: [4],
      mat_core: ['black'],
      ply: [8],
      sheet: ['32x40'],
    });
    expect(pickerFilters({ ...NOTHING_CHOSEN, glazing: 'museum' })).toEqual({ glazing: ['museum'] });
  });
});

describe('why Add to Cart is not available', () => {
  it('no part; a rule of the design, named by its part; the size; a refused text; a line the price refuses', () => {
    expect(whyNotToCart({ anyPart: false, errors: {}, quote: undefined })).toBe(
      'Select a frame, mat or glazing first.',
    );
    const tooLarge = frameMessages.borderTooLarge(32, 40);
    expect(whyNotToCart({ anyPart: true, errors: { matTB: tooLarge }, quote: undefined })).toBe(
      `Mat: ${tooLarge}`,
    );
    expect(
      whyNotToCart({ anyPart: true, errors: { fWidth: frameMessages.sizeRange }, quote: undefined }),
    ).toBe(`Size: ${frameMessages.sizeRange}`);
    expect(whyNotToCart({ anyPart: true, errors: {}, quote: undefined, refused: 'Mat: type inches' })).toBe(
      'Mat: type inches',
    );
    const refused = quote(line('moulding', null), line('glass', 'Location can not be blank'));
    expect(whyNotToCart({ anyPart: true, errors: {}, quote: refused })).toBe(
      'Glazing: Location can not be blank',
    );
    expect(whyNotToCart({ anyPart: true, errors: {}, quote: quote(line('moulding', null)) })).toBeNull();
  });
});
