import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feetPerPiece, lineFootage, mitredFrameFeet } from './footage.ts';
import { defaultDesign, type FrameDesign, frameMessages, validateDesign } from './frame-design.ts';
import { designLines } from './frame-lines.ts';
import { matLayerOfDesignField, partOfDesignField } from './frame-parts.ts';

/**
 * An 11 × 14 picture, 1/8" overlap; a top mat with 3" sides and 2 1/2" top and bottom over a bottom mat showing a
 * 3/16" reveal; a 3/8" fillet inside the frame; a 1 1/4" inner moulding inside a 2" moulding; glazing.
 */
const design: FrameDesign = {
  ...defaultDesign(),
  fWidth: 11,
  fHeight: 14,
  matOverlap: 2,
  mat: 'MAT-TOP',
  matTB: 2,
  matTBFrac: 8,
  matLR: 3,
  matLock: false,
  lowerMats: [{ code: 'MAT-BOTTOM', reveal: 3 }],
  fillet: { code: 'FIL-1', position: 'frame' },
  innerMoulding: 'LINER-1',
  moulding: 'MOULD-1',
  glass: 'GLASS-1',
};
const parts = { mouldingWidth: 2, innerMouldingWidth: 1.25, filletWidth: 0.375 };

describe('the lines of a design (what goes to the cart)', () => {
  it('a fillet, two mats and two mouldings, worked by hand', () => {
    // what shows: 10 3/4 × 13 3/4; the top window 3/16" more each side: 11 1/8 × 14 1/8;
    // the inside: 11 1/8 + 2 × (3 + 3/8) = 17 7/8 by 14 1/8 + 2 × (2 1/2 + 3/8) = 19 7/8;
    // the inner moulding joined at 17 7/8 × 19 7/8, its outside 20 3/8 × 22 3/8 = the moulding's join size
    const lines = designLines(design, parts);
    expect(lines.map((l) => [l.part, l.code, l.label])).toEqual([
      ['innerMoulding', 'LINER-1', 'Inner moulding, joined at 17 7/8 x 19 7/8'],
      ['moulding', 'MOULD-1', 'Moulding, joined at 20 3/8 x 22 3/8'],
      ['fillet', 'FIL-1', 'Fillet inside the frame, 7 ft for 17 7/8 x 19 7/8'],
      ['mat', 'MAT-TOP', 'Top mat 17 7/8 x 19 7/8, opening 11 1/8 x 14 1/8'],
      ['mat', 'MAT-BOTTOM', 'Bottom mat 17 7/8 x 19 7/8, opening 10 3/4 x 13 3/4 (3/16" reveal)'],
      ['glass', 'GLASS-1', 'Glazing 17 7/8 x 19 7/8'],
    ]);
    const [inner, outer, fillet, top, bottom, glass] = lines;
    expect(inner.selection).toEqual({
      type: 'join',
      quantity: 1,
      dimension: { length: 17, length_fraction: 14, width: 19, width_fraction: 14 },
    });
    expect(outer.selection).toEqual({
      type: 'join',
      quantity: 1,
      dimension: { length: 20, length_fraction: 6, width: 22, width_fraction: 6 },
    });
    expect(outer.size).toEqual({ width: 20 * 16 + 6, height: 22 * 16 + 6 });
    // inner: (2 × (17 7/8 + 19 7/8) + 8 × 1 1/4) / 12 = 85.5 / 12 = 7.125 → 7 1/2 ft
    // outer: (2 × (20 3/8 + 22 3/8) + 8 × 2) / 12 = 101.5 / 12 = 8.46 → 8 1/2 ft
    expect([inner.feet, outer.feet]).toEqual([7.5, 8.5]);
    // fillet: (2 × (17 7/8 + 19 7/8) + 8 × 3/8) / 12 = 78.5 / 12 = 6.54 → 7 ft, sold by the whole foot
    expect(fillet.feet).toBe(7);
    expect(fillet.selection).toEqual({ type: 'item', quantity: 7 });
    expect(fillet.size).toEqual({ width: 286, height: 318 });
    expect([top.layer, top.reveal, top.windows]).toEqual([0, 0, [{ width: 178, height: 226 }]]);
    expect([bottom.layer, bottom.reveal, bottom.windows]).toEqual([1, 3, [{ width: 172, height: 220 }]]);
    for (const l of [top, bottom, glass]) {
      expect(l.selection).toEqual({ type: 'item', quantity: 1 });
      expect(l.size).toEqual({ width: 286, height: 318 });
    }
  });

  it('chopped mouldings; a small frame is still charged 4 feet, as the cart charges it', () => {
    const small: FrameDesign = {
      ...defaultDesign(),
      fWidth: 4,
      fHeight: 5,
      moulding: 'M',
      innerMoulding: 'L',
    };
    const [inner, outer] = designLines(small, { mouldingWidth: 0.5, innerMouldingWidth: 0.5 }, 'chop');
    expect(inner.label).toBe('Inner moulding, chopped for 4 x 5');
    expect(inner.selection.type).toBe('chop');
    // (2 × 9 + 4) / 12 = 1.83 → 2 ft, but a chop is charged at least 4 ft
    expect([inner.feet, outer.feet]).toEqual([4, 4]);
  });

  it('a fillet in each window of a double opening: two rings of footage', () => {
    const d: FrameDesign = {
      ...defaultDesign(),
      fWidth: 5,
      fHeight: 7,
      mat: 'M',
      matOverlap: 0,
      matOpening: 'double',
      moulding: 'X',
      fillet: { code: 'F', position: 'mat' },
    };
    const lines = designLines(d, { mouldingWidth: 1, filletWidth: 0.25 });
    const fillet = lines.find((l) => l.part === 'fillet')!;
    // each window 5 1/2 × 7 1/2: (2 × 13 + 8 × 1/4) / 12 = 28 / 12 = 2.33 → 2 1/2 ft a ring
    expect(fillet.feet).toBe(5);
    expect(fillet.label).toBe('Fillet in the mat openings, 5 ft for two of 5 1/2 x 7 1/2');
    expect(lines.find((l) => l.part === 'mat')!.label).toBe('Mat 18 x 13 1/2, openings 2 of 5 1/2 x 7 1/2');
  });

  it('nothing chosen, no lines; only what is chosen is listed', () => {
    expect(designLines(defaultDesign())).toEqual([]);
    expect(designLines({ ...defaultDesign(), glass: 'G' }).map((l) => l.label)).toEqual(['Glazing 20 x 30']);
  });
});

describe('the footage of a ring (the moulding rule, for a fillet too)', () => {
  it('is the rule of a chop or join with both sides', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 0, max: 15 }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 0, max: 15 }),
        fc.integer({ min: 1, max: 96 }),
        (l, lf, w, wf, face) => {
          const dimension = { length: l, length_fraction: lf, width: w, width_fraction: wf };
          const ring = mitredFrameFeet(l * 16 + lf, w * 16 + wf, face / 16);
          expect(ring).toBe(feetPerPiece(dimension, face / 16));
          expect(ring).toBe(lineFootage({ type: 'exact', quantity: 1, dimension, mouldingWidth: face / 16 }));
        },
      ),
    );
  });

  it('property: perimeter plus twice the face width per mitre, rounded up to the half foot, never short', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 0, max: 64 }),
        (w, h, face) => {
          const feet = mitredFrameFeet(w, h, face / 16);
          const exact = (2 * (w + h) + 4 * 2 * face) / 16 / 12;
          return feet >= exact && feet - exact < 0.5 && Number.isInteger(feet * 2);
        },
      ),
    );
    expect(mitredFrameFeet(0, 100, 1)).toBe(0);
  });
});

describe('which line a rule of validateDesign is about', () => {
  it.each([
    ['moulding', 'moulding', null],
    ['innerMoulding', 'innerMoulding', null],
    ['fillet', 'fillet', null],
    ['matTB', 'mat', 0],
    ['matGap', 'mat', 0],
    ['lowerMats.0', 'mat', 1],
    ['lowerMats.1', 'mat', 2],
    ['lowerMats', 'mat', null],
    ['glass', 'glass', null],
    ['fWidth', undefined, null],
  ])('%s: the %s line, layer %s', (field, part, layer) => {
    expect(partOfDesignField(field)).toBe(part);
    expect(matLayerOfDesignField(field)).toBe(layer);
  });

  it("each part's rule of a layered design is about exactly one of its lines", () => {
    const broken: FrameDesign = {
      ...design,
      lowerMats: [
        { code: 'MAT-MIDDLE', reveal: 1 },
        { code: 'MAT-BOTTOM', reveal: 9 },
      ],
    };
    const errors = validateDesign(broken, parts);
    expect(errors).toEqual({
      'lowerMats.0': frameMessages.revealRange,
      'lowerMats.1': frameMessages.revealRange,
    });
    const lines = designLines(broken, parts);
    for (const field of Object.keys(errors)) {
      const owned = lines.filter(
        (l) => l.part === partOfDesignField(field) && l.layer === matLayerOfDesignField(field),
      );
      expect(owned.map((l) => l.code)).toEqual([field === 'lowerMats.0' ? 'MAT-MIDDLE' : 'MAT-BOTTOM']);
    }
  });
});
