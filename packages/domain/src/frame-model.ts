/**
 * What a framer adds to a design beyond one moulding, one mat and one glazing: mats under the top mat (double and
 * triple mats) with their reveals, a fillet, an inner moulding inside the moulding, and a double opening for a
 * diptych. The fields live on FrameDesign (frame-design.ts) and are optional there, so a design saved before they
 * existed still reads; normaliseDesign (frame-codec.ts) fills them in. Every size is in sixteenths of an inch.
 */

/** A mat under the top mat: its product and how much of it shows inside the window of the layer above. */
export interface LowerMat {
  code: string;
  /** Sixteenths shown on each side inside the layer above (MAT_REVEAL_MIN–MAT_REVEAL_MAX). */
  reveal: number;
}

/**
 * Where a fillet sits: 'frame' inside the moulding's lip (it lines the frame's inside, lying on the mat's edge),
 * or 'mat' inside the top mat's window (it lines that window, lying on the mat below or on the picture).
 */
export type FilletPosition = 'frame' | 'mat';

export interface FilletChoice {
  code: string;
  position: FilletPosition;
}

/** 'rectangle': one window. 'double': two equal windows side by side (a diptych), `matGap` apart. */
export type MatOpeningShape = 'rectangle' | 'double';

/** At most three mats: the top mat and two under it. */
export const MAX_MATS = 3;
export const MAX_LOWER_MATS = MAX_MATS - 1;

/** A lower mat's reveal: 1/8" to 1/2" in sixteenths, 1/4" unless chosen. */
export const MAT_REVEAL_MIN = 2;
export const MAT_REVEAL_MAX = 8;
export const DEFAULT_MAT_REVEAL = 4;
export const MAT_REVEALS: readonly { value: number; label: string }[] = [
  { value: 2, label: '1/8"' },
  { value: 3, label: '3/16"' },
  { value: 4, label: '1/4"' },
  { value: 5, label: '5/16"' },
  { value: 6, label: '3/8"' },
  { value: 7, label: '7/16"' },
  { value: 8, label: '1/2"' },
];

/**
 * The bar of top mat between the two windows of a double opening, in sixteenths: 1" unless chosen. Under 1/4" the
 * bar breaks when it is cut; over 10" is a typo.
 */
export const DEFAULT_MAT_GAP = 16;
export const MAT_GAP_MIN = 4;
export const MAT_GAP_MAX = 160;

export const MAT_OPENING_SHAPES: readonly { value: MatOpeningShape; label: string }[] = [
  { value: 'rectangle', label: 'One opening' },
  { value: 'double', label: 'Two openings side by side' },
];

export const FILLET_POSITIONS: readonly { value: FilletPosition; label: string }[] = [
  { value: 'frame', label: 'Inside the frame' },
  { value: 'mat', label: 'Inside the mat opening' },
];

/** Face widths drawn and sized while the product's own width is not known yet (the screen before parts load). */
export const UNKNOWN_MOULDING_WIDTH = 1;
export const UNKNOWN_FILLET_WIDTH = 3 / 8;
