import { containsCardNumber } from '@mitrebox/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cropOfArea } from './crop.ts';

describe('the crop the Frame Creator sends', () => {
  it("is the cropper's area in fractions of the picture, to six decimals", () => {
    expect(cropOfArea({ x: 34.7560975609756, y: 0, width: 65.2439024390244, height: 100 })).toEqual({
      x: 0.347561,
      y: 0,
      w: 0.652439,
      h: 1,
    });
    // the cropper may answer a hair outside the picture
    expect(cropOfArea({ x: -0.0000001, y: 100.2, width: 100.0000001, height: 0 })).toEqual({
      x: 0,
      y: 1,
      w: 1,
      h: 0.000001,
    });
  });

  it('any area: within the picture, within a millionth of it, written with at most six decimals', () => {
    const percent = fc.double({ min: -1, max: 101, noNaN: true });
    fc.assert(
      fc.property(percent, percent, percent, percent, (x, y, width, height) => {
        const crop = cropOfArea({ x, y, width, height });
        for (const [value, asked] of [
          [crop.x, x],
          [crop.y, y],
          [crop.w, width],
          [crop.h, height],
        ]) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(1);
          expect(String(value)).toMatch(/^(0|1)(\.\d{1,6})?$/);
          expect(Math.abs(value - Math.min(1, Math.max(0, asked / 100)))).toBeLessThanOrEqual(1e-6);
        }
        expect(crop.w).toBeGreaterThan(0);
        expect(crop.h).toBeGreaterThan(0);
        expect(containsCardNumber({ crop: JSON.stringify(crop) })).toBe(false);
      }),
    );
  });
});
