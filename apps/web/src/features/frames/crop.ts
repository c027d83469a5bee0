import type { FrameDesign } from '@mitrebox/domain';

/** Steps of a crop in the picture's width or height: a millionth is finer than a pixel (uploads keep 2000 px). */
const STEPS = 1_000_000;

/** A percentage of the cropper (0–100) as a fraction of the picture (0–1), to six decimals. */
const fraction = (percent: number) => Math.round((Math.min(100, Math.max(0, percent)) / 100) * STEPS) / STEPS;

/**
 * The design's crop from the cropper's area (percentages of the picture), to six decimals: the cropper's own
 * 0.347560975609756 says nothing more about the picture than 0.347561 does.
 */
export function cropOfArea(area: {
  x: number;
  y: number;
  width: number;
  height: number;
}): NonNullable<FrameDesign['crop']> {
  return {
    x: fraction(area.x),
    y: fraction(area.y),
    w: Math.max(1 / STEPS, fraction(area.width)),
    h: Math.max(1 / STEPS, fraction(area.height)),
  };
}
