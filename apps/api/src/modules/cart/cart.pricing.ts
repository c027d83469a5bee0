import { createHash } from 'node:crypto';
import type { AccountProduct, CartItem, CartItemInput, SessionAccount } from '@mitrebox/api-contract';
import {
  addToCartMessages,
  type CornerSampleSettings,
  DEFAULT_SAMPLE_SETTINGS,
  estimateLine,
  INSTRUCTIONS_MAX,
  isRail,
  MOULDING_TYPE,
  type MouldingOrderType,
  money,
  type PricingAccount,
  parseSixteenthFraction,
  parseWholeInches,
  unitedInches,
  validateSelection,
} from '@mitrebox/domain';
import { computeSampleLine } from './sample-line.ts';

export interface PricingContext {
  account: SessionAccount;
  pricing: PricingAccount;
  products: Map<string, AccountProduct>;
  /** The back office's corner-sample settings (read when a line is a sample). */
  samples?: CornerSampleSettings;
}

export type LineResult = { ok: true; item: CartItem } | { ok: false; message: string };

export const NO_LONGER_SOLD = 'This item is no longer available.';

/**
 * One cart line, computed by the server from the catalogue, the account's discounts and current stock —
 * whatever price or total the client sent is ignored. Answers the add-to-cart message when the line breaks a
 * rule of storefront §5.
 */
export function computeLine(input: CartItemInput, ctx: PricingContext): LineResult {
  const product = ctx.products.get(input.Code);
  if (!product) return { ok: false, message: NO_LONGER_SOLD };
  const sel = input.productSelection;
  if (sel.type === 'sample')
    return computeSampleLine(input, product, ctx.account, ctx.samples ?? DEFAULT_SAMPLE_SETTINGS);
  const isMoulding = product.type === MOULDING_TYPE;
  // no type given: a moulding is ordered by length (storefront §1), anything else by quantity
  const type: MouldingOrderType | 'item' = sel.type ?? (isMoulding ? 'length' : 'item');
  const instructions = (sel.instructions ?? '').slice(0, INSTRUCTIONS_MAX);
  const location = sel.location ?? null;
  const check = {
    productType: product.type,
    isMoulding,
    boxQty: product.box_qty,
    type,
    quantity: sel.quantity,
    length: sel.length,
    dimension: sel.dimension,
    location,
    instructions,
    accountLocation: ctx.account.Location,
  };
  // the typed amounts first: a line is read whole or refused, never rounded into something else
  const early = validateSelection(check);
  if (early) return { ok: false, message: early };

  const selection = { type, quantity: sel.quantity, length: sel.length, dimension: sel.dimension, location };
  const stock = product.stock.find((s) => s.Loc === location);
  if (!stock) return { ok: false, message: 'Location can not be blank' };
  const estimate = estimateLine(product, ctx.pricing, selection, stock, input.backtype);
  const backtype = estimate.backorder;
  const message = validateSelection({ ...check, stock: estimate.state, backorder: backtype });
  if (message) return { ok: false, message };
  const { split, charged, ordered: line } = estimate;
  if (split.charged <= 0) return { ok: false, message: addToCartMessages.nothingShips };
  // a line never prices at 0 unless the catalogue says the item is free
  if (money(charged.total).lte(0) && money(line.listPrice).gt(0))
    return { ok: false, message: addToCartMessages.notPriced };

  const cut = isMoulding && (type === 'chop' || type === 'join' || type === 'exact');
  const productSelection = {
    type,
    instructions,
    length: type === 'length' ? line.footage : null,
    quantity: type === 'length' ? null : line.quantity,
    location,
    isRail: cut ? isRail(sel.dimension) : false,
    // what the cart shows is what the order stores: the sides as the validated numbers
    dimension: cut ? cleanDimension(sel.dimension) : null,
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
      stockState: estimate.state,
      available: estimate.available,
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
        joinFee: charged.joinFee,
        totalPrice: charged.total,
        pcode: line.pcode,
        chargedFootage: charged.footage,
        chargedQuantity: charged.quantity,
      },
    },
  };
}

/** The sides of a cut as whole inches and sixteenths (validated before: never rounded here). */
function cleanDimension(d: CartItemInput['productSelection']['dimension']) {
  const side = (v: unknown) => {
    const read = parseWholeInches(v as string | number | null | undefined);
    return read.ok && read.value > 0 ? read.value : null;
  };
  const frac = (v: unknown) => {
    const read = parseSixteenthFraction(v as string | number | null | undefined);
    return read.ok ? read.value : 0;
  };
  const length = side(d?.length);
  const width = side(d?.width);
  const clean = {
    length,
    length_fraction: length === null ? 0 : frac(d?.length_fraction),
    width,
    width_fraction: width === null ? 0 : frac(d?.width_fraction),
  };
  return { ...clean, unitedInches: unitedInches(clean) };
}
