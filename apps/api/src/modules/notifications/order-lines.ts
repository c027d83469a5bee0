import type { OrderItem } from '@mitrebox/api-contract';
import {
  BACKORDER_LABELS,
  type BackorderOption,
  formatSixteenths,
  type MouldingOrderType,
  ORDER_TYPE_CODES,
  ORDER_TYPE_LABELS,
  toSixteenths,
} from '@mitrebox/domain';

/**
 * An order's stored lines in the words the cart used for them (the cart's selectionSummary): 'Length 30 ft',
 * 'Chop 2 × 16 1/2" × 20"', 'Straight Cut 3 × 24"', 'Box 1 × 90 ft', 'Qty 5'; and its back-order choice.
 */

const TYPE_OF_CODE = Object.fromEntries(
  Object.entries(ORDER_TYPE_CODES).map(([type, code]) => [code, type as MouldingOrderType]),
) as Record<string, MouldingOrderType | undefined>;

const count = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(n);

const inches = (whole: number | null, fraction: number | null) => {
  const s = toSixteenths(whole ?? 0, fraction ?? 0);
  return s > 0 ? `${formatSixteenths(s)}"` : null;
};

type Line = Pick<OrderItem, 'Pcode' | 'Qty' | 'Footage' | 'H_Int' | 'H_Frac' | 'W_Int' | 'W_Frac'>;

/** The line's order type as the cart names it: Length, Chop, Join, Straight Cut, Box — or Item. */
export function lineType(line: Pick<OrderItem, 'Pcode'>): string {
  const type = line.Pcode ? TYPE_OF_CODE[line.Pcode] : undefined;
  return type ? ORDER_TYPE_LABELS[type] : 'Item';
}

/** What the line orders, as the cart showed it. */
export function lineSummary(line: Line): string {
  const type = line.Pcode ? TYPE_OF_CODE[line.Pcode] : undefined;
  if (!type) return `Qty ${count(line.Qty)}`;
  const label = ORDER_TYPE_LABELS[type];
  const feet = line.Footage ?? 0;
  if (type === 'length') return `${label} ${count(feet)} ft`;
  if (type === 'box') return `${label} ${count(line.Qty)} × ${count(line.Qty > 0 ? feet / line.Qty : 0)} ft`;
  const sides = [inches(line.H_Int, line.H_Frac), inches(line.W_Int, line.W_Frac)].filter(
    (s): s is string => s !== null,
  );
  return [`${label} ${count(line.Qty)}`, ...sides].join(' × ');
}

/** The line's footage ('30 ft'), blank for items sold by quantity. */
export function footageText(line: Pick<OrderItem, 'Footage'>): string {
  return line.Footage === null ? '' : `${count(line.Footage)} ft`;
}

/** 'Ship available, back-order the rest — ship 10.00, back-ordered 80.00'; null when nothing was short. */
export function backorderText(
  line: Pick<OrderItem, 'Backorder' | 'ShipQty' | 'BackorderQty' | 'CancelledQty'>,
): string | null {
  const option = line.Backorder as BackorderOption | null;
  if (!option || !(option in BACKORDER_LABELS)) return null;
  const parts = [`ship ${(line.ShipQty ?? 0).toFixed(2)}`];
  if (option === 'backcancel') parts.push(`cancelled ${(line.CancelledQty ?? 0).toFixed(2)}`);
  else parts.push(`back-ordered ${(line.BackorderQty ?? 0).toFixed(2)}`);
  return `${BACKORDER_LABELS[option]} — ${parts.join(', ')}`;
}
