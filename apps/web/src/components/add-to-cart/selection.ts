import type { CartItem, CartItemInput } from '@mitrebox/api-contract';
import {
  type BackorderOption,
  cleanDimension,
  cleanLength,
  digitsOnly,
  isRail,
  lineFootage,
  MOULDING_TYPE,
  type MouldingOrderType,
  quantityOf,
  type SelectionToCheck,
  type StockState,
  unitedInches,
} from '@mitrebox/domain';

/** What the add-to-cart dialog holds while the shopper fills it in (inputs as typed). */
export interface DialogSelection {
  /** Moulding order type; items (mats, glass, hardware, fillets…) are always 'item'. */
  type: MouldingOrderType | 'item';
  quantity: string;
  /** Feet, for a length order. */
  length: string;
  dimension: { length: string; length_fraction: number; width: string; width_fraction: number };
  location: string;
  instructions: string;
  backorder: BackorderOption | null;
}

export interface ProductFacts {
  Code: string;
  type: number;
  Width: number | null;
  box_qty: number;
}

export const EMPTY_DIMENSION: DialogSelection['dimension'] = {
  length: '',
  length_fraction: 0,
  width: '',
  width_fraction: 0,
};

export const isMoulding = (product: Pick<ProductFacts, 'type'>) => product.type === MOULDING_TYPE;

/** A fresh selection: mouldings start as a length order, everything else as an item; the account's warehouse. */
export function initialSelection(
  product: Pick<ProductFacts, 'type'> | null,
  location: string,
): DialogSelection {
  return {
    type: product && !isMoulding(product) ? 'item' : 'length',
    quantity: '',
    length: '',
    dimension: { ...EMPTY_DIMENSION },
    location,
    instructions: '',
    backorder: null,
  };
}

/**
 * Changing the order type clears length, quantity and dimensions (storefront §4); choosing Box sets
 * quantity 1 (its length is then the box quantity).
 */
export function changeType(sel: DialogSelection, type: MouldingOrderType): DialogSelection {
  return {
    ...sel,
    type,
    quantity: type === 'box' ? '1' : '',
    length: '',
    dimension: { ...EMPTY_DIMENSION },
    backorder: null,
  };
}

/** Quantity: digits only. */
export const typedQuantity = (input: string) => digitsOnly(input).slice(0, 6);

/** While typing a length or a dimension: keep what could still become a number. */
export const typedNumber = (input: string) => input.replace(/[^\d.-]/g, '').slice(0, 7);

/** Leaving the length field: a whole number, negatives become 0 (empty stays empty). */
export const settledLength = (input: string) => (input.trim() === '' ? '' : String(cleanLength(input)));

/** Leaving a dimension field: a whole number; zero or less becomes empty. */
export const settledDimension = (input: string) => String(cleanDimension(input));

/** The selection as the rules read it: inputs settled the way the fields settle them. */
function settled(sel: DialogSelection) {
  return {
    quantity: sel.quantity,
    length: settledLength(sel.length),
    dimension: {
      length: settledDimension(sel.dimension.length),
      length_fraction: sel.dimension.length_fraction,
      width: settledDimension(sel.dimension.width),
      width_fraction: sel.dimension.width_fraction,
    },
  };
}

/** Feet (mouldings) or pieces (items) the selection asks of the chosen warehouse. */
export function requestedAmount(sel: DialogSelection, product: ProductFacts): number {
  if (sel.type === 'item') return quantityOf(sel.quantity, 0);
  const s = settled(sel);
  return lineFootage({
    type: sel.type,
    quantity: s.quantity,
    length: s.length,
    dimension: s.dimension,
    mouldingWidth: product.Width ?? 0,
    boxQty: product.box_qty,
  });
}

/** The selection for validateSelection (the same check the server runs). */
export function toCheck(
  sel: DialogSelection,
  product: ProductFacts,
  accountLocation: string | null,
  stock: StockState,
): SelectionToCheck {
  const s = settled(sel);
  return {
    productType: product.type,
    isMoulding: isMoulding(product),
    type: sel.type,
    quantity: s.quantity,
    length: s.length,
    dimension: s.dimension,
    location: sel.location,
    instructions: sel.instructions,
    accountLocation,
    stock,
    backorder: stock === 2 ? sel.backorder : null,
  };
}

const asNumber = (v: string) => (v === '' ? null : Number(v));

/** The new cart line the dialog adds (inputs only: the server prices it). */
export function toCartLine(sel: DialogSelection, product: ProductFacts, stock: StockState): CartItemInput {
  const s = settled(sel);
  const cut = sel.type === 'chop' || sel.type === 'join' || sel.type === 'exact';
  const dimension = cut
    ? {
        length: asNumber(s.dimension.length),
        length_fraction: s.dimension.length_fraction,
        width: asNumber(s.dimension.width),
        width_fraction: s.dimension.width_fraction,
        unitedInches: unitedInches(s.dimension),
      }
    : null;
  return {
    Code: product.Code,
    productSelection: {
      type: sel.type,
      instructions: sel.instructions.trim() || null,
      length: sel.type === 'length' ? asNumber(s.length) : null,
      quantity: sel.type === 'length' ? null : asNumber(s.quantity),
      location: sel.location,
      isRail: cut ? isRail(s.dimension) : false,
      dimension,
    },
    backtype: stock === 2 ? sel.backorder : null,
  };
}

/** A line of the cart as it is sent back: its inputs, never its prices. */
export const toCartInput = (item: CartItem): CartItemInput => ({
  Code: item.Code,
  productSelection: item.productSelection,
  backtype: item.backtype,
});

/** The whole cart to send: the current lines, plus one new line when adding. */
export function cartPayload(current: readonly CartItem[], added?: CartItemInput): CartItemInput[] {
  const lines = current.map(toCartInput);
  return added ? [...lines, added] : lines;
}

/** FedEx shipping methods (storefront §2): FEDEX, FEDX-$10, FEDX-$20. */
export function shipsFedex(shipvia: string | null | undefined): boolean {
  const v = (shipvia ?? '').trim().toUpperCase();
  return v === 'FEDEX' || v === 'FEDX-$10' || v === 'FEDX-$20';
}

export const FEDEX_CHARGES_HINT = 'Additional FedEx shipping charges will apply';
export const CUT_TWICE_HINT =
  'We can lower your shipping costs by cutting your length order twice! Longest dimension cannot exceed 47';

/** The shipping hints of a length order (storefront §2 Add-to-cart dialog). */
export function shippingHints(
  sel: Pick<DialogSelection, 'type' | 'location'>,
  account: { Location: string | null; Shipvia: string | null } | null,
): string[] {
  if (sel.type !== 'length' || !account) return [];
  const hints: string[] = [];
  if (sel.location && account.Location && sel.location !== account.Location) hints.push(FEDEX_CHARGES_HINT);
  if (shipsFedex(account.Shipvia)) hints.push(CUT_TWICE_HINT);
  return hints;
}

/**
 * The server's 422 names the line it refused ('cartdata.N'). The new line is the last; an older line gets
 * its code in front so the shopper knows which one.
 */
export function cartErrorMessage(
  err: { message: string; errors?: Record<string, string> },
  lines: readonly CartItemInput[],
  newIndex: number | null,
): string {
  const entries = Object.entries(err.errors ?? {}).filter(([k]) => k.startsWith('cartdata.'));
  if (entries.length === 0) return err.message;
  const own = entries.find(([k]) => k === `cartdata.${newIndex}`);
  if (own) return own[1];
  const [key, message] = entries[0];
  const code = lines[Number(key.slice('cartdata.'.length))]?.Code;
  return code ? `${code}: ${message}` : message;
}
