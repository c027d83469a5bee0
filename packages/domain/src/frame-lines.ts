/**
 * The cart lines a design makes (docs/decisions/010: price and cart through the cart service). Pure: the server
 * turns each line into a cart line (Code, productSelection with the account's warehouse, backtype) and prices it
 * with the cart's own rules, so the quote is what the cart will charge; the screen can list the same lines.
 *
 * In order: the inner moulding (joined or chopped at its inside), the moulding (at its inside, which is the inner
 * moulding's outside), the fillet (by the foot), each mat top first (a sheet each), the glazing (a sheet).
 * Sizes are in sixteenths (frame-sizes.ts).
 */
import { lineFootage, mitredFrameFeet } from './footage.ts';
import { formatSixteenths, SIXTEENTHS } from './fractions.ts';
import type { DesignParts, FrameDesign } from './frame-model.ts';
import { designSizes, type Size } from './frame-sizes.ts';

export type DesignLinePart = 'innerMoulding' | 'moulding' | 'fillet' | 'mat' | 'glass';

/** A join or chop's sides as the cart's dimension: whole inches and sixteenths (length = width, width = height). */
export interface LineDimension {
  length: number;
  length_fraction: number;
  width: number;
  width_fraction: number;
}

/**
 * What the cart line's productSelection carries; the caller adds location, instructions and backtype.
 * Mouldings are cut ('join' or 'chop', one frame of `dimension`); a fillet (product type 3) and the sheets are
 * items, the fillet counted in whole feet — the cart sells type 3 by quantity (storefront §5).
 */
export type DesignLineSelection =
  | { type: 'join' | 'chop'; quantity: 1; dimension: LineDimension }
  | { type: 'item'; quantity: number };

export interface DesignLine {
  part: DesignLinePart;
  code: string;
  /** What the line is for, in words: 'Inner moulding, joined at 17 x 21'. */
  label: string;
  selection: DesignLineSelection;
  /**
   * Mouldings: the size joined at (the inside). Fillet: the opening it lines. Mats: the board's outer size.
   * Glazing: the size it must cover. Sixteenths.
   */
  size: Size;
  /** Mouldings and fillet: feet of it (a moulding's as the cart counts it: chop and join at least 4 ft). */
  feet?: number;
  /** Mats: 0 for the top mat, then down; the reveal it shows (sixteenths); the window(s) cut in it. */
  layer?: number;
  reveal?: number;
  windows?: Size[];
}

const size = (s: Size) => `${formatSixteenths(s.width)} x ${formatSixteenths(s.height)}`;
const dimension = (s: Size): LineDimension => ({
  length: Math.floor(s.width / SIXTEENTHS),
  length_fraction: s.width % SIXTEENTHS,
  width: Math.floor(s.height / SIXTEENTHS),
  width_fraction: s.height % SIXTEENTHS,
});
/** The names of a design's `n` mats, top first, as a framer says them (and the cart lines' labels read). */
export const matNames = (n: number): string[] =>
  n === 1 ? ['Mat'] : n === 2 ? ['Top mat', 'Bottom mat'] : ['Top mat', 'Middle mat', 'Bottom mat'];

/**
 * The lines of a design, in order (see the top of this file). `parts` gives the face widths (as for the geometry);
 * `orderType` says whether the mouldings come joined (the default) or chopped. Check the design with
 * validateDesign first: this lists what the design names, it does not judge it.
 */
export function designLines(
  d: FrameDesign,
  parts: Partial<DesignParts> = {},
  orderType: 'join' | 'chop' = 'join',
): DesignLine[] {
  const s = designSizes(d, parts);
  const lines: DesignLine[] = [];
  const cut = orderType === 'join' ? 'joined at' : 'chopped for';
  for (const [part, m, name] of [
    ['innerMoulding', s.inner, 'Inner moulding'],
    ['moulding', s.moulding, 'Moulding'],
  ] as const) {
    if (!m) continue;
    const dim = dimension(m.inside);
    lines.push({
      part,
      code: m.code,
      label: `${name}, ${cut} ${size(m.inside)}`,
      selection: { type: orderType, quantity: 1, dimension: dim },
      size: m.inside,
      feet: lineFootage({
        type: orderType,
        quantity: 1,
        dimension: dim,
        mouldingWidth: m.width / SIXTEENTHS,
      }),
    });
  }
  if (s.fillet) {
    const f = s.fillet;
    const rings = f.rings.length;
    const feet = rings * mitredFrameFeet(f.opening.width, f.opening.height, f.width / SIXTEENTHS);
    const where = f.position === 'frame' ? 'inside the frame' : `in the mat opening${rings > 1 ? 's' : ''}`;
    lines.push({
      part: 'fillet',
      code: f.code,
      label: `Fillet ${where}, ${feet} ft for ${rings > 1 ? `two of ${size(f.opening)}` : size(f.opening)}`,
      selection: { type: 'item', quantity: Math.ceil(feet) },
      size: f.opening,
      feet,
    });
  }
  const names = matNames(s.mats.length);
  s.mats.forEach((m, layer) => {
    const windows = m.windows.map(() => m.window);
    const opening = windows.length > 1 ? `openings 2 of ${size(m.window)}` : `opening ${size(m.window)}`;
    const reveal = m.reveal ? ` (${formatSixteenths(m.reveal)}" reveal)` : '';
    lines.push({
      part: 'mat',
      code: m.code,
      label: `${names[layer]} ${size(m.outer)}, ${opening}${reveal}`,
      selection: { type: 'item', quantity: 1 },
      size: m.outer,
      layer,
      reveal: m.reveal,
      windows,
    });
  });
  if (d.glass)
    lines.push({
      part: 'glass',
      code: d.glass,
      label: `Glazing ${size(s.inside)}`,
      selection: { type: 'item', quantity: 1 },
      size: s.inside,
    });
  return lines;
}
