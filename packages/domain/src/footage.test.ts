import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builderMouldingFeet, feetPerPiece, isRail, lineFootage, unitedInches } from './footage.ts';

const dim = (length: number | string, lf: number, width: number | string, wf: number) => ({
  length,
  length_fraction: lf,
  width,
  width_fraction: wf,
});

describe('moulding footage (storefront §5)', () => {
  it('both sides: (perimeter + 8 × moulding width) / 12, up to the next half foot', () => {
    // 16 × 20 frame, 2" moulding: (72 + 16) / 12 = 7.33 → 7.5
    expect(feetPerPiece(dim(16, 0, 20, 0), 2)).toBe(7.5);
    // 11 × 14, 1 1/4": (50 + 10) / 12 = 5 → 5
    expect(feetPerPiece(dim(11, 0, 14, 0), 1.25)).toBe(5);
    // 8 1/2 × 11, 3/4": (39 + 6) / 12 = 3.75 → 4
    expect(feetPerPiece(dim(8, 8, 11, 0), 0.75)).toBe(4);
  });

  it('a rail: (2 × moulding width + side) / 12, up to the next half foot', () => {
    // 30" rail of 2" moulding: 34 / 12 = 2.83 → 3
    expect(feetPerPiece(dim(30, 0, '', 0), 2)).toBe(3);
    expect(feetPerPiece(dim('', 0, 30, 0), 2)).toBe(3);
    // 36" rail of 3" moulding: 42 / 12 = 3.5 → 3.5
    expect(feetPerPiece(dim(36, 0, 0, 0), 3)).toBe(3.5);
    expect(isRail(dim(36, 0, 0, 0))).toBe(true);
    expect(isRail(dim(36, 0, 10, 0))).toBe(false);
  });

  it('blank or non-numeric sides give 0', () => {
    expect(feetPerPiece(dim('', 0, '', 0), 2)).toBe(0);
    expect(feetPerPiece(dim('abc', 3, 'x', 0), 2)).toBe(0);
    expect(lineFootage({ type: 'chop', quantity: 3, dimension: dim('', 0, '', 0), mouldingWidth: 2 })).toBe(
      0,
    );
  });

  it('chop and join are priced at 4 feet a piece at least; straight cut is not', () => {
    // 6 × 6, 1": (24 + 8) / 12 = 2.67 → 3 → 4 for chop/join
    expect(lineFootage({ type: 'chop', quantity: 1, dimension: dim(6, 0, 6, 0), mouldingWidth: 1 })).toBe(4);
    expect(lineFootage({ type: 'join', quantity: 2, dimension: dim(6, 0, 6, 0), mouldingWidth: 1 })).toBe(8);
    expect(lineFootage({ type: 'exact', quantity: 1, dimension: dim(6, 0, 6, 0), mouldingWidth: 1 })).toBe(3);
  });

  it('an empty quantity counts as 1', () => {
    expect(lineFootage({ type: 'chop', quantity: '', dimension: dim(16, 0, 20, 0), mouldingWidth: 2 })).toBe(
      7.5,
    );
    expect(lineFootage({ type: 'chop', quantity: 3, dimension: dim(16, 0, 20, 0), mouldingWidth: 2 })).toBe(
      22.5,
    );
  });

  it('length orders are the feet entered; negatives count as 0', () => {
    expect(lineFootage({ type: 'length', length: 25, mouldingWidth: 2 })).toBe(25);
    expect(lineFootage({ type: 'length', length: -4, mouldingWidth: 2 })).toBe(0);
  });

  it('box length = quantity × box quantity', () => {
    expect(lineFootage({ type: 'box', quantity: 2, boxQty: 90, mouldingWidth: 2 })).toBe(180);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 300 }), (q, box) => {
        expect(lineFootage({ type: 'box', quantity: q, boxQty: box, mouldingWidth: 1 })).toBe(q * box);
      }),
    );
  });

  it('united inches', () => {
    expect(unitedInches(dim(16, 8, 20, 0))).toBe(36.5);
  });

  it('frame builder: ceil(2 × ((width + 2w) + (height + 2w)) / 12)', () => {
    // 20 × 30 with 2" moulding: 2 × (24 + 34) = 116 / 12 = 9.67 → 10
    expect(builderMouldingFeet(20, 30, 2)).toBe(10);
    // no moulding width → 1": 2 × (22 + 32) = 108 / 12 = 9
    expect(builderMouldingFeet(20, 30, null)).toBe(9);
  });

  const side = fc.integer({ min: 1, max: 120 });
  const fraction = fc.integer({ min: 0, max: 15 });
  const width = fc.integer({ min: 4, max: 80 }).map((n) => n / 16);
  const qty = fc.integer({ min: 1, max: 40 });
  const type = fc.constantFrom('chop' as const, 'join' as const, 'exact' as const);

  it('property: chop and join footage is never under 4 feet a piece', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('chop' as const, 'join' as const),
        side,
        fraction,
        side,
        fraction,
        width,
        qty,
        (t, l, lf, w, wf, mw, q) => {
          expect(
            lineFootage({ type: t, quantity: q, dimension: dim(l, lf, w, wf), mouldingWidth: mw }),
          ).toBeGreaterThanOrEqual(4 * q);
        },
      ),
    );
  });

  it('property: footage never decreases as a side or the quantity grows, and is in half feet', () => {
    fc.assert(
      fc.property(
        type,
        side,
        fraction,
        side,
        fraction,
        width,
        qty,
        fc.integer({ min: 0, max: 40 }),
        (t, l, lf, w, wf, mw, q, grow) => {
          const base = lineFootage({ type: t, quantity: q, dimension: dim(l, lf, w, wf), mouldingWidth: mw });
          expect(
            lineFootage({ type: t, quantity: q, dimension: dim(l + grow, lf, w, wf), mouldingWidth: mw }),
          ).toBeGreaterThanOrEqual(base);
          expect(
            lineFootage({ type: t, quantity: q, dimension: dim(l, lf, w + grow, wf), mouldingWidth: mw }),
          ).toBeGreaterThanOrEqual(base);
          expect(
            lineFootage({ type: t, quantity: q + grow, dimension: dim(l, lf, w, wf), mouldingWidth: mw }),
          ).toBeGreaterThanOrEqual(base);
          expect((base * 2) % 1).toBe(0);
        },
      ),
    );
  });

  it("property: a frame's two footages are one length rounded two ways — the join charges the four sides to the half foot (4 ft at least), the builder length is the same to the whole foot", () => {
    fc.assert(
      fc.property(side, fraction, side, fraction, width, (l, lf, w, wf, mw) => {
        // the four sides' outside lengths: 2 × ((length + 2w) + (width + 2w)), in sixteenths
        const sides16 = 2 * (l * 16 + lf + w * 16 + wf) + 8 * mw * 16;
        const charged = lineFootage({
          type: 'join',
          quantity: 1,
          dimension: dim(l, lf, w, wf),
          mouldingWidth: mw,
        });
        const builder = builderMouldingFeet(l + lf / 16, w + wf / 16, mw);
        expect(charged).toBe(Math.max(4, Math.ceil(sides16 / 96) / 2));
        expect(builder).toBe(Math.ceil(sides16 / 192));
        expect(builder).toBe(Math.ceil(feetPerPiece(dim(l, lf, w, wf), mw)));
      }),
    );
  });
});
