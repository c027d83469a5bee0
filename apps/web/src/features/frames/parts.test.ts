import type { FrameQuoteResponse } from '@mitrebox/api-contract';
import { defaultDesign, frameLayers, frameMessages } from '@mitrebox/domain';
import { describe, expect, it } from 'vitest';
import {
  designCodes,
  NOTHING_CHOSEN,
  partLooks,
  partSizes,
  partsByField,
  pickerFilters,
  placePart,
  whyNotToCart,
} from './parts.ts';

type Line = FrameQuoteResponse['data'][number];
const line = (part: Line['part'], message: string | null, layer: number | null = null): Line => ({
  part,
  layer,
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

  it('a rule about a lower mat, a fillet or the inner moulding names that part; a refused mat line its layer', () => {
    const rules = (errors: Record<string, string>, mats = 3) =>
      whyNotToCart({ anyPart: true, errors, quote: undefined, mats });
    expect(rules({ 'lowerMats.1': frameMessages.revealRange })).toBe(
      `Bottom mat: ${frameMessages.revealRange}`,
    );
    expect(rules({ 'lowerMats.0': frameMessages.revealRange })).toBe(
      `Middle mat: ${frameMessages.revealRange}`,
    );
    expect(rules({ 'lowerMats.0': frameMessages.revealRange }, 2)).toBe(
      `Bottom mat: ${frameMessages.revealRange}`,
    );
    expect(rules({ lowerMats: frameMessages.tooManyMats })).toBe(`Mat: ${frameMessages.tooManyMats}`);
    expect(rules({ fillet: frameMessages.filletNeedsMoulding })).toBe(
      `Fillet: ${frameMessages.filletNeedsMoulding}`,
    );
    expect(rules({ innerMoulding: frameMessages.innerNeedsMoulding })).toBe(
      `Inner moulding: ${frameMessages.innerNeedsMoulding}`,
    );
    const refused = quote(line('mat', null, 0), line('mat', 'Location can not be blank', 1));
    expect(whyNotToCart({ anyPart: true, errors: {}, quote: refused })).toBe(
      'Bottom mat: Location can not be blank',
    );
  });
});

describe('the parts of a layered design', () => {
  const d = {
    ...defaultDesign(),
    fWidth: 16,
    fHeight: 20,
    moulding: 'M',
    innerMoulding: 'L',
    fillet: { code: 'F', position: 'mat' as const },
    mat: 'A',
    lowerMats: [{ code: 'B', reveal: 4 }],
    glass: 'G',
  };
  const part = (Code: string, Width: number, sheet: { w: number; h: number } | null = null) =>
    ({
      Code,
      Width,
      sheet,
      swatch: '#112233',
      finish_name: 'Gold Leaf',
      profile_type: 'Scoop',
      category: 'Black Core',
    }) as never;

  it('a picked product goes to its slot: a new lower mat shows 1/4", a fillet keeps its position', () => {
    expect(placePart(d, { lowerMat: 'new' }, 'C').lowerMats).toEqual([
      { code: 'B', reveal: 4 },
      { code: 'C', reveal: 4 },
    ]);
    expect(placePart(d, { lowerMat: 0 }, 'C').lowerMats).toEqual([{ code: 'C', reveal: 4 }]);
    expect(placePart(d, 'fillet', 'F2').fillet).toEqual({ code: 'F2', position: 'mat' });
    expect(placePart(defaultDesign(), 'fillet', 'F2').fillet).toEqual({ code: 'F2', position: 'frame' });
    expect(placePart(d, 'innerMoulding', 'L2')).toEqual({ innerMoulding: 'L2' });
  });

  it('every code once; widths, sheets and looks by field, as the drawing reads them', () => {
    expect(designCodes({ ...d, lowerMats: [{ code: 'A', reveal: 4 }] })).toEqual(['M', 'L', 'F', 'A', 'G']);
    const parts = partsByField(d, [
      part('M', 2.25),
      part('L', 1),
      part('F', 0.375),
      part('A', 0, { w: 32, h: 40 }),
      part('B', 0, { w: 20, h: 24 }),
    ]);
    expect(partSizes(d, parts)).toMatchObject({
      mouldingWidth: 2.25,
      innerMouldingWidth: 1,
      filletWidth: 0.375,
      matSheet: { w: 32, h: 40 },
      lowerMatSheets: [{ w: 20, h: 24 }],
      glassSheet: null,
    });
    const looks = partLooks(d, parts);
    expect(looks.mats).toHaveLength(2);
    expect(looks.mats?.[1]).toEqual({ swatch: '#112233', core: 'black' });
    expect(looks.fillet?.finishName).toBe('Gold Leaf');
    // the layers use every width: 2 1/4 + 1 on each side of the 22 3/4 x 26 3/4 inside
    const layers = frameLayers(d, partSizes(d, parts));
    expect([layers.width, layers.height]).toEqual([22.75 + 6.5, 26.75 + 6.5]);
  });
});
