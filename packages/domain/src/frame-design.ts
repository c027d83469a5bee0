/**
 * The Frame Creator's design rules and its one geometry (storefront §2 Frame Creator, §3 Frame design state,
 * §4 Frame builder, §5 Frame builder, §9 Frame). Pure: the browser draws the layers as SVG while the user types,
 * the server draws the same layers with sharp for buildFrame, the saved picture, the print sheet and the cart.
 * Every length is in inches; sizes the user enters are whole inches plus sixteenths.
 */
import { SIXTEENTHS } from './fractions.ts';

/** Frame limits (storefront §9). */
export const FRAME_MAX_INCHES = 90;
export const FRAME_DEFAULT_WIDTH = 20;
export const FRAME_DEFAULT_HEIGHT = 30;
export const MAT_DEFAULT_BORDER = 3;
/** The largest mat border one side may have (a typo of extra digits stops here). */
export const MAT_MAX_BORDER = 30;
export const IMAGE_BOX_MIN_PX = 100;
export const IMAGE_BOX_MAX_PX = 250;
export const CROP_PX_PER_INCH = 6;
export const COMPRESS_QUALITY = 0.6;
export const COMPRESS_WIDTH = 600;
export const SAVED_FRAMES_PAGE_SIZE = 1000;
export const PRESET_PAGE_SIZE = 20;
export const PRESET_CATEGORIES = ['nature', 'places', 'travel', 'buildings', 'animals'] as const;
export type PresetCategory = (typeof PRESET_CATEGORIES)[number];
export const FRAME_NAME_MAX = 80;
export const FRAME_NOTES_MAX = 1000;
/** An artwork id the server gave (upload), or a photograph shipped with the shop ('preset:name'). */
export const ARTWORK_ID = /^(img_[a-f0-9]{40}|preset:[a-z0-9-]{1,64})$/;
/** The width of the bevel a mat cutter leaves around the window, in inches. */
export const MAT_BEVEL_INCHES = 3 / 16;

/** The mat-opening choices: how far the mat overlaps the picture on each side, in sixteenths. */
export const MAT_OPENINGS = [
  { value: 0, label: 'Same as the picture' },
  { value: 2, label: '1/8" overlap' },
  { value: 4, label: '1/4" overlap' },
  { value: 8, label: '1/2" overlap' },
] as const;
export const DEFAULT_MAT_OVERLAP = 4;

export const frameMessages = {
  selectImage: 'Please select an image file',
  nameRequired: 'Name is required',
  backordered: 'This item is back-ordered. Do you still want to proceed?',
  leaveUnsaved: 'You have not saved your work. Do you want to leave and lose changes?',
  overwrite: 'Changes will be overwritten',
  // Not in the specification: the server's answers to sizes it cannot build.
  sizeRange: `Width and height must be between 1/16" and ${FRAME_MAX_INCHES}"`,
  borderRange: `Mat borders must be between 0 and ${MAT_MAX_BORDER}"`,
  borderTooLarge: (w: number, h: number) => `The mat borders are larger than the mat board (${w} x ${h})`,
  glassTooSmall: (w: number, h: number) =>
    `The glazing (${w} x ${h}) is smaller than the inside of the frame: choose a larger sheet`,
  openingTooSmall: 'The mat opening must be larger than its overlap',
  imageTooLarge: 'The image is too large: at most 10 MB and 40 megapixels',
  imageUnreadable: 'Please select an image file',
  framedataInvalid: 'This saved frame could not be read',
  imageGone: 'This picture is no longer available. Please upload it again.',
  randomPhotoFailed:
    'No random photograph could be fetched just now. Please try again or choose one of ours.',
} as const;

/** A size the user entered: whole inches (0–90) and sixteenths (0–15). */
export interface SizeInput {
  whole: number;
  frac: number;
}

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
  /** The mat's overlap on the picture in sixteenths (the mat-opening selector). */
  matOverlap: number;
  notes: string;
}

export const defaultDesign = (): FrameDesign => ({
  fWidth: FRAME_DEFAULT_WIDTH,
  fWidthFrac: 0,
  fHeight: FRAME_DEFAULT_HEIGHT,
  fHeightFrac: 0,
  file: null,
  crop: null,
  moulding: null,
  mat: null,
  glass: null,
  matTB: MAT_DEFAULT_BORDER,
  matTBFrac: 0,
  matLR: MAT_DEFAULT_BORDER,
  matLRFrac: 0,
  matLock: true,
  matOverlap: DEFAULT_MAT_OVERLAP,
  notes: '',
});

/**
 * What the width and height inputs keep of what is typed (storefront §5): digits only; over 90 resets to 90.
 * Answers '' for an empty input so the person can clear it and type again.
 */
export function cleanFrameInches(input: string): string {
  const digits = input.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (digits === '') return '';
  return Number(digits) > FRAME_MAX_INCHES ? String(FRAME_MAX_INCHES) : digits;
}

/** Mat border inputs are numeric: digits only, at most MAT_MAX_BORDER. */
export function cleanBorderInches(input: string): string {
  const digits = input.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (digits === '') return '';
  return Number(digits) > MAT_MAX_BORDER ? String(MAT_MAX_BORDER) : digits;
}

const sixteenths = (whole: number, frac: number) =>
  Math.max(0, Math.floor(whole)) * SIXTEENTHS + Math.max(0, Math.min(15, Math.floor(frac)));

/**
 * The Lock checkbox (storefront §2): while locked, changing one border sets the other to the same value.
 * Locking copies top/bottom to left/right.
 */
export function setMatBorder(
  d: FrameDesign,
  which: 'TB' | 'LR',
  whole: number,
  frac: number,
): Pick<FrameDesign, 'matTB' | 'matTBFrac' | 'matLR' | 'matLRFrac'> {
  const next = {
    matTB: d.matTB,
    matTBFrac: d.matTBFrac,
    matLR: d.matLR,
    matLRFrac: d.matLRFrac,
  };
  if (which === 'TB' || d.matLock) {
    next.matTB = whole;
    next.matTBFrac = frac;
  }
  if (which === 'LR' || d.matLock) {
    next.matLR = whole;
    next.matLRFrac = frac;
  }
  return next;
}

export function lockMat(
  d: FrameDesign,
  locked: boolean,
): Pick<FrameDesign, 'matLock' | 'matLR' | 'matLRFrac'> {
  return locked
    ? { matLock: true, matLR: d.matTB, matLRFrac: d.matTBFrac }
    : { matLock: false, matLR: d.matLR, matLRFrac: d.matLRFrac };
}

/** The mat's sizes in sixteenths (the 'mat totals' buildFrame receives). */
export interface MatTotals {
  /** Picture size. */
  artWidth: number;
  artHeight: number;
  /** Border totals: top + bottom, left + right. */
  borderTB: number;
  borderLR: number;
  /** The window cut in the mat. */
  openingWidth: number;
  openingHeight: number;
  /** The mat's outer size (the frame's inside size); the picture size without a mat. */
  outerWidth: number;
  outerHeight: number;
}

export function matTotals(d: FrameDesign, hasMat = Boolean(d.mat)): MatTotals {
  const artWidth = sixteenths(d.fWidth, d.fWidthFrac);
  const artHeight = sixteenths(d.fHeight, d.fHeightFrac);
  if (!hasMat) {
    return {
      artWidth,
      artHeight,
      borderTB: 0,
      borderLR: 0,
      openingWidth: artWidth,
      openingHeight: artHeight,
      outerWidth: artWidth,
      outerHeight: artHeight,
    };
  }
  const overlap = Math.max(0, Math.floor(d.matOverlap));
  const borderTB = 2 * sixteenths(d.matTB, d.matTBFrac);
  const borderLR = 2 * sixteenths(d.matLR, d.matLRFrac);
  const openingWidth = artWidth - 2 * overlap;
  const openingHeight = artHeight - 2 * overlap;
  return {
    artWidth,
    artHeight,
    borderTB,
    borderLR,
    openingWidth,
    openingHeight,
    outerWidth: openingWidth + borderLR,
    outerHeight: openingHeight + borderTB,
  };
}

/** The sheet sizes of the parts a design uses, for the rules the server re-checks. */
export interface DesignParts {
  /** Moulding face width in inches (null without a moulding). */
  mouldingWidth: number | null;
  /** The mat board's sheet size in inches (W_Int × H_Int), when known. */
  matSheet?: { w: number; h: number } | null;
  /** The glazing's sheet size in inches (W_Int × H_Int), when known: it must cover the frame's inside. */
  glassSheet?: { w: number; h: number } | null;
}

/**
 * Checks a design (storefront §5, §9). Answers `{ field: message }` for each broken rule; empty when it
 * can be built. The screen shows the same messages the server answers.
 */
export function validateDesign(d: FrameDesign, parts: DesignParts = { mouldingWidth: null }) {
  const errors: Record<string, string> = {};
  const inRange = (whole: number, frac: number, max: number) =>
    Number.isInteger(whole) &&
    Number.isInteger(frac) &&
    whole >= 0 &&
    frac >= 0 &&
    frac < SIXTEENTHS &&
    sixteenths(whole, frac) > 0 &&
    sixteenths(whole, frac) <= max * SIXTEENTHS;
  if (!inRange(d.fWidth, d.fWidthFrac, FRAME_MAX_INCHES)) errors.fWidth = frameMessages.sizeRange;
  if (!inRange(d.fHeight, d.fHeightFrac, FRAME_MAX_INCHES)) errors.fHeight = frameMessages.sizeRange;
  if (d.mat) {
    const border = (whole: number, frac: number) =>
      Number.isInteger(whole) &&
      Number.isInteger(frac) &&
      whole >= 0 &&
      frac >= 0 &&
      frac < SIXTEENTHS &&
      sixteenths(whole, frac) <= MAT_MAX_BORDER * SIXTEENTHS;
    if (!border(d.matTB, d.matTBFrac)) errors.matTB = frameMessages.borderRange;
    if (!border(d.matLR, d.matLRFrac)) errors.matLR = frameMessages.borderRange;
    if (!errors.fWidth && !errors.fHeight && !errors.matTB && !errors.matLR) {
      const t = matTotals(d, true);
      if (t.openingWidth <= 0 || t.openingHeight <= 0) errors.matOverlap = frameMessages.openingTooSmall;
      const sheet = parts.matSheet;
      if (sheet && sheet.w > 0 && sheet.h > 0) {
        const [a, b] = [t.outerWidth / SIXTEENTHS, t.outerHeight / SIXTEENTHS].sort((x, y) => x - y);
        const [sa, sb] = [sheet.w, sheet.h].sort((x, y) => x - y);
        if (a > sa || b > sb) errors.matTB = frameMessages.borderTooLarge(sheet.w, sheet.h);
      }
    }
  }
  // the glazing covers the frame's inside (the mat's outer size, or the picture without a mat), either way up
  const glass = parts.glassSheet;
  if (d.glass && glass && glass.w > 0 && glass.h > 0 && Object.keys(errors).length === 0) {
    const t = matTotals(d);
    const [a, b] = [t.outerWidth / SIXTEENTHS, t.outerHeight / SIXTEENTHS].sort((x, y) => x - y);
    const [ga, gb] = [glass.w, glass.h].sort((x, y) => x - y);
    if (a > ga || b > gb) errors.glass = frameMessages.glassTooSmall(glass.w, glass.h);
  }
  return errors;
}

// ——— geometry ———

export type Point = [number, number];

export interface FrameLayers {
  /** The whole picture, outside of the moulding, in inches. */
  width: number;
  height: number;
  /** The moulding's face width (0 without a moulding). */
  mouldingWidth: number;
  /** The four mitred sides: outer edge first (two points), then the inner edge (two points). */
  moulding: { side: 'top' | 'right' | 'bottom' | 'left'; points: [Point, Point, Point, Point] }[];
  /** The mat board with its window, and the four bevel trapezoids just inside the window. */
  mat: {
    outer: Rect;
    window: Rect;
    bevel: { side: 'top' | 'right' | 'bottom' | 'left'; points: [Point, Point, Point, Point] }[];
  } | null;
  /** The picture (what shows through the window, or the whole inside without a mat). */
  art: Rect;
  /** The glazing over everything inside the moulding. */
  glass: Rect | null;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The sides of a rectangle frame between an outer and an inner rectangle, mitred at 45°. */
function mitred(outer: Rect, inner: Rect) {
  const o = {
    tl: [outer.x, outer.y] as Point,
    tr: [outer.x + outer.w, outer.y] as Point,
    br: [outer.x + outer.w, outer.y + outer.h] as Point,
    bl: [outer.x, outer.y + outer.h] as Point,
  };
  const i = {
    tl: [inner.x, inner.y] as Point,
    tr: [inner.x + inner.w, inner.y] as Point,
    br: [inner.x + inner.w, inner.y + inner.h] as Point,
    bl: [inner.x, inner.y + inner.h] as Point,
  };
  return [
    { side: 'top' as const, points: [o.tl, o.tr, i.tr, i.tl] as [Point, Point, Point, Point] },
    { side: 'right' as const, points: [o.tr, o.br, i.br, i.tr] as [Point, Point, Point, Point] },
    { side: 'bottom' as const, points: [o.br, o.bl, i.bl, i.br] as [Point, Point, Point, Point] },
    { side: 'left' as const, points: [o.bl, o.tl, i.tl, i.bl] as [Point, Point, Point, Point] },
  ];
}

/**
 * The design as layers in inches, origin at the outer top-left corner: moulding (four mitred trapezoids of the
 * face width around the frame's inside), mat with its centred window and bevel, the picture, the glass.
 */
export function frameLayers(d: FrameDesign, parts: DesignParts): FrameLayers {
  const t = matTotals(d);
  const w = d.moulding ? Math.max(0, parts.mouldingWidth ?? 1) : 0;
  const inside = { w: t.outerWidth / SIXTEENTHS, h: t.outerHeight / SIXTEENTHS };
  const width = inside.w + 2 * w;
  const height = inside.h + 2 * w;
  const insideRect: Rect = { x: w, y: w, w: inside.w, h: inside.h };
  const moulding = w > 0 ? mitred({ x: 0, y: 0, w: width, h: height }, insideRect) : [];
  let mat: FrameLayers['mat'] = null;
  let art: Rect = insideRect;
  if (d.mat) {
    const lr = t.borderLR / 2 / SIXTEENTHS;
    const tb = t.borderTB / 2 / SIXTEENTHS;
    const window: Rect = {
      x: w + lr,
      y: w + tb,
      w: t.openingWidth / SIXTEENTHS,
      h: t.openingHeight / SIXTEENTHS,
    };
    const b = Math.min(MAT_BEVEL_INCHES, window.w / 4, window.h / 4);
    const innerWindow: Rect = { x: window.x + b, y: window.y + b, w: window.w - 2 * b, h: window.h - 2 * b };
    mat = { outer: insideRect, window, bevel: mitred(window, innerWindow) };
    const overlap = Math.max(0, d.matOverlap) / SIXTEENTHS;
    art = {
      x: window.x - overlap,
      y: window.y - overlap,
      w: t.artWidth / SIXTEENTHS,
      h: t.artHeight / SIXTEENTHS,
    };
  }
  return {
    width,
    height,
    mouldingWidth: w,
    moulding,
    mat,
    art,
    glass: d.glass ? insideRect : null,
  };
}

/** 'Width x Height' of the preview: the outside size of the frame with fractions. */
export function designSizeLabel(layers: FrameLayers, format: (inches: number) => string): string {
  return `${format(layers.width)} x ${format(layers.height)}`;
}
