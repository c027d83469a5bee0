import { createHash } from 'node:crypto';
import type { AccountProduct, CartItem, CartItemInput, SessionAccount } from '@mitrebox/api-contract';
import {
  availableQty,
  type CornerSampleSettings,
  MOULDING_TYPE,
  SAMPLE_INSTRUCTIONS,
  SAMPLE_PCODE,
  type SampleShipping,
} from '@mitrebox/domain';
import type { Queryable } from '../../platform/db.ts';

export const SAMPLE_MOULDINGS_ONLY = 'Corner samples are offered for mouldings only.';
export const SAMPLE_TWICE = 'A corner sample of this moulding is in your cart already.';

export const isSampleInput = (input: CartItemInput): boolean => input.productSelection.type === 'sample';
export const isSampleLine = (item: CartItem): boolean => item.calc.pcode === SAMPLE_PCODE;

/**
 * A corner-sample line: one mitred corner of a moulding at the back office's price per sample (no account
 * discount), sent from the account's own warehouse with the buyer's ship choice in its instructions.
 */
export function computeSampleLine(
  input: CartItemInput,
  product: AccountProduct,
  account: SessionAccount,
  settings: CornerSampleSettings,
): { ok: true; item: CartItem } | { ok: false; message: string } {
  if (product.type !== MOULDING_TYPE) return { ok: false, message: SAMPLE_MOULDINGS_ONLY };
  const shipping: SampleShipping = input.productSelection.sampleShipping ?? 'with_next_order';
  const location = account.Location;
  const stock = product.stock.find((s) => s.Loc === location) ?? product.stock[0];
  const productSelection = {
    type: 'sample' as const,
    instructions: SAMPLE_INSTRUCTIONS[shipping],
    sampleShipping: shipping,
    length: null,
    quantity: 1,
    location: stock?.Loc ?? location,
    isRail: false,
    dimension: null,
  };
  const id = createHash('sha1')
    .update(JSON.stringify([input.Code, 'sample']))
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
      backtype: null,
      // a corner takes about a foot of moulding: it ships from stock like a short chop
      stockState: 1,
      available: stock ? availableQty(stock.Onhand, stock.CommitAmt) : 0,
      backremq: 0,
      backcancel: 0,
      backallq: 0,
      ShipVal: 1,
      locationName: stock?.Name ?? location,
      calc: {
        footage: 0,
        quantity: 1,
        unit: 'ea',
        listPrice: settings.price,
        discountRate: '0.00',
        unitPrice: settings.price,
        joinFee: '0.00',
        totalPrice: settings.price,
        pcode: SAMPLE_PCODE,
        chargedFootage: 0,
        chargedQuantity: 1,
      },
    },
  };
}

/** The first line that repeats a moulding's sample ('cartdata.3'), or null: one sample per moulding in a cart. */
export function repeatedSample(inputs: CartItemInput[]): { key: string; message: string } | null {
  const seen = new Set<string>();
  for (const [i, input] of inputs.entries()) {
    if (!isSampleInput(input)) continue;
    if (seen.has(input.Code)) return { key: `cartdata.${i}`, message: SAMPLE_TWICE };
    seen.add(input.Code);
  }
  return null;
}

/** Counts an account's corner samples ordered in the calendar month of `now` (the orders' side, wired by the app). */
export type SamplesOrdered = (acctnum: string, now: Date, q: Queryable) => Promise<number>;
