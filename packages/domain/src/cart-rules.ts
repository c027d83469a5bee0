import type { Dimension } from './footage.ts';
import { isRail, MIN_CUT_INCHES, type MouldingOrderType, sidesInSixteenths } from './footage.ts';
import { SIXTEENTHS } from './fractions.ts';
import {
  type Parsed,
  parseFeet,
  parseSixteenthFraction,
  parseWholeInches,
  parseWholeQuantity,
} from './quantities.ts';
import { availableQty } from './stock.ts';

export const addToCartMessages = {
  location: 'Location can not be blank',
  instructions: 'Please provide cutting instructions',
  quantity: 'Quantity must be greater then 0',
  quantityAndDimensions: 'Quantity and Dimensions are required',
  length: 'Length must be greater then 0',
  smallest: 'The smallest size can be 6"',
  backorder: 'Please select a back order option',
  // Not in the specification: the largest line one order can hold (a typo of extra zeros stops here).
  quantityTooLarge: 'Quantity can be at most 9,999',
  lengthTooLarge: 'Length can be at most 9,999 ft',
  sizeTooLarge: 'Sizes can be at most 999"',
  // Not in the specification: typed text that is not a number of the field's kind is refused, never rewritten.
  lengthFormat: 'Length must be in feet and sixteenths, like 12, 3 1/2 or 3.5',
  quantityWhole: 'Quantity must be a whole number',
  sizeFormat: 'Sizes must be whole inches; choose the fraction from the list',
  fractionFormat: 'Fractions must be in sixteenths (0 to 15/16)',
  typeNotOffered: 'This order type is not offered for this item',
  nothingShips: 'Nothing can ship now: back-order it or choose another warehouse',
  notPriced: 'This item has no price on your account. Please contact customer service.',
} as const;

/** The largest quantity, length in feet and side in inches one cart line may ask for. */
export const MAX_LINE_QUANTITY = 9999;
export const MAX_LINE_FEET = 9999;
export const MAX_SIDE_INCHES = 999;

/** The message of a length field (feet), or null when it reads as a length above 0. */
export function lengthMessage(input: string | number | null | undefined): string | null {
  const read = parseFeet(input);
  if (read.ok) return read.value > MAX_LINE_FEET * SIXTEENTHS ? addToCartMessages.lengthTooLarge : null;
  return read.reason === 'format' ? addToCartMessages.lengthFormat : addToCartMessages.length;
}

/**
 * The message of a quantity field (whole pieces, boxes or frames), or null. `empty` is the spec's message for
 * nothing or 0 ('Quantity must be greater then 0', or 'Quantity and Dimensions are required' for cuts).
 */
export function quantityMessage(
  input: string | number | null | undefined,
  empty: string = addToCartMessages.quantity,
): string | null {
  const read = parseWholeQuantity(input);
  if (read.ok) return read.value > MAX_LINE_QUANTITY ? addToCartMessages.quantityTooLarge : null;
  return read.reason === 'format' ? addToCartMessages.quantityWhole : empty;
}

/** The message of a chop/join/straight-cut size (whole inches and a fraction in sixteenths), or null. */
export function dimensionMessage(d: Partial<Dimension> | null | undefined): string | null {
  const sides: Parsed[] = [parseWholeInches(d?.length), parseWholeInches(d?.width)];
  if (sides.some((s) => !s.ok)) return addToCartMessages.sizeFormat;
  const fractions = [parseSixteenthFraction(d?.length_fraction), parseSixteenthFraction(d?.width_fraction)];
  if (fractions.some((f) => !f.ok)) return addToCartMessages.fractionFormat;
  return null;
}

/** Whether an order type is offered for a product: box only with a box quantity; items are never cut. */
export function typeOffered(
  product: { isMoulding: boolean; boxQty?: number | null },
  type: MouldingOrderType | 'item',
): boolean {
  if (!product.isMoulding) return type === 'item';
  if (type === 'item') return false;
  if (type === 'box') return (product.boxQty ?? 0) > 0;
  return true;
}

/** Instructions limits (storefront §9): 50 characters in the add-to-cart dialog, 70 on the product page. */
export const INSTRUCTIONS_MAX_DIALOG = 50;
export const INSTRUCTIONS_MAX_DETAIL = 70;
/** The server accepts the longer of the two readings. */
export const INSTRUCTIONS_MAX = INSTRUCTIONS_MAX_DETAIL;

export const BACKORDER_OPTIONS = ['backremq', 'backcancel', 'backallq'] as const;
export type BackorderOption = (typeof BACKORDER_OPTIONS)[number];
export const BACKORDER_LABELS: Record<BackorderOption, string> = {
  backremq: 'Ship available, back-order the rest',
  backcancel: 'Ship available, cancel the rest',
  backallq: 'Back-order everything, ship nothing',
};

/** Stock state of a selection (storefront §4): 0 unknown, 1 in stock, 2 back-ordered. */
export type StockState = 0 | 1 | 2;

export function stockState(
  onhand: number | string | null | undefined,
  committed: number | string | null | undefined,
  requested: number,
): StockState {
  if (onhand === null || onhand === undefined) return 0;
  const available = availableQty(onhand, committed);
  if (Number(onhand) <= 0 || requested > available) return 2;
  return 1;
}

/** What a line ships now, back-orders and cancels, and what is charged: ship + back-ordered, never cancelled. */
export interface BackorderSplit {
  ship: number;
  backordered: number;
  cancelled: number;
  charged: number;
}

/**
 * The Ship / Backordered / Cancelled summary (shown to 2 decimals; kept to the sixteenth), for each back-order choice (storefront §4):
 * backremq ships what is available and back-orders the rest; backcancel ships what is available and cancels
 * the rest; backallq back-orders everything. Cancelled quantity is never charged.
 *
 * `piece` (feet per frame or box) splits a cut or box line in whole pieces: 15 ft available of two 10 ft chops
 * ships one chop, not one and a half.
 */
export function backorderSplit(
  requested: number,
  available: number,
  option: BackorderOption | null | undefined,
  piece = 0,
): BackorderSplit {
  const want = Math.max(0, requested);
  let have = Math.max(0, Math.min(available, want));
  if (piece > 0) have = Math.min(want, Math.floor(have / piece + 1e-9) * piece);
  const rest = want - have;
  const fix = (n: number) => Number(n.toFixed(4));
  const split = (ship: number, backordered: number, cancelled: number) => ({
    ship: fix(ship),
    backordered: fix(backordered),
    cancelled: fix(cancelled),
    charged: fix(ship + backordered),
  });
  if (rest <= 0) return split(want, 0, 0);
  switch (option) {
    case 'backremq':
      return split(have, rest, 0);
    case 'backcancel':
      return split(have, 0, rest);
    case 'backallq':
      return split(0, want, 0);
    default:
      return split(have, 0, 0);
  }
}

export interface SelectionToCheck {
  /** Product type number and whether it is a moulding sold by length (type 4). */
  productType: number;
  isMoulding: boolean;
  /** The product's box quantity in feet (box is offered only above 0). */
  boxQty?: number | null;
  type: MouldingOrderType | 'item';
  quantity?: number | string | null;
  length?: number | string | null;
  dimension?: Partial<Dimension> | null;
  location?: string | null;
  instructions?: string | null;
  /** The account's own warehouse. */
  accountLocation?: string | null;
  /** Stock state of the selection and the chosen back-order option. */
  stock?: StockState;
  backorder?: BackorderOption | null;
}

/**
 * The add-to-cart rules of storefront §5, in the order the dialog reports them. Answers the first message or
 * null. The server runs the same function on every line it accepts. Typed amounts are read with the one parser
 * of quantities.ts: a text that is not a number of the field's kind is refused with the field's message.
 */
export function validateSelection(s: SelectionToCheck): string | null {
  if (!s.location?.trim()) return addToCartMessages.location;
  if (!typeOffered({ isMoulding: s.isMoulding, boxQty: s.boxQty ?? (s.type === 'box' ? 1 : 0) }, s.type))
    return addToCartMessages.typeNotOffered;
  const mouldingOrder = s.isMoulding && s.type !== 'item';
  if (
    mouldingOrder &&
    (s.type === 'length' || s.type === 'box') &&
    s.accountLocation &&
    s.location !== s.accountLocation &&
    !(s.instructions ?? '').trim()
  ) {
    return addToCartMessages.instructions;
  }
  if (!mouldingOrder || s.type === 'box') {
    const message = quantityMessage(s.quantity);
    if (message) return message;
  } else if (s.type === 'chop' || s.type === 'join' || s.type === 'exact') {
    const quantity = quantityMessage(s.quantity, addToCartMessages.quantityAndDimensions);
    if (quantity && quantity !== addToCartMessages.quantityAndDimensions) return quantity;
    const format = dimensionMessage(s.dimension);
    if (format) return format;
    const sides = sidesInSixteenths(s.dimension);
    if (quantity || (sides.length <= 0 && sides.width <= 0)) return addToCartMessages.quantityAndDimensions;
    const both = sides.length > 0 && sides.width > 0;
    const min = MIN_CUT_INCHES * SIXTEENTHS;
    if (s.type === 'join' && isRail(s.dimension)) return addToCartMessages.smallest;
    if ((both || s.type === 'join') && (sides.length < min || sides.width < min))
      return addToCartMessages.smallest;
    if (Math.max(sides.length, sides.width) > MAX_SIDE_INCHES * SIXTEENTHS + 15)
      return addToCartMessages.sizeTooLarge;
  } else if (s.type === 'length') {
    const message = lengthMessage(s.length);
    if (message) return message;
  }
  if (s.stock === 2 && !s.backorder) return addToCartMessages.backorder;
  return null;
}

/** PO number (storefront §5): letters and digits only, at most 13. Empty is allowed. */
export const PO_PATTERN = /^[A-Za-z0-9]{0,13}$/;
export const PO_MESSAGE = 'PO # may contain only letters and digits, 13 at most';

export function isValidPo(po: string | null | undefined): boolean {
  return PO_PATTERN.test((po ?? '').trim());
}

/** The PO field's message as the buyer types (null when it is a valid PO): refused, never rewritten. */
export function poMessage(po: string | null | undefined): string | null {
  return isValidPo(po) ? null : PO_MESSAGE;
}
