/**
 * The Frame Creator's design rules and its one geometry (storefront §2 Frame Creator, §3 Frame design state,
 * §4 Frame builder, §5 Frame builder, §9 Frame). Pure: the browser draws the layers as SVG while the user types,
 * the server draws the same layers with sharp for buildFrame, the saved picture, the print sheet and the cart.
 * Every length is in inches; sizes the user enters are whole inches plus sixteenths. The layers a framer adds
 * (lower mats, fillet, inner moulding, double opening) are in frame-model.ts, their sizes in frame-sizes.ts, the
 * geometry in frame-layers.ts, the cart lines in frame-lines.ts and framedata in frame-codec.ts.
 */
import { SIXTEENTHS } from './fractions.ts';
import {
  DEFAULT_MAT_GAP,
  DEFAULT_MAT_OVERLAP,
  type DesignParts,
  type FrameDesign,
  MAT_GAP_MAX,
  MAT_GAP_MIN,
  MAT_REVEAL_MAX,
  MAT_REVEAL_MIN,
  MAX_LOWER_MATS,
  MAX_MATS,
} from './frame-model.ts';
import { designSizes, type Size } from './frame-sizes.ts';
import { parseInches } from './quantities.ts';

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

// the sizes and the geometry have files of their own; their names stay importable from here
export {
  designSizeLabel,
  type FrameLayers,
  frameLayers,
  MAT_BEVEL_INCHES,
  type Point,
  type Rect,
} from './frame-layers.ts';
export type { DesignParts, FrameDesign } from './frame-model.ts';
export { type MatTotals, matTotals } from './frame-sizes.ts';

export const frameMessages = {
  selectImage: 'Please select an image file',
  nameRequired: 'Name is required',
  backordered: 'This item is back-ordered. Do you still want to proceed?',
  leaveUnsaved: 'You have not saved your work. Do you want to leave and lose changes?',
  overwrite: 'Changes will be overwritten',
  // Not in the specification: the server's answers to sizes it cannot build.
  sizeRange: `Width and height must be between 1/16" and ${FRAME_MAX_INCHES}"`,
  borderRange: `Mat borders must be between 0 and ${MAT_MAX_BORDER}"`,
  sizeFormat: 'Type inches to the sixteenth: 16, 16 1/2, 16-1/2 or 16.5',
  sizeCapped: (max: number) => `Set to ${max}, the largest size`,
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
  // Not in the specification: the rules of the layers a framer adds (lower mats, fillet, inner moulding).
  tooManyMats: `A design can have at most ${MAX_MATS} mats`,
  lowerMatNeedsTop: 'Choose the top mat before the mats under it',
  lowerMatMissing: 'Choose a mat board for each mat',
  revealRange: 'A mat reveal must be between 1/8" and 1/2"',
  lowerMatTooSmall: (w: number, h: number) =>
    `This mat board (${w} x ${h}) is smaller than the top mat: choose a larger board`,
  doubleTooLarge: (w: number, h: number) =>
    `The two openings and their borders are larger than the mat board (${w} x ${h})`,
  doubleNeedsMat: 'Two openings are cut in a mat: choose a mat first',
  gapRange: 'The gap between the two openings must be between 1/4" and 10"',
  filletNeedsMoulding: 'A fillet sits inside a moulding: choose a moulding first',
  filletNeedsMat: 'A fillet in the mat opening needs a mat: choose a mat first',
  innerNeedsMoulding: 'An inner moulding sits inside a moulding: choose the outer moulding first',
} as const;

/** A size the user entered: whole inches (0–90) and sixteenths (0–15). */
export interface SizeInput {
  whole: number;
  frac: number;
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
  lowerMats: [],
  fillet: null,
  innerMoulding: null,
  matOpening: 'rectangle',
  matGap: DEFAULT_MAT_GAP,
  file2: null,
});

/**
 * What a size field of the Frame Creator makes of its text. `frac` is null when a whole number was typed: the
 * fraction list beside the field keeps its sixteenths. `capped`: a whole number over the max was set to the max.
 */
export type FrameSizeRead =
  | { ok: true; whole: number; frac: number | null; capped: boolean }
  | { ok: false; message: string };

/**
 * Reads a size as a framer types it — "16", "16 1/2", "16-1/2", "16.5", "16.0625" — into whole inches and
 * sixteenths (parseInches), or refuses it with what to type: never a different number than the one typed.
 * A whole number over the field's max is set to the max (storefront §5: over 90 resets to 90). Empty is 0 whole
 * inches, as "0" is; the design's rules then judge the size (a picture needs one, a mat border may be none).
 */
export function readFrameSize(input: string, max: number): FrameSizeRead {
  const text = input.trim();
  if (text === '') return { ok: true, whole: 0, frac: null, capped: false };
  if (/^\d+$/.test(text)) {
    const whole = Number(text);
    return whole > max
      ? { ok: true, whole: max, frac: 0, capped: true }
      : { ok: true, whole, frac: null, capped: false };
  }
  const read = parseInches(text);
  if (read.ok)
    return {
      ok: true,
      whole: Math.floor(read.value / SIXTEENTHS),
      frac: read.value % SIXTEENTHS,
      capped: false,
    };
  // "0.0" is nothing, as "0" is; a negative size is not a size
  if (read.reason === 'notPositive' && !text.startsWith('-'))
    return { ok: true, whole: 0, frac: 0, capped: false };
  return { ok: false, message: frameMessages.sizeFormat };
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

/** What the sizes and rules read of a chosen part: its face width (inches) and its sheet (W_Int × H_Int). */
export interface PartMeasures {
  Width?: number | null;
  sheet?: { w: number; h: number } | null;
}

/**
 * The DesignParts of a design from its chosen parts by field ('moulding', 'innerMoulding', 'fillet', 'mat',
 * 'lowerMats.0', 'glass'…): the one reading the screen's drawing and the server's rules share.
 */
export const designPartSizes = (
  d: Pick<FrameDesign, 'lowerMats'>,
  parts: Partial<Record<string, PartMeasures>>,
): DesignParts => ({
  mouldingWidth: parts.moulding?.Width ?? null,
  innerMouldingWidth: parts.innerMoulding?.Width ?? null,
  filletWidth: parts.fillet?.Width ?? null,
  matSheet: parts.mat?.sheet ?? null,
  lowerMatSheets: (d.lowerMats ?? []).map((_, i) => parts[`lowerMats.${i}`]?.sheet ?? null),
  glassSheet: parts.glass?.sheet ?? null,
});

/** Whether a sheet (inches, either way up) covers a size in sixteenths; an unknown sheet is not judged. */
function sheetCovers(sheet: { w: number; h: number } | null | undefined, size: Size): boolean {
  if (!sheet || !(sheet.w > 0 && sheet.h > 0)) return true;
  const [a, b] = [size.width / SIXTEENTHS, size.height / SIXTEENTHS].sort((x, y) => x - y);
  const [sa, sb] = [sheet.w, sheet.h].sort((x, y) => x - y);
  return a <= sa && b <= sb;
}

/** Which layers may go with which (the layers a framer adds), and their own ranges. */
function layerErrors(d: FrameDesign): Record<string, string> {
  const errors: Record<string, string> = {};
  const lower = d.lowerMats ?? [];
  if (lower.length > MAX_LOWER_MATS) errors.lowerMats = frameMessages.tooManyMats;
  else if (lower.length > 0 && !d.mat) errors.lowerMats = frameMessages.lowerMatNeedsTop;
  lower.forEach((m, i) => {
    if (!m.code?.trim()) errors[`lowerMats.${i}`] = frameMessages.lowerMatMissing;
    else if (!(Number.isInteger(m.reveal) && m.reveal >= MAT_REVEAL_MIN && m.reveal <= MAT_REVEAL_MAX))
      errors[`lowerMats.${i}`] = frameMessages.revealRange;
  });
  if (d.fillet) {
    if (!d.moulding) errors.fillet = frameMessages.filletNeedsMoulding;
    else if (d.fillet.position === 'mat' && !d.mat) errors.fillet = frameMessages.filletNeedsMat;
  }
  if (d.innerMoulding && !d.moulding) errors.innerMoulding = frameMessages.innerNeedsMoulding;
  if (d.matOpening === 'double') {
    if (!d.mat) errors.matOpening = frameMessages.doubleNeedsMat;
    const gap = d.matGap ?? DEFAULT_MAT_GAP;
    if (!(Number.isInteger(gap) && gap >= MAT_GAP_MIN && gap <= MAT_GAP_MAX))
      errors.matGap = frameMessages.gapRange;
  }
  return errors;
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
  Object.assign(errors, layerErrors(d));
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
  }
  // the frame's inside can be measured: the size and the borders are valid
  let measurable = Object.keys(errors).length === 0;
  if (d.mat && measurable) {
    const t = designSizes(d, parts, true);
    if (t.opening.width <= 0 || t.opening.height <= 0) {
      errors.matOverlap = frameMessages.openingTooSmall;
      measurable = false;
    }
    // every mat is cut to the frame's inside: each board must cover it
    const sheet = parts.matSheet;
    if (sheet && !sheetCovers(sheet, t.inside))
      errors.matTB =
        t.gap > 0
          ? frameMessages.doubleTooLarge(sheet.w, sheet.h)
          : frameMessages.borderTooLarge(sheet.w, sheet.h);
    (d.lowerMats ?? []).forEach((_, i) => {
      const board = parts.lowerMatSheets?.[i];
      if (board && !sheetCovers(board, t.inside))
        errors[`lowerMats.${i}`] = frameMessages.lowerMatTooSmall(board.w, board.h);
    });
  }
  // the glazing covers the frame's inside (the mat's outer size, or the picture without a mat), either way up;
  // a mat board too small for the mat leaves the inside as it is, so the glazing is judged all the same
  const glass = parts.glassSheet;
  if (d.glass && glass && measurable && !sheetCovers(glass, designSizes(d, parts).inside))
    errors.glass = frameMessages.glassTooSmall(glass.w, glass.h);
  return errors;
}
