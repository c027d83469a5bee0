import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFrameData, encodeFrameData, FrameDataError, normaliseDesign } from './frame-codec.ts';
import { defaultDesign, type FrameDesign, frameMessages, validateDesign } from './frame-design.ts';
import { DEFAULT_MAT_OVERLAP, MAT_OPENINGS, MAT_OVERLAPS } from './frame-model.ts';
import { matTotals } from './frame-sizes.ts';

/** A design as the Frame Creator saved it before lower mats, fillets, inner mouldings and two openings. */
const savedBefore = {
  fWidth: 16,
  fWidthFrac: 8,
  fHeight: 20,
  fHeightFrac: 0,
  file: `img_${'a'.repeat(40)}`,
  crop: { x: 0.1, y: 0, w: 0.8, h: 1 },
  moulding: 'MOULD-1',
  mat: 'MAT-1',
  glass: 'GLASS-1',
  matTB: 3,
  matTBFrac: 0,
  matLR: 2,
  matLRFrac: 8,
  matLock: false,
  matOverlap: 4 as const,
  notes: 'For the hall — walnut',
};

/** framedata as the server wrote it before (Buffer's base64url of the JSON). */
const oldFramedata = (d: object) => Buffer.from(JSON.stringify(d)).toString('base64url');

describe('normaliseDesign: a saved design in today’s shape', () => {
  it('a design saved before the new layers keeps every field and gains none of them', () => {
    const d = normaliseDesign(savedBefore);
    expect(d).toEqual({
      ...savedBefore,
      lowerMats: [],
      fillet: null,
      innerMoulding: null,
      matOpening: 'rectangle',
      matGap: 16,
      file2: null,
    });
    // and it measures as it did: opening 16 1/2 − 1/2 by 20 − 1/2, borders 2 × 2 1/2 and 2 × 3
    expect(matTotals(d)).toEqual({
      artWidth: 264,
      artHeight: 320,
      borderTB: 96,
      borderLR: 80,
      openingWidth: 256,
      openingHeight: 312,
      outerWidth: 336,
      outerHeight: 408,
    });
    expect(validateDesign(d, { mouldingWidth: 1 })).toEqual({});
  });

  it('today’s defaultDesign with a moulding, mat and glass reads back as itself', () => {
    const d: FrameDesign = { ...defaultDesign(), moulding: 'M', mat: 'MAT', glass: 'G' };
    expect(normaliseDesign(JSON.parse(JSON.stringify(d)))).toEqual(d);
    // the same without the new fields, as today's screen keeps it
    const { lowerMats, fillet, innerMoulding, matOpening, matGap, file2, ...before } = d;
    expect(normaliseDesign(before)).toEqual(d);
  });

  it('missing fields take the defaults; unknown keys are dropped; a lower mat without a reveal shows 1/4"', () => {
    expect(normaliseDesign({})).toEqual(defaultDesign());
    expect(normaliseDesign({ fWidth: 8, extra: 'x' })).toEqual({ ...defaultDesign(), fWidth: 8 });
    expect(normaliseDesign({ lowerMats: [{ code: 'B' }], fillet: { code: 'F' } })).toMatchObject({
      lowerMats: [{ code: 'B', reveal: 4 }],
      fillet: { code: 'F', position: 'frame' },
    });
  });

  it.each([
    ['not an object', 'design'],
    ['an array', []],
    ['null', null],
    ['a size as text', { fWidth: '16' }],
    ['a size that is not finite', { fWidth: Number.NaN }],
    ['a code that is a number', { mat: 12 }],
    ['a crop without its height', { crop: { x: 0, y: 0, w: 1 } }],
    ['lower mats that are not a list', { lowerMats: { code: 'B' } }],
    ['a lower mat without a code', { lowerMats: [{ reveal: 4 }] }],
    ['a fillet in no known place', { fillet: { code: 'F', position: 'wall' } }],
    ['an opening of no known shape', { matOpening: 'oval' }],
    ['a mat overlap that is no mat opening', { matOverlap: 3 }],
    ['a mat overlap as text', { matOverlap: '4' }],
  ])('refuses %s', (_, raw) => {
    expect(() => normaliseDesign(raw)).toThrow(FrameDataError);
    expect(() => normaliseDesign(raw)).toThrow(frameMessages.framedataInvalid);
  });
});

const arbDesign: fc.Arbitrary<FrameDesign> = fc.record({
  fWidth: fc.integer({ min: 0, max: 90 }),
  fWidthFrac: fc.integer({ min: 0, max: 15 }),
  fHeight: fc.integer({ min: 0, max: 90 }),
  fHeightFrac: fc.integer({ min: 0, max: 15 }),
  file: fc.option(fc.constantFrom(`img_${'b'.repeat(40)}`, 'preset:lake-1')),
  crop: fc.option(
    fc.record({
      x: fc.double({ min: 0, max: 1, noNaN: true }),
      y: fc.constant(0),
      w: fc.constant(1),
      h: fc.constant(0.5),
    }),
  ),
  moulding: fc.option(fc.string({ maxLength: 12 })),
  mat: fc.option(fc.string({ maxLength: 12 })),
  glass: fc.option(fc.string({ maxLength: 12 })),
  matTB: fc.integer({ min: 0, max: 30 }),
  matTBFrac: fc.integer({ min: 0, max: 15 }),
  matLR: fc.integer({ min: 0, max: 30 }),
  matLRFrac: fc.integer({ min: 0, max: 15 }),
  matLock: fc.boolean(),
  matOverlap: fc.constantFrom(...MAT_OVERLAPS),
  notes: fc.string({ maxLength: 200, unit: 'grapheme' }),
  lowerMats: fc.array(
    fc.record({ code: fc.string({ maxLength: 8 }), reveal: fc.integer({ min: 2, max: 8 }) }),
    {
      maxLength: 2,
    },
  ),
  fillet: fc.option(
    fc.record({ code: fc.string({ maxLength: 8 }), position: fc.constantFrom('frame', 'mat') }),
  ),
  innerMoulding: fc.option(fc.string({ maxLength: 12 })),
  matOpening: fc.constantFrom('rectangle', 'double'),
  matGap: fc.integer({ min: 4, max: 160 }),
  file2: fc.option(fc.string({ maxLength: 12 })),
});

describe('framedata: the design as base64url JSON, for the browser and the server', () => {
  it('property: decode(encode(design)) is the design, whatever its notes say', () => {
    fc.assert(
      fc.property(arbDesign, (d) => {
        expect(decodeFrameData(encodeFrameData(d))).toEqual(d);
      }),
    );
  });

  it('property: it is the very text the server wrote (base64url of the UTF-8 JSON, no padding)', () => {
    fc.assert(
      fc.property(arbDesign, (d) => {
        const text = encodeFrameData(d);
        expect(text).toBe(oldFramedata(d));
        expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      }),
    );
  });

  it('framedata saved before the new layers decodes into today’s shape', () => {
    expect(decodeFrameData(oldFramedata(savedBefore))).toEqual(normaliseDesign(savedBefore));
  });

  it('every mat opening ever offered reads back as saved; a design saved without one overlaps 1/4"', () => {
    for (const { value } of MAT_OPENINGS) {
      expect(decodeFrameData(oldFramedata({ ...savedBefore, matOverlap: value })).matOverlap).toBe(value);
    }
    const { matOverlap, ...withoutOverlap } = savedBefore;
    expect(decodeFrameData(oldFramedata(withoutOverlap)).matOverlap).toBe(DEFAULT_MAT_OVERLAP);
    // any other overlap was never saved (the contract refused it): it is not a design, as the server answers
    expect(() => decodeFrameData(oldFramedata({ ...savedBefore, matOverlap: 6 }))).toThrow(FrameDataError);
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'eyJm+/=='],
    ['not JSON', oldFramedata({}).slice(0, -3)],
    ['JSON that is not a design', Buffer.from('[1,2]').toString('base64url')],
    ['JSON without the picture size', Buffer.from('{"hello":1}').toString('base64url')],
    ['an empty object', 'e30'],
    ['bytes that are not UTF-8', Buffer.from([0x7b, 0xff, 0x7d]).toString('base64url')],
    ['a length base64 cannot have', 'abcde'],
  ])('refuses %s with the saved-frame message', (_, text) => {
    expect(() => decodeFrameData(text)).toThrow(frameMessages.framedataInvalid);
  });
});
