import type { CartItem, CartItemInput } from '@mitrebox/api-contract';
import {
  type BackorderOption,
  dimensionMessage,
  isRail,
  lengthMessage,
  lineFootage,
  MOULDING_TYPE,
  type MouldingOrderType,
  parseFeet,
  parseWholeInches,
  parseWholeQuantity,
  quantityMessage,
  type SelectionToCheck,
  SIXTEENTHS,
  STOCK_STATE,
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

/** Feet (mouldings) or pieces (items) the selection asks of the chosen warehouse; 0 while a field does not read. */
export function requestedAmount(sel: DialogSelection, product: ProductFacts): number {
  if (sel.type === 'item') {
    const q = parseWholeQuantity(sel.quantity);
    return q.ok ? q.value : 0;
  }
  if (sel.type !== 'length' && !parseWholeQuantity(sel.quantity).ok) return 0;
  if (sel.type !== 'length' && sel.type !== 'box' && dimensionMessage(sel.dimension)) return 0;
  return lineFootage({
    type: sel.type,
    quantity: sel.quantity,
    length: sel.length,
    dimension: sel.dimension,
    mouldingWidth: product.Width ?? 0,
    boxQty: product.box_qty,
  });
}

/**
 * The message of each typed field as it reads now (null when it reads): what the field shows is what is
 * priced, so a field that does not read is said so, never rewritten.
 */
export function fieldMessages(sel: DialogSelection): {
  length: string | null;
  quantity: string | null;
  size: string | null;
} {
  const typed = (v: string) => v.trim() !== '';
  return {
    length: sel.type === 'length' && typed(sel.length) ? lengthMessage(sel.length) : null,
    quantity: sel.type !== 'length' && typed(sel.quantity) ? quantityMessage(sel.quantity) : null,
    size:
      sel.type === 'chop' || sel.type === 'join' || sel.type === 'exact'
        ? dimensionMessage(sel.dimension)
        : null,
  };
}

/** Whether every typed amount reads (so the estimate is the price of what the fields show). */
export const fieldsRead = (sel: DialogSelection) => {
  const m = fieldMessages(sel);
  return !m.length && !m.quantity && !m.size;
};

/** The selection for validateSelection (the same check the server runs). */
export function toCheck(
  sel: DialogSelection,
  product: ProductFacts,
  accountLocation: string | null,
  stock: StockState,
): SelectionToCheck {
  return {
    productType: product.type,
    isMoulding: isMoulding(product),
    boxQty: product.box_qty,
    type: sel.type,
    quantity: sel.quantity,
    length: sel.length,
    dimension: sel.dimension,
    location: sel.location,
    instructions: sel.instructions,
    accountLocation,
    stock,
    backorder: stock === STOCK_STATE.backordered ? sel.backorder : null,
  };
}

const wholeOrNull = (v: string) => {
  const read = parseWholeInches(v);
  return read.ok && read.value > 0 ? read.value : null;
};
const quantityNumber = (v: string) => {
  const read = parseWholeQuantity(v);
  return read.ok ? read.value : null;
};
const feetNumber = (v: string) => {
  const read = parseFeet(v);
  return read.ok ? read.value / SIXTEENTHS : null;
};

/** The new cart line the dialog adds (inputs only, read by the same parser as the server: the server prices it). */
export function toCartLine(sel: DialogSelection, product: ProductFacts, stock: StockState): CartItemInput {
  const cut = sel.type === 'chop' || sel.type === 'join' || sel.type === 'exact';
  const sides = {
    length: wholeOrNull(sel.dimension.length),
    length_fraction: sel.dimension.length_fraction,
    width: wholeOrNull(sel.dimension.width),
    width_fraction: sel.dimension.width_fraction,
  };
  const dimension = cut ? { ...sides, unitedInches: unitedInches(sides) } : null;
  return {
    Code: product.Code,
    productSelection: {
      type: sel.type,
      instructions: sel.instructions.trim() || null,
      length: sel.type === 'length' ? feetNumber(sel.length) : null,
      quantity: sel.type === 'length' ? null : quantityNumber(sel.quantity),
      location: sel.location,
      isRail: cut ? isRail(sides) : false,
      dimension,
    },
    backtype: stock === STOCK_STATE.backordered ? sel.backorder : null,
  };
}

/** A cart line back in the dialog, to change it in place (the inputs it was added with). */
export function selectionOf(item: CartItem): DialogSelection {
  const p = item.productSelection;
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const d = p.dimension;
  return {
    // a corner sample is not changed in this dialog (its cart line offers the ship choice)
    type: p.type === 'sample' ? 'length' : (p.type ?? 'item'),
    quantity: text(p.quantity),
    length: text(p.length),
    dimension: {
      length: text(d?.length),
      length_fraction: Number(d?.length_fraction ?? 0) || 0,
      width: text(d?.width),
      width_fraction: Number(d?.width_fraction ?? 0) || 0,
    },
    location: p.location ?? '',
    instructions: p.instructions ?? '',
    backorder: item.backtype,
  };
}

/** The cart with one line replaced (the line the buyer changed), or with the new line added. */
export function replaceLine(
  current: readonly CartItem[],
  changed: CartItemInput,
  at: { index: number; id: string },
): { lines: CartItemInput[]; index: number } {
  const lines = current.map(toCartInput);
  // the line is found by its place, or by its id when the cart changed meanwhile (another tab)
  const index = current[at.index]?.id === at.id ? at.index : current.findIndex((l) => l.id === at.id);
  if (index === -1) return { lines: [...lines, changed], index: lines.length };
  lines[index] = changed;
  return { lines, index };
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
