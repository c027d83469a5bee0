import { cents, money } from './money.ts';
import { type LineSelection, type PricedProduct, type PricingAccount, priceLine } from './pricing.ts';
import { MOULDING_TYPE } from './product-types.ts';

/**
 * The account's price list (issue 32 §5): every way a product is sold, with the account's net price of one unit
 * of it, priced by priceLine exactly as the cart prices a line (vendor, FrameLine, general and Denver keys, bypass,
 * glass and mat levels, box at 70% of length). A moulding is sold by length, chop, join and straight cut (when it
 * has a straight-cut price) per foot, and by the box when it comes in boxes; anything else by the piece: a sheet of
 * mat, board or glass, a foot of fillet, or each.
 */
export const PRICE_KINDS = ['length', 'chop', 'join', 'exact', 'box', 'sheet', 'each'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

export const PRICE_KIND_LABELS: Record<PriceKind, string> = {
  length: 'Length',
  chop: 'Chop',
  join: 'Join',
  exact: 'Straight Cut',
  box: 'Box',
  sheet: 'Sheet',
  each: 'Each',
};

export interface NetPrice {
  kind: PriceKind;
  /** Per foot of moulding, or each (a sheet, a piece). */
  unit: 'ft' | 'ea';
  /** The list price the net price comes from (for a box: 70% of length, already its price). */
  list: string;
  /** Percent off. */
  rate: string;
  /** The account's price of one unit, as the cart charges it. */
  net: string;
  /** Join only: the fee per frame joined, and the extra one over 100 united inches. */
  joinFee?: string;
  oversizeJoinFee?: string;
  /** Box only: the feet in a box. */
  boxFeet?: number;
}

/** Joins priced as the cart prices them (the fees per frame come from the same entry or the product): one under
 * 100 united inches and one over (100 itself is not over: OVERSIZE_JOIN_UNITED_INCHES). */
const JOIN_SAMPLE: LineSelection['dimension'] = {
  length: 20,
  length_fraction: 0,
  width: 16,
  width_fraction: 0,
};
const OVERSIZE_SAMPLE: LineSelection['dimension'] = {
  length: 60,
  length_fraction: 0,
  width: 41,
  width_fraction: 0,
};

/** The kind an item (not a moulding sold by length) is priced by. */
export function itemKind(product: PricedProduct): { kind: PriceKind; unit: 'ft' | 'ea' } {
  if (product.FrameType === 'MOULDING') return { kind: 'length', unit: 'ft' };
  if (product.FrameType === 'MATS' || product.FrameType === 'GLASS') return { kind: 'sheet', unit: 'ea' };
  return { kind: 'each', unit: 'ea' };
}

/**
 * Every price kind of a product with the account's net price of one unit, priced from the account's own
 * warehouse (`location`: its Denver keys apply when that is Denver, as in the listings).
 */
export function netPricesOf(
  product: PricedProduct,
  account: PricingAccount,
  location?: string | null,
): NetPrice[] {
  const loc = location ?? null;
  if (product.type !== MOULDING_TYPE) {
    const line = priceLine(product, account, { type: 'item', quantity: 1, location: loc });
    return [{ ...itemKind(product), list: line.listPrice, rate: line.discountRate, net: line.unitPrice }];
  }
  const one = (type: 'length' | 'chop' | 'join' | 'exact' | 'box'): NetPrice => {
    const line = priceLine(product, account, {
      type,
      quantity: 1,
      length: 1,
      dimension: type === 'length' || type === 'box' ? null : JOIN_SAMPLE,
      location: loc,
    });
    return { kind: type, unit: 'ft', list: line.listPrice, rate: line.discountRate, net: line.unitPrice };
  };
  const prices = [one('length'), one('chop')];
  const join = (dimension: LineSelection['dimension']) =>
    priceLine(product, account, { type: 'join', quantity: 1, dimension, location: loc });
  const small = join(JOIN_SAMPLE);
  // the fee per frame, and what a frame over 100 united inches pays on top of it
  const oversize = cents(money(join(OVERSIZE_SAMPLE).joinFee).minus(money(small.joinFee)));
  prices.push({
    kind: 'join',
    unit: 'ft',
    list: small.listPrice,
    rate: small.discountRate,
    net: small.unitPrice,
    joinFee: small.joinFee,
    oversizeJoinFee: oversize,
  });
  if (product.Length2 !== null && product.Length2 !== undefined) prices.push(one('exact'));
  if (product.box_qty > 0) prices.push({ ...one('box'), boxFeet: product.box_qty });
  return prices;
}
