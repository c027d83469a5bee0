/**
 * The sizes of a design, worked outwards from the picture, in sixteenths of an inch — the one place that says how
 * big every window, mat, fillet and moulding is. The geometry (frame-layers.ts), the cart lines (frame-lines.ts)
 * and the rules (validateDesign) all read them from here.
 *
 * From the inside out:
 * 1. The picture, fWidth × fHeight (with a double opening, each of the two pictures is that size).
 * 2. What shows of it: the picture less the mat's overlap on each side (no overlap without a mat). This is the
 *    innermost opening: the bottom mat's window (or, with one mat, the inside of a fillet set in its window).
 * 3. Each mat above shows its own window `reveal` larger on each side than the one under it (a lower mat shows a
 *    reveal around the window above it). A fillet set in the mat lines the top mat's window: that window is the
 *    fillet's width larger on each side than what shows inside the fillet.
 * 4. The top mat's borders (top/bottom, left/right) around its window(s); a double opening has `matGap` of top mat
 *    between its two windows. A fillet set in the frame lies on the mats' edge inside the moulding's lip: the mats
 *    are its width larger on each side, so the borders that show stay as designed.
 * 5. That is the frame's inside: every mat's outer size, the glazing's size, and the size the innermost moulding
 *    is joined at. An inner moulding adds its face on each side; the moulding is joined around it.
 *
 * Layers thus add their width, they never eat into the picture: what shows of the picture is exactly the
 * picture less the overlap, whatever is put around it.
 */
import { SIXTEENTHS, toSixteenths } from './fractions.ts';
import type { DesignParts, FrameDesign } from './frame-model.ts';
import {
  DEFAULT_MAT_GAP,
  DEFAULT_MAT_REVEAL,
  type FilletPosition,
  UNKNOWN_FILLET_WIDTH,
  UNKNOWN_MOULDING_WIDTH,
} from './frame-model.ts';

/** A width and height in sixteenths. */
export interface Size {
  width: number;
  height: number;
}

/** A place inside the frame's inside, from its top-left corner, in sixteenths. */
export interface Offset {
  x: number;
  y: number;
}

export interface MatSize {
  code: string;
  /** 0 for the top mat; for a lower mat, what shows of it inside the layer above, on each side. */
  reveal: number;
  /** Each window cut in this mat (one, or two for a double opening) and where it is. */
  window: Size;
  windows: Offset[];
  /** Every mat's outer size is the frame's inside. */
  outer: Size;
}

export interface FilletSize {
  code: string;
  position: FilletPosition;
  /** The fillet's face width. */
  width: number;
  /** The opening each ring of fillet lines (its outer edge): the top mat's window, or the frame's inside. */
  opening: Size;
  /** Where each ring's outer edge is (two rings in the two windows of a double opening). */
  rings: Offset[];
}

export interface MouldingSize {
  code: string;
  /** Face width. */
  width: number;
  /** The size it is joined (or chopped) at: its inside, at the rabbet. */
  inside: Size;
  outside: Size;
}

export interface DesignSizes {
  /** Each picture; two of them side by side with a double opening. */
  picture: Size;
  pictures: Offset[];
  /** What shows of each picture: the innermost window (the picture itself without a mat). */
  opening: Size;
  /** The mat's overlap on the picture, each side (0 without a mat). */
  overlap: number;
  /** The top mat's borders that show, each side (0 without a mat). */
  borderTB: number;
  borderLR: number;
  /** The top mat between the two windows of a double opening (0 with one window). */
  gap: number;
  /** The mats, top first. */
  mats: MatSize[];
  fillet: FilletSize | null;
  /** The frame's inside: every mat's outer size, the glazing, the innermost moulding's join size. */
  inside: Size;
  /** The inner moulding (a liner or second moulding) just around the inside. */
  inner: MouldingSize | null;
  /** The moulding: around the inner moulding when there is one, else around the inside. */
  moulding: MouldingSize | null;
  /** The whole frame's outside. */
  outside: Size;
}

/** A face width in inches, to the nearest sixteenth. */
const faceOf = (inches: number | null | undefined, unknown: number) =>
  Math.max(0, Math.round((inches ?? unknown) * SIXTEENTHS));
/** A count of sixteenths as stored: a whole number of them, not below 0. */
const count = (v: number | null | undefined, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.floor(v)) : fallback;

/** A size grown by `each` on every side (shrunk when negative). */
const grow = (s: Size, each: number): Size => ({ width: s.width + 2 * each, height: s.height + 2 * each });

/**
 * Every size of a design (see the top of this file). `parts` gives the face widths of the chosen moulding, inner
 * moulding and fillet (in inches, as the catalogue's Width); an unknown width counts as 1" for a moulding and 3/8"
 * for a fillet. `hasMat` false works the design out as if it had no mat.
 *
 * A lower mat, a fillet in the mat or a double opening count only with a top mat, a fillet only with its
 * position; validateDesign says what is missing.
 */
export function designSizes(
  d: FrameDesign,
  parts: Partial<DesignParts> = {},
  hasMat = Boolean(d.mat),
): DesignSizes {
  const picture = {
    width: toSixteenths(d.fWidth, d.fWidthFrac),
    height: toSixteenths(d.fHeight, d.fHeightFrac),
  };
  const lower = hasMat ? (d.lowerMats ?? []) : [];
  const reveals = [0, ...lower.map((m) => count(m.reveal, DEFAULT_MAT_REVEAL))];
  const codes = hasMat ? [d.mat ?? '', ...lower.map((m) => m.code)] : [];
  const matted = codes.length > 0;
  const fillet =
    d.fillet && (d.fillet.position === 'frame' || (d.fillet.position === 'mat' && matted)) ? d.fillet : null;
  const filletWidth = fillet ? faceOf(parts.filletWidth, UNKNOWN_FILLET_WIDTH) : 0;
  const inMat = fillet?.position === 'mat' ? filletWidth : 0;
  const inFrame = fillet?.position === 'frame' ? filletWidth : 0;
  const double = matted && d.matOpening === 'double';
  const gap = double ? count(d.matGap, DEFAULT_MAT_GAP) : 0;
  const overlap = matted ? count(d.matOverlap, 0) : 0;
  const borderTB = matted ? toSixteenths(d.matTB, d.matTBFrac) : 0;
  const borderLR = matted ? toSixteenths(d.matLR, d.matLRFrac) : 0;
  const opening = grow(picture, -overlap);

  // windows from the bottom mat up: each is its reveal larger than the one under it; the fillet's width more
  // for the top mat when the fillet lines its window
  const windows: Size[] = [];
  let below = opening;
  for (let k = codes.length - 1; k >= 1; k--) {
    windows[k] = below;
    below = grow(below, reveals[k]);
  }
  if (matted) windows[0] = grow(below, inMat);
  const top = windows[0] ?? picture;
  const across = double ? 2 * top.width + gap : top.width;
  const inside: Size = matted
    ? { width: across + 2 * (borderLR + inFrame), height: top.height + 2 * (borderTB + inFrame) }
    : grow(picture, inFrame);

  // where the top windows are, from the inside's top-left; each lower window is set in from them
  const topAt: Offset[] = (double ? [0, 1] : [0]).map((i) => ({
    x: inFrame + borderLR + i * (top.width + gap),
    y: inFrame + borderTB,
  }));
  let inset = 0;
  const mats: MatSize[] = codes.map((code, k) => {
    if (k === 1) inset += inMat;
    inset += reveals[k];
    return {
      code,
      reveal: reveals[k],
      window: windows[k],
      windows: topAt.map((p) => ({ x: p.x + inset, y: p.y + inset })),
      outer: inside,
    };
  });
  // what shows of the pictures: the bottom window, or inside the fillet that lines the only mat's window
  const shows = matted
    ? mats[mats.length - 1].windows.map((p) => ({
        x: p.x + (mats.length === 1 ? inMat : 0),
        y: p.y + (mats.length === 1 ? inMat : 0),
      }))
    : [{ x: inFrame, y: inFrame }];
  const pictures = shows.map((p) => ({ x: p.x - overlap, y: p.y - overlap }));

  const ring = (code: string, width: number, within: Size): MouldingSize => ({
    code,
    width,
    inside: within,
    outside: grow(within, width),
  });
  const inner = d.innerMoulding
    ? ring(d.innerMoulding, faceOf(parts.innerMouldingWidth, UNKNOWN_MOULDING_WIDTH), inside)
    : null;
  const moulding = d.moulding
    ? ring(d.moulding, faceOf(parts.mouldingWidth, UNKNOWN_MOULDING_WIDTH), inner?.outside ?? inside)
    : null;

  return {
    picture,
    pictures,
    opening,
    overlap,
    borderTB,
    borderLR,
    gap,
    mats,
    fillet: fillet
      ? {
          code: fillet.code,
          position: fillet.position,
          width: filletWidth,
          opening: fillet.position === 'mat' ? top : inside,
          rings: fillet.position === 'mat' ? topAt : [{ x: 0, y: 0 }],
        }
      : null,
    inside,
    inner,
    moulding,
    outside: moulding?.outside ?? inner?.outside ?? inside,
  };
}

/** The mat's sizes in sixteenths (the 'mat totals' buildFrame receives). */
export interface MatTotals {
  /** Picture size (each picture of a double opening). */
  artWidth: number;
  artHeight: number;
  /** The top mat's border totals: top + bottom, left + right. */
  borderTB: number;
  borderLR: number;
  /** What shows of the picture: the innermost window (the window cut in the mat with one mat and no fillet). */
  openingWidth: number;
  openingHeight: number;
  /** The mat's outer size (the frame's inside size); the picture size without a mat or fillet. */
  outerWidth: number;
  outerHeight: number;
}

/** The totals of designSizes in the shape buildFrame has always answered. */
export function matTotals(
  d: FrameDesign,
  hasMat = Boolean(d.mat),
  parts: Partial<DesignParts> = {},
): MatTotals {
  const s = designSizes(d, parts, hasMat);
  return {
    artWidth: s.picture.width,
    artHeight: s.picture.height,
    borderTB: 2 * s.borderTB,
    borderLR: 2 * s.borderLR,
    openingWidth: s.opening.width,
    openingHeight: s.opening.height,
    outerWidth: s.inside.width,
    outerHeight: s.inside.height,
  };
}
