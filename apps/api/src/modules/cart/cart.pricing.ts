import { createHash } from 'node:crypto';
import type { AccountProduct, CartItem, CartItemInput, SessionAccount } from '@mitrebox/api-contract';
import {
  backorderSplit,
  type DiscountRow,
  INSTRUCTIONS_MAX,
  isRail,
  MOULDING_TYPE,
  type MouldingOrderType,
  type PricingAccount,
  priceLine,
  stockState,
  unitedInches,
  validateSelection,
} from '@mitrebox/domain';

export interface PricingContext {
  account: SessionAccount;
  pricing: PricingAccount;
  products: Map<string, AccountProduct>;
}

export type LineResult = { ok: true; item: CartItem } | { ok: false; message: string };

const NO_LONGER_SOLD = 'This item is no longer available.';

/**
 * One cart line, computed by the server from the catalogue, the account's discounts and current stock —
 * whatever price or total the client sent is ignored. Answers the add-to-cart message when the line breaks a
 * rule of storefront §5.
 */
export function computeLine(input: CartItemInput, ctx: PricingContext): LineResult {
  const product = ctx.products.get(input.Code);
  if (!product) return { ok: false, message: NO_LONGER_SOLD };
  const sel = input.productSelection;
  const isMoulding = product.type === MOULDING_TYPE;
  const type: MouldingOrderType | 'item' = isMoulding
    ? sel.type && sel.type !== 'item'
      ? sel.type
      : 'length'
    : 'item';
  const instructions = (sel.instructions ?? '').slice(0, INSTRUCTIONS_MAX);
  const location = sel.location ?? null;

  const line = priceLine(
    {
      ...product,
      join_fee: product.join_fee,
      join_os_fee: product.join_os_fee,
    },
    ctx.pricing,
    { type, quantity: sel.quantity, length: sel.length, dimension: sel.dimension, location },
  );
  const requested = type === 'item' ? line.quantity : line.footage;
  const stock = product.stock.find((s) => s.Loc === location);
  const state = stock ? stockState(stock.Onhand, stock.CommitAmt, requested) : 0;
  const backtype = state === 2 ? (input.backtype ?? null) : null;

  const message = validateSelection({
    productType: product.type,
    isMoulding,
    type,
    quantity: sel.quantity,
    length: sel.length,
    dimension: sel.dimension,
    location,
    instructions,
    accountLocation: ctx.account.Location,
    stock: state,
    backorder: backtype,
  });
  if (message) return { ok: false, message };
  if (!stock) return { ok: false, message: 'Location can not be blank' };

  const split = backorderSplit(requested, stock.available, backtype);
  const productSelection = {
    type,
    instructions,
    length: type === 'length' ? line.footage : null,
    quantity: type === 'length' ? null : line.quantity,
    location,
    isRail: isMoulding && type !== 'length' && type !== 'box' ? isRail(sel.dimension) : false,
    dimension:
      isMoulding && (type === 'chop' || type === 'join' || type === 'exact')
        ? { ...sel.dimension, unitedInches: unitedInches(sel.dimension) }
        : null,
  };
  const id = createHash('sha1')
    .update(JSON.stringify([input.Code, productSelection, backtype]))
    .digest('hex')
    .slice(0, 12);
  return {
    ok: true,
    item: {
      id,
      Code: product.Code,
      FrameType: product.FrameType,
      type: product.type,
      Description: product.display_name,
      ManufCode: product.ManufCode,
      image: product.image,
      width_display: product.width_display,
      productSelection,
      backtype,
      stockState: state,
      available: stock.available,
      backremq: backtype === 'backremq' ? split.backordered : 0,
      backcancel: backtype === 'backcancel' ? split.cancelled : 0,
      backallq: backtype === 'backallq' ? split.backordered : 0,
      ShipVal: split.ship,
      locationName: stock.Name,
      calc: {
        footage: line.footage,
        quantity: line.quantity,
        unit: line.unit,
        listPrice: line.listPrice,
        discountRate: line.discountRate,
        unitPrice: line.unitPrice,
        joinFee: line.joinFee,
        totalPrice: line.total,
        pcode: line.pcode,
      },
    },
  };
}

export function pricingAccount(
  codes: { gDisc: string | null; bDisc: string | null },
  discounts: DiscountRow[],
): PricingAccount {
  return { glassCode: codes.gDisc, matCode: codes.bDisc, discounts };
}
