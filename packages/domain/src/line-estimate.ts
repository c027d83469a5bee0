import Big from 'big.js';
import {
  type BackorderOption,
  type BackorderSplit,
  backorderSplit,
  type StockState,
  stockState,
} from './cart-rules.ts';
import { cents, money } from './money.ts';
import {
  type LineSelection,
  type PricedLine,
  type PricedProduct,
  type PricingAccount,
  priceLine,
} from './pricing.ts';
import { availableQty } from './stock.ts';

/** A warehouse's stock of the product (LocationQty / product_stock). */
export interface StockAt {
  Onhand: number | string | null;
  CommitAmt: number | string | null;
}

export interface LineEstimate {
  /** The whole line as asked. */
  ordered: PricedLine;
  /** What is charged: what ships now plus what is back-ordered, never what is cancelled. */
  charged: PricedLine;
  /** Feet (mouldings) or pieces (items) asked of the warehouse, and what it has available. */
  requested: number;
  available: number;
  state: StockState;
  /** The back-order choice that applies (only when the line is back-ordered). */
  backorder: BackorderOption | null;
  split: BackorderSplit;
}

/** Feet of one frame or box of a cut or box line; 0 for lengths and items (split by the foot or piece). */
function pieceFeet(sel: LineSelection, line: PricedLine): number {
  if (sel.type === 'item' || sel.type === 'length' || line.quantity <= 0) return 0;
  return line.footage / line.quantity;
}

/** The priced line cut down to the charged amount (feet, or pieces for items), with its join fees per frame. */
function chargedLine(sel: LineSelection, line: PricedLine, requested: number, charged: number): PricedLine {
  if (charged >= requested) return line;
  const unit = money(line.unitPrice);
  if (sel.type === 'item') return { ...line, quantity: charged, total: cents(unit.times(charged)) };
  if (sel.type === 'length') return { ...line, footage: charged, total: cents(unit.times(charged)) };
  const piece = pieceFeet(sel, line);
  const frames = piece > 0 ? Math.round(charged / piece) : 0;
  const joinFee = line.quantity > 0 ? money(line.joinFee).div(line.quantity).times(frames) : new Big(0);
  return {
    ...line,
    footage: charged,
    quantity: frames,
    joinFee: cents(joinFee),
    total: cents(unit.times(charged).plus(joinFee)),
  };
}

/**
 * One line's estimate, the same in the add-to-cart dialog, the cart and the order (storefront §4, §5): the
 * price of the line, its stock state at the chosen warehouse, the Ship / Backordered / Cancelled split of the
 * back-order choice, and the price of what is charged. Without a choice yet, only what ships is estimated.
 */
export function estimateLine(
  product: PricedProduct,
  account: PricingAccount,
  sel: LineSelection,
  stock: StockAt | null | undefined,
  backorder: BackorderOption | null | undefined,
): LineEstimate {
  const ordered = priceLine(product, account, sel);
  const requested = sel.type === 'item' ? ordered.quantity : ordered.footage;
  const state = stock ? stockState(stock.Onhand, stock.CommitAmt, requested) : 0;
  const available = stock ? availableQty(stock.Onhand, stock.CommitAmt) : 0;
  const option = state === 2 ? (backorder ?? null) : null;
  const split =
    state === 2
      ? backorderSplit(requested, available, option, pieceFeet(sel, ordered))
      : { ship: requested, backordered: 0, cancelled: 0, charged: requested };
  return {
    ordered,
    charged: chargedLine(sel, ordered, requested, split.charged),
    requested,
    available,
    state,
    backorder: option,
    split,
  };
}
