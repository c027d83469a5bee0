import type { CartItem } from '@mitrebox/api-contract';
import {
  BACKORDER_LABELS,
  formatSixteenths,
  type MouldingOrderType,
  ORDER_TYPE_LABELS,
  SAMPLE_SHIPPING_LABELS,
  toSixteenths,
} from '@mitrebox/domain';

type Line = Pick<CartItem, 'productSelection' | 'calc'>;

const inches = (whole: unknown, fraction: unknown) => {
  const s = toSixteenths(whole as number, fraction as number);
  return s > 0 ? `${formatSixteenths(s)}"` : null;
};

const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

/**
 * What a line orders, in the trade's words: 'Length 30 ft', 'Chop 2 × 16 1/2" × 20"', 'Join 1 × 16" × 20"',
 * 'Straight Cut 3 × 24"' (a rail: one side), 'Box 1 × 90 ft', 'Qty 5'.
 */
export function selectionSummary(line: Line): string {
  const sel = line.productSelection;
  const type = sel.type ?? 'item';
  if (type === 'item') return `Qty ${count(line.calc.quantity)}`;
  if (type === 'sample')
    return `Corner sample · ${SAMPLE_SHIPPING_LABELS[sel.sampleShipping ?? 'with_next_order']}`;
  const label = ORDER_TYPE_LABELS[type as MouldingOrderType];
  if (type === 'length') return `${label} ${count(line.calc.footage)} ft`;
  if (type === 'box') {
    const boxes = line.calc.quantity;
    const per = boxes > 0 ? line.calc.footage / boxes : 0;
    return `${label} ${count(boxes)} × ${count(per)} ft`;
  }
  const d = sel.dimension;
  const sides = [inches(d?.length, d?.length_fraction), inches(d?.width, d?.width_fraction)].filter(
    (s): s is string => s !== null,
  );
  return [`${label} ${count(line.calc.quantity)}`, ...sides].join(' × ');
}

/** 'Ship available, back-order the rest — ship 10.00, back-ordered 80.00'; null when nothing is back-ordered. */
export function backorderNote(
  line: Pick<CartItem, 'backtype' | 'ShipVal' | 'backremq' | 'backcancel' | 'backallq'>,
): string | null {
  if (!line.backtype) return null;
  const parts = [`ship ${line.ShipVal.toFixed(2)}`];
  if (line.backtype === 'backremq') parts.push(`back-ordered ${line.backremq.toFixed(2)}`);
  if (line.backtype === 'backcancel') parts.push(`cancelled ${line.backcancel.toFixed(2)}`);
  if (line.backtype === 'backallq') parts.push(`back-ordered ${line.backallq.toFixed(2)}`);
  return `${BACKORDER_LABELS[line.backtype]} — ${parts.join(', ')}`;
}

/** The T column: the order-type letter of a moulding line (L, C, J, E, B); blank for items. */
export const typeCode = (line: Line) => line.calc.pcode;

/** React keys for the lines: identical selections share a server id, so repeats get a running number. */
export function lineKeys(items: readonly Pick<CartItem, 'id'>[]): string[] {
  const seen = new Map<string, number>();
  return items.map(({ id }) => {
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    return n === 1 ? id : `${id}~${n}`;
  });
}
