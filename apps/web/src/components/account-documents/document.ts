import { formatSixteenths, type Money, money, orderTotal, toSixteenths } from '@mitrebox/domain';

/** Order 'synced' (account-area §4): anything but 1 is pending — only the thank-you message is shown. */
export function isPendingOrder(synced: number | null | undefined): boolean {
  return synced !== 1;
}

export interface SizedLine {
  H_Int: number | null;
  H_Frac: number | null;
  W_Int: number | null;
  W_Frac: number | null;
}

/**
 * A line's dimension, the way the trade writes it: '40 × 30 1/8' (height × width in sixteenths). A line
 * with a length only (a straight cut) shows that length; a line without a size shows nothing.
 */
export function dimensionText(line: SizedLine): string {
  const h = toSixteenths(line.H_Int, line.H_Frac);
  const w = toSixteenths(line.W_Int, line.W_Frac);
  if (h === 0 && w === 0) return '';
  if (w === 0) return formatSixteenths(h);
  if (h === 0) return formatSixteenths(w);
  return `${formatSixteenths(h)} × ${formatSixteenths(w)}`;
}

/** '5.00' → '5%', '2.50' → '2.5%'. */
export function percentText(rate: Money | number): string {
  return `${money(rate as Money).toString()}%`;
}

export interface TotalsSource {
  ItemTotal: Money;
  DiscRate: Money;
  Discount: Money;
  Tax: Money;
  Shipping: Money;
  ShipCost: Money;
  Packing: Money;
}

export interface TotalsLine {
  key: 'items' | 'discount' | 'tax' | 'shipping' | 'shipCost' | 'packing' | 'total';
  label: string;
  /** Signed as it counts toward the total: the discount is negative. */
  amount: Money;
}

/**
 * The totals block of an order or invoice (account-area §2): item total, the discount (percent and amount)
 * only when the rate is above 0, tax, shipping, shipping cost, packing and the total — item total + tax +
 * shipping + ship cost + packing − discount (domain orderTotal).
 */
export function totalsLines(o: TotalsSource): TotalsLine[] {
  const lines: TotalsLine[] = [{ key: 'items', label: 'Item total', amount: o.ItemTotal }];
  if (money(o.DiscRate).gt(0)) {
    lines.push({
      key: 'discount',
      label: `Discount (${percentText(o.DiscRate)})`,
      amount: money(o.Discount).times(-1).toFixed(2),
    });
  }
  lines.push(
    { key: 'tax', label: 'Tax', amount: o.Tax },
    { key: 'shipping', label: 'Shipping', amount: o.Shipping },
    { key: 'shipCost', label: 'Shipping cost', amount: o.ShipCost },
    { key: 'packing', label: 'Packing', amount: o.Packing },
    {
      key: 'total',
      label: 'Total',
      amount: orderTotal({
        itemTotal: o.ItemTotal,
        tax: o.Tax,
        shipping: o.Shipping,
        shipCost: o.ShipCost,
        packing: o.Packing,
        discount: o.Discount,
      }),
    },
  );
  return lines;
}

/** Whether an amount is below zero (credit memos, credits): shown in red in parentheses. */
export function isNegative(amount: Money | number | null | undefined): boolean {
  return money(amount as Money).lt(0);
}
