import { SIXTEENTHS } from './fractions.ts';
import { parseFeet } from './quantities.ts';

/** The ways a moulding is ordered (storefront §1). 'exact' is shown as Straight Cut. */
export const MOULDING_ORDER_TYPES = ['length', 'chop', 'join', 'exact', 'box'] as const;
export type MouldingOrderType = (typeof MOULDING_ORDER_TYPES)[number];

export const ORDER_TYPE_LABELS: Record<MouldingOrderType, string> = {
  length: 'Length',
  chop: 'Chop',
  join: 'Join',
  exact: 'Straight Cut',
  box: 'Box',
};

/** The one-letter order-type code kept on order lines (the T column). */
export const ORDER_TYPE_CODES: Record<MouldingOrderType, string> = {
  length: 'L',
  chop: 'C',
  join: 'J',
  exact: 'E',
  box: 'B',
};

/** Chop and join are priced at 4 feet at least (storefront §5, §9). */
export const CHOP_JOIN_MIN_FEET = 4;
/** The shortest side that can be cut (storefront §5, §9). */
export const MIN_CUT_INCHES = 6;

export interface Dimension {
  /** Whole inches of the length side and its fraction in sixteenths (0–15). */
  length: number | string | null;
  length_fraction: number | string | null;
  width: number | string | null;
  width_fraction: number | string | null;
}

const whole = (v: number | string | null | undefined) => {
  if (v === null || v === undefined || v === '') return 0;
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};
const frac = (v: number | string | null | undefined) => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 && n < SIXTEENTHS ? Math.floor(n) : 0;
};

/** Both sides in sixteenths of an inch; a blank or non-numeric side is 0. A side with no whole inches is 0. */
export function sidesInSixteenths(d: Partial<Dimension> | null | undefined): {
  length: number;
  width: number;
} {
  const l = whole(d?.length);
  const w = whole(d?.width);
  return {
    length: l > 0 ? l * SIXTEENTHS + frac(d?.length_fraction) : 0,
    width: w > 0 ? w * SIXTEENTHS + frac(d?.width_fraction) : 0,
  };
}

/** United inches of a frame (length + width), used for the oversize join fee. */
export function unitedInches(d: Partial<Dimension> | null | undefined): number {
  const s = sidesInSixteenths(d);
  return (s.length + s.width) / SIXTEENTHS;
}

/** A rail is a cut with one side only. */
export function isRail(d: Partial<Dimension> | null | undefined): boolean {
  const s = sidesInSixteenths(d);
  return s.length > 0 !== s.width > 0;
}

/** Quantity as ordered: an empty quantity counts as 1 for footage, digits only. */
export function quantityOf(v: number | string | null | undefined, emptyCountsAs = 1): number {
  if (v === null || v === undefined || v === '') return emptyCountsAs;
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/**
 * Feet of moulding for one frame (or rail) of a chop, join or straight cut (storefront §5):
 * rail = (2 × moulding width + side) / 12; both sides = (perimeter + 8 × moulding width) / 12;
 * rounded up to the next half foot. Worked in sixteenths so that no float rounding can creep in.
 */
export function feetPerPiece(d: Partial<Dimension> | null | undefined, mouldingWidthInches: number): number {
  const s = sidesInSixteenths(d);
  if (s.length > 0 && s.width > 0) return mitredFrameFeet(s.length, s.width, mouldingWidthInches);
  if (s.length > 0 || s.width > 0)
    return halfFeetUp(2 * faceSixteenths(mouldingWidthInches) + s.length + s.width);
  return 0;
}

const faceSixteenths = (inches: number) =>
  Math.round((Number.isFinite(inches) && inches > 0 ? inches : 0) * SIXTEENTHS);
// half feet: 6 inches = 96 sixteenths
const halfFeetUp = (inches16: number) => Math.ceil(inches16 / 96) / 2;

/**
 * Feet of moulding (or fillet) for one mitred frame whose inside is width × height sixteenths (storefront §5):
 * (perimeter + 8 × face width) / 12 — each of the four mitres wastes twice the face width — rounded up to the
 * next half foot. The rule of a chop or join with both sides, for any ring a design cuts.
 */
export function mitredFrameFeet(width16: number, height16: number, faceWidthInches: number): number {
  if (!(width16 > 0 && height16 > 0)) return 0;
  return halfFeetUp(2 * (width16 + height16) + 8 * faceSixteenths(faceWidthInches));
}

export interface FootageInput {
  type: MouldingOrderType;
  quantity?: number | string | null;
  /** Feet, for a length order. */
  length?: number | string | null;
  dimension?: Partial<Dimension> | null;
  /** The product's moulding width in inches. */
  mouldingWidth: number;
  /** The product's box quantity in feet. */
  boxQty?: number;
}

/**
 * Feet of moulding a line orders. Length: the feet entered, in sixteenths (not a length: 0). Box: quantity × box
 * quantity. Chop, join, straight cut: feet per piece × quantity (empty quantity = 1), chop and join never
 * under 4 feet a piece.
 */
export function lineFootage(input: FootageInput): number {
  switch (input.type) {
    case 'length': {
      // feet and sixteenths as typed ("3 1/2" is 3.5); anything that is not a length is 0
      const feet = parseFeet(input.length);
      return feet.ok ? feet.value / SIXTEENTHS : 0;
    }
    case 'box':
      return quantityOf(input.quantity, 0) * Math.max(0, Math.floor(input.boxQty ?? 0));
    default: {
      const perPiece = feetPerPiece(input.dimension, input.mouldingWidth);
      if (perPiece === 0) return 0;
      const piece = input.type === 'exact' ? perPiece : Math.max(CHOP_JOIN_MIN_FEET, perPiece);
      return piece * quantityOf(input.quantity);
    }
  }
}

/**
 * Moulding for a frame-builder design (storefront §5): ceil(2 × ((width + 2w) + (height + 2w)) / 12) feet,
 * w = moulding width (1 when none).
 */
export function builderMouldingFeet(
  widthInches: number,
  heightInches: number,
  mouldingWidthInches?: number | null,
): number {
  const w = mouldingWidthInches && mouldingWidthInches > 0 ? mouldingWidthInches : 1;
  const w16 = Math.round(w * SIXTEENTHS);
  const inches16 =
    2 * (Math.round(widthInches * SIXTEENTHS) + 2 * w16 + Math.round(heightInches * SIXTEENTHS) + 2 * w16);
  return Math.ceil(inches16 / (12 * SIXTEENTHS));
}
