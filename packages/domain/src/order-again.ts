import type { BackorderOption } from './cart-rules.ts';
import { type MouldingOrderType, ORDER_TYPE_LABELS } from './footage.ts';
import { formatSixteenths, SIXTEENTHS } from './fractions.ts';
import { formatMoney, type Money, money } from './money.ts';

/**
 * Order again and standing lists put kept lines back into the cart through the cart's own rules, and say line
 * by line what is different today. A kept line is never changed to make it fit: a size, a type or a quantity
 * the cart refuses is reported, not rewritten.
 */

/** A line of a past order or invoice as it was kept (the order's T code and sizes). */
export interface PastLine {
  code: string;
  /** L length, C chop, J join, E straight cut, B box, blank for items. */
  pcode: string | null;
  qty: number;
  /** Feet of a length line. */
  footage: number | null;
  hInt: number | null;
  hFrac: number | null;
  wInt: number | null;
  wFrac: number | null;
  location: string | null;
  instructions: string | null;
  backorder: string | null;
}

/** The back-order choice of a line that carries none (an invoice line, a list line): ship now, back-order the rest. */
export const DEFAULT_BACKORDER: BackorderOption = 'backremq';

const TYPE_OF_CODE: Record<string, MouldingOrderType | 'item'> = {
  L: 'length',
  C: 'chop',
  J: 'join',
  E: 'exact',
  B: 'box',
  '': 'item',
};

/** The cart selection of a kept line: the same type, sizes, quantity and warehouse. */
export interface KeptSelection {
  type: MouldingOrderType | 'item';
  quantity: number | null;
  length: number | null;
  location: string | null;
  instructions: string | null;
  dimension: {
    length: number | null;
    length_fraction: number;
    width: number | null;
    width_fraction: number;
  } | null;
}

const asBackorder = (v: string | null | undefined): BackorderOption | null =>
  v === 'backremq' || v === 'backcancel' || v === 'backallq' ? v : null;

/**
 * The cart line a past order or invoice line asks for again, or null when its type code is unknown (it is then
 * reported, never guessed). `location` is the document's warehouse when the line has none (invoice lines).
 */
export function selectionOfPastLine(
  line: PastLine,
  fallbackLocation: string | null = null,
): { selection: KeptSelection; backtype: BackorderOption } | null {
  const type = TYPE_OF_CODE[(line.pcode ?? '').trim().toUpperCase()];
  if (!type) return null;
  const side = (n: number | null) => (n !== null && n > 0 ? n : null);
  const cut = type === 'chop' || type === 'join' || type === 'exact';
  const length = side(line.hInt);
  const width = side(line.wInt);
  return {
    selection: {
      type,
      quantity: type === 'length' ? null : line.qty,
      length: type === 'length' ? line.footage : null,
      location: line.location?.trim() || fallbackLocation,
      instructions: line.instructions,
      dimension: cut
        ? {
            length,
            length_fraction: length === null ? 0 : (line.hFrac ?? 0),
            width,
            width_fraction: width === null ? 0 : (line.wFrac ?? 0),
          }
        : null,
    },
    backtype: asBackorder(line.backorder) ?? DEFAULT_BACKORDER,
  };
}

/** What is different about a line today. */
export type LineChange =
  | { kind: 'priceUp' | 'priceDown'; was: Money; now: Money; unit: 'ft' | 'ea' }
  | {
      kind: 'short';
      locationName: string;
      available: number;
      backorder: BackorderOption | null;
    };

/** What became of a line: put in the cart, no longer sold, or refused by a rule of the cart (its message). */
export type LineOutcome = 'added' | 'noLongerSold' | 'refused';

/** A line's answer: the item, what was asked, what became of it and what changed. */
export interface LineResult {
  Code: string;
  Description: string | null;
  /** The selection in words: "Chop 11 x 14 in, 2 frames". */
  asked: string;
  outcome: LineOutcome;
  message: string | null;
  changes: LineChange[];
}

/** The answer of order again (and of a standing list to the cart). */
export interface AddLinesResult {
  lines: LineResult[];
  added: number;
  notAdded: number;
}

/**
 * The price change of a kept line: its unit price then against today's (both net, per foot or each). A
 * difference under a cent is no change.
 */
export function priceChange(was: Money | null, now: Money, unit: 'ft' | 'ea'): LineChange | null {
  if (was === null || was === undefined || `${was}`.trim() === '') return null;
  const diff = money(now).minus(money(was));
  if (diff.abs().lt(0.01)) return null;
  return { kind: diff.gt(0) ? 'priceUp' : 'priceDown', was, now, unit };
}

/** The changes of a line the cart accepted: its price against what was paid, and stock short at its warehouse. */
export function lineChanges(args: {
  wasUnitPrice: Money | null;
  nowUnitPrice: Money;
  unit: 'ft' | 'ea';
  /** The cart's stock state: 2 when the warehouse cannot ship all of it. */
  stockState: number;
  locationName: string;
  available: number;
  backorder: BackorderOption | null;
}): LineChange[] {
  const changes: LineChange[] = [];
  const price = priceChange(args.wasUnitPrice, args.nowUnitPrice, args.unit);
  if (price) changes.push(price);
  if (args.stockState === 2)
    changes.push({
      kind: 'short',
      locationName: args.locationName,
      available: args.available,
      backorder: args.backorder,
    });
  return changes;
}

const SHORT_ENDING: Record<BackorderOption, string> = {
  backremq: 'will ship what is there and back-order the rest',
  backcancel: 'will ship what is there and cancel the rest',
  backallq: 'will back-order all of it',
};

/** A change in words, as the order-again dialog shows it. */
export function describeChange(change: LineChange): string {
  if (change.kind === 'short') {
    const ending = change.backorder ? SHORT_ENDING[change.backorder] : 'choose a back-order option';
    return `Short at ${change.locationName} (${change.available} available) — ${ending}`;
  }
  const per = change.unit === 'ft' ? ' per ft' : ' each';
  const word = change.kind === 'priceUp' ? 'Price up' : 'Price down';
  return `${word}: $${formatMoney(change.was)} → $${formatMoney(change.now)}${per}`;
}

/** The answer's words for a line that did not go in. */
export const NOT_ADDED = {
  noLongerSold: 'No longer sold — not added',
  unknownType: 'This line cannot be read (its order type is unknown) — not added',
  cartFull: 'Your cart is full — not added',
} as const;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const inches = (whole: number | null, frac: number) =>
  whole === null ? '' : formatSixteenths(whole * SIXTEENTHS + frac);

/** A kept selection in words: "Chop 11 x 14 in, 2 frames", "Length 20 ft", "3 pieces". */
export function describeSelection(s: KeptSelection): string {
  const q = Number(s.quantity ?? 0);
  if (s.type === 'item') return plural(q, 'piece', 'pieces');
  if (s.type === 'length') return `${ORDER_TYPE_LABELS.length} ${s.length ?? 0} ft`;
  if (s.type === 'box') return `${ORDER_TYPE_LABELS.box}, ${plural(q, 'box', 'boxes')}`;
  const d = s.dimension;
  const sides = [
    inches(d?.length ?? null, d?.length_fraction ?? 0),
    inches(d?.width ?? null, d?.width_fraction ?? 0),
  ]
    .filter(Boolean)
    .join(' x ');
  return `${ORDER_TYPE_LABELS[s.type]} ${sides} in, ${plural(q, 'frame', 'frames')}`;
}

/** Counts of a result's lines. */
export function summarizeLines(lines: LineResult[]): AddLinesResult {
  const added = lines.filter((l) => l.outcome === 'added').length;
  return { lines, added, notAdded: lines.length - added };
}
