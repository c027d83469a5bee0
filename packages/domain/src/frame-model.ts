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

/**
 * The mat-opening choices: how far the mat overlaps the picture on each side, in sixteenths. The one list of them:
 * the design's type, the codec and the contract's schema take their values from it.
 */
export const MAT_OPENINGS = [
  { value: 0, label: 'Same as the picture' },
  { value: 2, label: '1/8" overlap' },
  { value: 4, label: '1/4" overlap' },
  { value: 8, label: '1/2" overlap' },
] as const;
/** A mat's overlap on the picture, in sixteenths: one of MAT_OPENINGS. */
export type MatOverlap = (typeof MAT_OPENINGS)[number]['value'];
export const MAT_OVERLAPS: readonly MatOverlap[] = MAT_OPENINGS.map((o) => o.value);
export const DEFAULT_MAT_OVERLAP: MatOverlap = 4;
export const isMatOverlap = (v: unknown): v is MatOverlap => MAT_OVERLAPS.some((o) => o === v);

/** The design as the screen keeps it and the server checks it (storefront §3 Frame design state). */
export interface FrameDesign {
  fWidth: number;
  fWidthFrac: number;
  fHeight: number;
  fHeightFrac: number;
  /** The uploaded artwork's id (the server's), or a preset photograph's name; null without an image. */
  file: string | null;
  /** The crop of the artwork as fractions of its width and height (0–1). */
  crop: { x: number; y: number; w: number; h: number } | null;
  moulding: string | null;
  mat: string | null;
  glass: string | null;
  /** Mat borders top/bottom and left/right, whole inches and sixteenths. */
  matTB: number;
  matTBFrac: number;
  matLR: number;
  matLRFrac: number;
  matLock: boolean;
  /** The mat's overlap on the picture in sixteenths (the mat-opening selector), on the innermost window. */
  matOverlap: MatOverlap;
  notes: string;
  // The layers a framer adds (below). Optional: a design saved before them reads as without them.
  /** The mats under `mat` (the top mat), top to bottom: one for a double mat, two for a triple. */
  lowerMats?: LowerMat[];
  /** A fillet inside the moulding's lip or inside the top mat's window. */
  fillet?: FilletChoice | null;
  /** A liner or second moulding inside `moulding`. */
  innerMoulding?: string | null;
  /** One window, or two side by side; with two, fWidth × fHeight is each picture. */
  matOpening?: MatOpeningShape;
  /** Sixteenths of top mat between the two windows of a double opening. */
  matGap?: number;
  /**
   * The right-hand window's picture of a double opening (a diptych's second picture), shown whole (no crop); the
   * first picture shows in both windows without one.
   */
  file2?: string | null;
}

/** The sheet sizes of the parts a design uses, for the rules the server re-checks. */
export interface DesignParts {
  /** Moulding face width in inches (null without a moulding). */
  mouldingWidth: number | null;
  /** The mat board's sheet size in inches (W_Int × H_Int), when known. */
  matSheet?: { w: number; h: number } | null;
  /** The glazing's sheet size in inches (W_Int × H_Int), when known: it must cover the frame's inside. */
  glassSheet?: { w: number; h: number } | null;
  /** The inner moulding's face width in inches (its Width), when the design has one. */
  innerMouldingWidth?: number | null;
  /** The fillet's face width in inches (its Width), when the design has one. */
  filletWidth?: number | null;
  /** The sheet sizes of the mats under the top mat, in the order of the design's lowerMats. */
  lowerMatSheets?: ({ w: number; h: number } | null | undefined)[];
}
