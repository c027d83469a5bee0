import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builderMouldingFeet } from './footage.ts';
import { formatSixteenths } from './fractions.ts';
import {
  defaultDesign,
  FRAME_MAX_INCHES,
  type FrameDesign,
  frameLayers,
  frameMessages,
  lockMat,
  MAT_MAX_BORDER,
  matTotals,
  readFrameSize,
  setMatBorder,
  validateDesign,
} from './frame-design.ts';
import { frameSvg } from './frame-drawing.ts';

const design = (over: Partial<FrameDesign> = {}): FrameDesign => ({ ...defaultDesign(), ...over });

describe('frame builder inputs (storefront §5, §9)', () => {
  it('defaults: 20 × 30, borders 3, locked', () => {
    const d = defaultDesign();
    expect([d.fWidth, d.fHeight, d.matTB, d.matLR, d.matLock]).toEqual([20, 30, 3, 3, true]);
  });

  it.each([
    ['16', 16, null],
    ['16.5', 16, 8],
    ['16 1/2', 16, 8],
    ['16-1/2', 16, 8],
    ['16.0625', 16, 1],
    ['16.0', 16, 0],
    ['2.5', 2, 8],
    ['24 1/4', 24, 4],
    ['3/16', 0, 3],
    [' 007 ', 7, null],
    ['', 0, null],
    ['0', 0, null],
    ['0.0', 0, 0],
    ['95 1/2', 95, 8],
  ])('a size field reads "%s" as %i and %j sixteenths, never another number', (text, whole, frac) => {
    expect(readFrameSize(text, FRAME_MAX_INCHES)).toEqual({ ok: true, whole, frac, capped: false });
  });

  it('a whole number over the largest size is set to it, and says so (storefront §5)', () => {
    expect(readFrameSize('91', FRAME_MAX_INCHES)).toEqual({ ok: true, whole: 90, frac: 0, capped: true });
    expect(readFrameSize('123456789012', FRAME_MAX_INCHES)).toEqual({
      ok: true,
      whole: 90,
      frac: 0,
      capped: true,
    });
    expect(readFrameSize('31', MAT_MAX_BORDER)).toEqual({ ok: true, whole: 30, frac: 0, capped: true });
    expect(readFrameSize('90', FRAME_MAX_INCHES)).toEqual({ ok: true, whole: 90, frac: null, capped: false });
    expect(frameMessages.sizeCapped(90)).toBe('Set to 90, the largest size');
  });

  it.each(['16.3', '16 1/3', '16 1/32', '1e3', '-5', '16,5', 'abc', '16"', '16 in', '16.5.1', '0x10'])(
    'a size field refuses "%s" with what to type',
    (text) => {
      expect(readFrameSize(text, FRAME_MAX_INCHES)).toEqual({ ok: false, message: frameMessages.sizeFormat });
    },
  );

  it('any whole number of sixteenths, in any form a framer types, reads back as itself', () => {
    const read = (text: string) => readFrameSize(text, FRAME_MAX_INCHES);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: FRAME_MAX_INCHES * 16 }), (n) => {
        const whole = Math.floor(n / 16);
        const frac = n % 16;
        if (frac === 0) {
          // a whole number leaves the fraction list as it is; "16.0" sets it to none
          expect(read(String(whole))).toEqual({ ok: true, whole, frac: null, capped: false });
          expect(read(`${whole}.0`)).toEqual({ ok: true, whole, frac: 0, capped: false });
          return;
        }
        const f = formatSixteenths(frac);
        for (const form of [String(n / 16), `${whole} ${f}`, `${whole}-${f}`, `${whole} - ${f}`])
          expect(read(form), form).toEqual({ ok: true, whole, frac, capped: false });
      }),
    );
  });

  it('nothing but a size is read: any other text is refused', () => {
    const size = /^\s*(\d*|\d*\.\d+|(\d+(\s+|\s*-\s*))?\d+\/\d+)\s*$/;
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        if (!size.test(text))
          expect(readFrameSize(text, FRAME_MAX_INCHES).ok, JSON.stringify(text)).toBe(false);
      }),
    );
  });

  it('a decimal that is not a whole number of sixteenths is refused, never rounded', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 90 }), fc.integer({ min: 1, max: 9999 }), (whole, digits) => {
        const text = `${whole}.${String(digits).padStart(4, '0')}`;
        const read = readFrameSize(text, FRAME_MAX_INCHES);
        if ((digits * 16) % 10_000 === 0) expect(read).toMatchObject({ ok: true, whole });
        else expect(read).toEqual({ ok: false, message: frameMessages.sizeFormat });
      }),
    );
  });

  it('messages letter for letter', () => {
    expect(frameMessages.selectImage).toBe('Please select an image file');
    expect(frameMessages.nameRequired).toBe('Name is required');
    expect(frameMessages.backordered).toBe('This item is back-ordered. Do you still want to proceed?');
    expect(frameMessages.leaveUnsaved).toBe(
      'You have not saved your work. Do you want to leave and lose changes?',
    );
    expect(frameMessages.overwrite).toBe('Changes will be overwritten');
  });
});

describe('builder moulding length (storefront §5)', () => {
  it('ceil(2 × ((width + 2w) + (height + 2w)) / 12), w = 1 when none', () => {
    // 16 × 20 with 2": 2 × (20 + 24) / 12 = 7.33 → 8
    expect(builderMouldingFeet(16, 20, 2)).toBe(8);
    // 20 × 30 without a moulding width: 2 × (22 + 32) / 12 = 9
    expect(builderMouldingFeet(20, 30, null)).toBe(9);
    expect(builderMouldingFeet(8.5, 11, 0.75)).toBe(4);
  });
});

describe('mat totals and the Lock', () => {
  it('totals with fractions: opening = picture − 2 × overlap, outer = opening + borders', () => {
    const t = matTotals(
      design({
        fWidth: 16,
        fWidthFrac: 8,
        fHeight: 20,
        mat: 'M',
        matTB: 2,
        matTBFrac: 4,
        matLR: 3,
        matLRFrac: 0,
        matOverlap: 4,
      }),
    );
    expect(t.artWidth).toBe(16 * 16 + 8);
    expect(t.openingWidth).toBe(16 * 16 + 8 - 8);
    expect(t.borderTB).toBe(2 * (2 * 16 + 4));
    expect(t.outerWidth).toBe(t.openingWidth + 2 * 48);
    expect(t.outerHeight).toBe(20 * 16 - 8 + 2 * 36);
  });

  it('without a mat the inside is the picture', () => {
    const t = matTotals(design({ mat: null }));
    expect([t.outerWidth, t.outerHeight]).toEqual([320, 480]);
  });

  it('locked: either border sets both; unlocked: only its own; locking copies top/bottom', () => {
    const d = design({ matLock: true });
    expect(setMatBorder(d, 'LR', 4, 8)).toEqual({ matTB: 4, matTBFrac: 8, matLR: 4, matLRFrac: 8 });
    const u = design({ matLock: false });
    expect(setMatBorder(u, 'LR', 4, 8)).toEqual({ matTB: 3, matTBFrac: 0, matLR: 4, matLRFrac: 8 });
    expect(lockMat(design({ matTB: 2, matTBFrac: 1, matLR: 5, matLock: false }), true)).toEqual({
      matLock: true,
      matLR: 2,
      matLRFrac: 1,
    });
  });

  it('property: with the lock on, the borders are always equal', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom<'TB' | 'LR'>('TB', 'LR'), fc.nat(30), fc.nat(15)), {
          maxLength: 10,
        }),
        (moves) => {
          let d = design({ matLock: true });
          for (const [which, w, f] of moves) d = { ...d, ...setMatBorder(d, which, w, f) };
          return d.matTB === d.matLR && d.matTBFrac === d.matLRFrac;
        },
      ),
    );
  });
});

describe('validation the server re-checks', () => {
  it('sizes 0, negative, over 90, not whole are refused', () => {
    for (const fWidth of [0, -1, 91, 1e308, 2.5, Number.NaN])
      expect(validateDesign(design({ fWidth })).fWidth).toBe(frameMessages.sizeRange);
    expect(validateDesign(design({ fWidth: 90, fHeight: 90 }))).toEqual({});
    expect(validateDesign(design({ fWidth: 90, fWidthFrac: 1 })).fWidth).toBe(frameMessages.sizeRange);
    expect(validateDesign(design({ fWidth: 0, fWidthFrac: 1 }))).toEqual({});
  });

  it('borders larger than the mat board are refused', () => {
    const d = design({ mat: 'M', fWidth: 30, fHeight: 36, matTB: 3, matLR: 3 });
    expect(validateDesign(d, { mouldingWidth: 1, matSheet: { w: 32, h: 40 } }).matTB).toBe(
      'The mat borders are larger than the mat board (32 x 40)',
    );
    expect(validateDesign(design({ mat: 'M' }), { mouldingWidth: 1, matSheet: { w: 32, h: 40 } })).toEqual(
      {},
    );
    expect(validateDesign(design({ mat: 'M', matTB: 31 })).matTB).toBe(frameMessages.borderRange);
  });

  it("glazing smaller than the frame's inside is refused, either way up", () => {
    const sheet = { mouldingWidth: 1, glassSheet: { w: 16, h: 20 } };
    // no mat: the picture itself is the inside
    expect(validateDesign(design({ glass: 'G', fWidth: 16, fHeight: 20 }), sheet)).toEqual({});
    expect(validateDesign(design({ glass: 'G', fWidth: 20, fHeight: 16 }), sheet)).toEqual({});
    expect(validateDesign(design({ glass: 'G', fWidth: 16, fWidthFrac: 1, fHeight: 20 }), sheet).glass).toBe(
      'The glazing (16 x 20) is smaller than the inside of the frame: choose a larger sheet',
    );
    // with a mat: the mat's outer size (10 − 1/2 + 6 = 15 1/2 by 14 − 1/2 + 6 = 19 1/2) fits; 3 1/2" borders do not
    const matted = design({ glass: 'G', mat: 'M', fWidth: 10, fHeight: 14, matTB: 3, matLR: 3 });
    expect(validateDesign(matted, sheet)).toEqual({});
    expect(validateDesign({ ...matted, matLR: 3, matLRFrac: 8 }, sheet).glass).toBe(
      frameMessages.glassTooSmall(16, 20),
    );
    // no glazing chosen, or its sheet unknown: nothing to check
    expect(validateDesign({ ...matted, glass: null, fWidth: 40 }, sheet)).toEqual({});
    expect(validateDesign({ ...matted, fWidth: 40 }, { mouldingWidth: 1 })).toEqual({});
  });

  it('the mat board and the glazing are judged each on its own (each part says what is wrong with it)', () => {
    // 20 × 36 with 3" borders: the mat is 25 1/2 × 41 1/2, taller than a 32 × 40 board, and so is the inside
    const d = design({ mat: 'M', glass: 'G', fWidth: 20, fHeight: 36, matTB: 3, matLR: 3 });
    const board = { w: 32, h: 40 };
    expect(validateDesign(d, { mouldingWidth: 1, matSheet: board, glassSheet: { w: 40, h: 60 } })).toEqual({
      matTB: frameMessages.borderTooLarge(32, 40),
    });
    expect(validateDesign(d, { mouldingWidth: 1, matSheet: board, glassSheet: { w: 24, h: 36 } })).toEqual({
      matTB: frameMessages.borderTooLarge(32, 40),
      glass: frameMessages.glassTooSmall(24, 36),
    });
    // borders that are not a size leave the inside unknown: no glazing verdict
    expect(validateDesign({ ...d, matTB: 31 }, { mouldingWidth: 1, glassSheet: { w: 8, h: 10 } })).toEqual({
      matTB: frameMessages.borderRange,
    });
  });

  it('an opening eaten up by the overlap is refused', () => {
    const d = design({ mat: 'M', fWidth: 0, fWidthFrac: 4, matOverlap: 4 });
    expect(validateDesign(d).matOverlap).toBe(frameMessages.openingTooSmall);
  });
});

const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;

describe('geometry (one for the screen and the server)', () => {
  const arb = fc.record({
    fWidth: fc.integer({ min: 1, max: 90 }),
    fWidthFrac: fc.integer({ min: 0, max: 15 }),
    fHeight: fc.integer({ min: 1, max: 90 }),
    fHeightFrac: fc.integer({ min: 0, max: 15 }),
    matTB: fc.integer({ min: 0, max: 30 }),
    matTBFrac: fc.integer({ min: 0, max: 15 }),
    matLR: fc.integer({ min: 0, max: 30 }),
    matLRFrac: fc.integer({ min: 0, max: 15 }),
    matOverlap: fc.constantFrom(0, 2, 4),
    withMat: fc.boolean(),
    face: fc.integer({ min: 4, max: 96 }).map((s) => s / 16),
  });

  it('property: the four sides meet at 45° corners, sizes are to scale, the window is centred', () => {
    fc.assert(
      fc.property(arb, (r) => {
        const d = design({ ...r, moulding: 'X', mat: r.withMat ? 'M' : null });
        const l = frameLayers(d, { mouldingWidth: r.face });
        const t = matTotals(d);
        // outside = inside + 2 × face, inside = mat outer (or picture)
        if (!near(l.width, t.outerWidth / 16 + 2 * r.face)) return false;
        if (!near(l.height, t.outerHeight / 16 + 2 * r.face)) return false;
        const by = Object.fromEntries(l.moulding.map((s) => [s.side, s.points]));
        // each side's inner end is its neighbour's inner start: the corners meet
        const same = (p: number[], q: number[]) => near(p[0], q[0]) && near(p[1], q[1]);
        if (!same(by.top[2], by.right[3]) || !same(by.right[2], by.bottom[3])) return false;
        if (!same(by.bottom[2], by.left[3]) || !same(by.left[2], by.top[3])) return false;
        if (!same(by.top[1], by.right[0]) || !same(by.left[1], by.top[0])) return false;
        // the mitre runs at 45°: outer and inner corner differ by the face width on both axes
        for (const s of l.moulding) {
          const [o1, , , i1] = s.points;
          if (!near(Math.abs(o1[0] - i1[0]), r.face) || !near(Math.abs(o1[1] - i1[1]), r.face)) return false;
        }
        if (l.mat) {
          const w = l.mat.window;
          const o = l.mat.outer;
          if (!near(w.x - o.x, o.x + o.w - (w.x + w.w))) return false; // centred left/right
          if (!near(w.y - o.y, o.y + o.h - (w.y + w.h))) return false; // centred top/bottom
          // the picture sits centred under the window
          if (!near(l.art.x + l.art.w / 2, w.x + w.w / 2) || !near(l.art.y + l.art.h / 2, w.y + w.h / 2))
            return false;
        }
        return true;
      }),
    );
  });

  it('a 2" moulding on a 16 × 20 reads as such', () => {
    const l = frameLayers(design({ fWidth: 16, fHeight: 20, moulding: 'X' }), { mouldingWidth: 2 });
    expect([l.width, l.height]).toEqual([20, 24]);
    const svg = frameSvg(l, { pxWidth: 400 });
    expect(svg).toContain('viewBox="0 0 20 24"');
    expect(svg).toContain('height="480"');
    // a 2" side is 1/10 of the width in the drawing
    expect(l.moulding[0].points[3]).toEqual([2, 2]);
  });

  it('no moulding, no mat, no glass: just the picture', () => {
    const l = frameLayers(design(), { mouldingWidth: null });
    expect(l.moulding).toEqual([]);
    expect(l.mat).toBeNull();
    expect(l.glass).toBeNull();
    expect(l.art).toEqual({ x: 0, y: 0, w: 20, h: 30 });
  });
});
