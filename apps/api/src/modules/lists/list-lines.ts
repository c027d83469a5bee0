import type { AccountProduct, CartItemInput, SessionAccount } from '@mitrebox/api-contract';
import {
  type BackorderOption,
  INSTRUCTIONS_MAX,
  type KeptSelection,
  lengthMessage,
  MOULDING_TYPE,
  type MouldingOrderType,
  parseFeet,
  parseSixteenthFraction,
  parseWholeInches,
  parseWholeQuantity,
  quantityMessage,
  SIXTEENTHS,
  validateSelection,
} from '@mitrebox/domain';

/** What a list line keeps in its `selection` column: the cart line's input, its amounts read as numbers. */
export interface StoredSelection {
  productSelection: KeptSelection;
  backtype: BackorderOption | null;
}

const whole = (v: unknown) => {
  const read = parseWholeQuantity(v as string | number | null | undefined);
  return read.ok ? read.value : null;
};
const feet = (v: unknown) => {
  const read = parseFeet(v as string | number | null | undefined);
  return read.ok ? read.value / SIXTEENTHS : null;
};
const side = (v: unknown) => {
  const read = parseWholeInches(v as string | number | null | undefined);
  return read.ok && read.value > 0 ? read.value : null;
};
const fraction = (v: unknown) => {
  const read = parseSixteenthFraction(v as string | number | null | undefined);
  return read.ok ? read.value : 0;
};

/**
 * A line for a list, checked by the add-to-cart dialog's rules that do not depend on today's stock (the type is
 * offered, the amounts and sizes read, a warehouse is chosen): the message of the first rule it breaks, or the
 * selection to keep. Stock and prices are the cart's business when the list goes to the cart.
 */
export function listLineOf(
  input: CartItemInput,
  product: AccountProduct,
  account: SessionAccount,
): { ok: true; stored: StoredSelection } | { ok: false; message: string } {
  const sel = input.productSelection;
  // a corner sample is one a month's allowance, asked for from the shop: not a line a list keeps
  if (sel.type === 'sample') return { ok: false, message: 'Corner samples are not kept on lists.' };
  const isMoulding = product.type === MOULDING_TYPE;
  const type: MouldingOrderType | 'item' = sel.type ?? (isMoulding ? 'length' : 'item');
  const instructions = (sel.instructions ?? '').slice(0, INSTRUCTIONS_MAX) || null;
  const location = sel.location ?? account.Location ?? null;
  const message = validateSelection({
    productType: product.type,
    isMoulding,
    boxQty: product.box_qty,
    type,
    quantity: sel.quantity,
    length: sel.length,
    dimension: sel.dimension,
    location,
    instructions,
    accountLocation: account.Location,
  });
  if (message) return { ok: false, message };
  const cut = type === 'chop' || type === 'join' || type === 'exact';
  const d = sel.dimension;
  const length = cut ? side(d?.length) : null;
  const width = cut ? side(d?.width) : null;
  return {
    ok: true,
    stored: {
      productSelection: {
        type,
        quantity: type === 'length' ? null : whole(sel.quantity),
        length: type === 'length' ? feet(sel.length) : null,
        location,
        instructions,
        dimension: cut
          ? {
              length,
              length_fraction: length === null ? 0 : fraction(d?.length_fraction),
              width,
              width_fraction: width === null ? 0 : fraction(d?.width_fraction),
            }
          : null,
      },
      backtype: input.backtype ?? null,
    },
  };
}

/** A line's amount: feet of a length line, else how many. Answers the field's message or the new selection. */
export function withAmount(
  stored: StoredSelection,
  amount: string | number,
): { ok: true; stored: StoredSelection } | { ok: false; message: string } {
  const sel = stored.productSelection;
  if (sel.type === 'length') {
    const message = lengthMessage(amount);
    if (message) return { ok: false, message };
    return { ok: true, stored: { ...stored, productSelection: { ...sel, length: feet(amount) } } };
  }
  const message = quantityMessage(amount);
  if (message) return { ok: false, message };
  return { ok: true, stored: { ...stored, productSelection: { ...sel, quantity: whole(amount) } } };
}
