import type { Dimension } from './footage.ts';
import { isRail, MIN_CUT_INCHES, type MouldingOrderType, quantityOf, sidesInSixteenths } from './footage.ts';
import { SIXTEENTHS } from './fractions.ts';
import { QUANTITY_TYPES } from './product-types.ts';
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
} as const;

/** The largest quantity, length in feet and side in inches one cart line may ask for. */
export const MAX_LINE_QUANTITY = 9999;
export const MAX_LINE_FEET = 9999;
export const MAX_SIDE_INCHES = 999;

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

/** The Ship / Backordered / Cancelled summary, to 2 decimals. */
export function backorderSplit(
  requested: number,
  available: number,
  option: BackorderOption | null | undefined,
) {
  const want = Math.max(0, requested);
  const have = Math.max(0, Math.min(available, want));
  const rest = want - have;
  const fix = (n: number) => Number(n.toFixed(2));
  if (rest <= 0) return { ship: fix(want), backordered: 0, cancelled: 0 };
  switch (option) {
    case 'backremq':
      return { ship: fix(have), backordered: fix(rest), cancelled: 0 };
    case 'backcancel':
      return { ship: fix(have), backordered: 0, cancelled: fix(rest) };
    case 'backallq':
      return { ship: 0, backordered: fix(want), cancelled: 0 };
    default:
      return { ship: fix(have), backordered: 0, cancelled: 0 };
  }
}

export interface SelectionToCheck {
  /** Product type number and whether it is a moulding sold by length (type 4). */
  productType: number;
  isMoulding: boolean;
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
 * null. The server runs the same function on every line it accepts.
 */
export function validateSelection(s: SelectionToCheck): string | null {
  if (!s.location?.trim()) return addToCartMessages.location;
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
  if (!mouldingOrder) {
    if (QUANTITY_TYPES.includes(s.productType) || s.type === 'item') {
      if (quantityOf(s.quantity, 0) <= 0) return addToCartMessages.quantity;
    }
  } else if (s.type === 'chop' || s.type === 'join' || s.type === 'exact') {
    const sides = sidesInSixteenths(s.dimension);
    if (quantityOf(s.quantity, 0) <= 0 || (sides.length <= 0 && sides.width <= 0))
      return addToCartMessages.quantityAndDimensions;
    const both = sides.length > 0 && sides.width > 0;
    const min = MIN_CUT_INCHES * SIXTEENTHS;
    if (s.type === 'join' && isRail(s.dimension)) return addToCartMessages.smallest;
    if ((both || s.type === 'join') && (sides.length < min || sides.width < min))
      return addToCartMessages.smallest;
  } else if (s.type === 'box') {
    if (quantityOf(s.quantity, 0) <= 0) return addToCartMessages.quantity;
  } else if (s.type === 'length') {
    if (quantityOf(s.length, 0) <= 0) return addToCartMessages.length;
  }
  if (quantityOf(s.quantity, 0) > MAX_LINE_QUANTITY) return addToCartMessages.quantityTooLarge;
  if (s.type === 'length' && quantityOf(s.length, 0) > MAX_LINE_FEET) return addToCartMessages.lengthTooLarge;
  if (mouldingOrder && (s.type === 'chop' || s.type === 'join' || s.type === 'exact')) {
    const sides = sidesInSixteenths(s.dimension);
    if (Math.max(sides.length, sides.width) > MAX_SIDE_INCHES * SIXTEENTHS + 15)
      return addToCartMessages.sizeTooLarge;
  }
  if (s.stock === 2 && !s.backorder) return addToCartMessages.backorder;
  return null;
}

/** PO number (storefront §5): letters and digits only, at most 13. Empty is allowed. */
export const PO_PATTERN = /^[A-Za-z0-9]{0,13}$/;
export const PO_MESSAGE = 'PO # may contain only letters and digits, 13 at most';

export function isValidPo(po: string | null | undefined): boolean {
  return PO_PATTERN.test(po ?? '');
}

/** What the PO input keeps of what is typed: letters and digits, cut at 13. */
export function cleanPo(input: string): string {
  return input.replace(/[^A-Za-z0-9]/g, '').slice(0, 13);
}

/** Input handling (storefront §5): quantity digits only. */
export const digitsOnly = (input: string) => input.replace(/\D/g, '');

/** Length: a whole number, negatives become 0. */
export function cleanLength(input: string | number): number {
  const n = Math.floor(Number.parseFloat(String(input)));
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** Dimensions: whole numbers; zero or less becomes empty. */
export function cleanDimension(input: string | number): number | '' {
  const n = Math.floor(Number.parseFloat(String(input)));
  return Number.isFinite(n) && n > 0 ? n : '';
}
