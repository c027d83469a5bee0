import { cents, formatMoney, type Money, money } from './money.ts';
import { calendarDay } from './statement-aging.ts';

/**
 * Corner samples: a short mitred corner of a moulding, which framers show their customers at the counter. One
 * per moulding in a cart, at the supplier's price per sample (or free), up to a monthly limit per account.
 */

/** The order-type code of a sample line on order lines and in the ERP export (beside L, C, J, E, B). */
export const SAMPLE_PCODE = 'S';

/** How the buyer wants a sample sent: with the account's next order, or on its own now. */
export const SAMPLE_SHIPPING = ['with_next_order', 'ship_now'] as const;
export type SampleShipping = (typeof SAMPLE_SHIPPING)[number];

export const SAMPLE_SHIPPING_LABELS: Record<SampleShipping, string> = {
  with_next_order: 'Ship with my next order',
  ship_now: 'Ship now, on its own',
};

/** What a sample line tells the warehouse (its instructions, carried to the ERP). */
export const SAMPLE_INSTRUCTIONS: Record<SampleShipping, string> = {
  with_next_order: 'CORNER SAMPLE - SHIP WITH NEXT ORDER',
  ship_now: 'CORNER SAMPLE - SHIP NOW',
};

/** The ship choice a stored sample line's instructions name (with the next order when unreadable). */
export function sampleShippingOf(instructions: string | null | undefined): SampleShipping {
  return instructions === SAMPLE_INSTRUCTIONS.ship_now ? 'ship_now' : 'with_next_order';
}

/** The back office's settings for samples (the `corner_samples` setting). */
export interface CornerSampleSettings {
  /** Price per sample; '0.00' is free. */
  price: Money;
  /** Samples an account may order in a calendar month (business time zone). */
  monthlyLimit: number;
}

export const SAMPLE_SETTING = 'corner_samples';
export const DEFAULT_SAMPLE_SETTINGS: CornerSampleSettings = { price: '0.00', monthlyLimit: 10 };
export const MAX_SAMPLE_LIMIT = 1000;
export const MAX_SAMPLE_PRICE = '999.99';

/** The stored setting read whole or the defaults: a damaged setting never stops the cart. */
export function readSampleSettings(data: unknown): CornerSampleSettings {
  const value = typeof data === 'string' ? safeJson(data) : data;
  if (!value || typeof value !== 'object') return DEFAULT_SAMPLE_SETTINGS;
  const { price, monthlyLimit } = value as Record<string, unknown>;
  const limit = Number(monthlyLimit);
  const priceOk = typeof price === 'string' || typeof price === 'number';
  let amount: Money | null = null;
  try {
    amount =
      priceOk && money(price).gte(0) && money(price).lte(MAX_SAMPLE_PRICE) ? cents(money(price)) : null;
  } catch {
    amount = null;
  }
  return {
    price: amount ?? DEFAULT_SAMPLE_SETTINGS.price,
    monthlyLimit:
      Number.isInteger(limit) && limit >= 0 && limit <= MAX_SAMPLE_LIMIT
        ? limit
        : DEFAULT_SAMPLE_SETTINGS.monthlyLimit,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const samplesAreFree = (s: CornerSampleSettings): boolean => money(s.price).lte(0);

/** "Free" or the price per sample ("$2.50"). */
export const samplePriceLabel = (s: CornerSampleSettings): string =>
  samplesAreFree(s) ? 'Free' : `$${formatMoney(s.price)}`;

/** An account's samples this month: ordered already, and in its cart now. */
export interface SampleCount {
  ordered: number;
  inCart: number;
}

/** Samples the account may still add this month (never below 0). */
export function samplesLeft(s: CornerSampleSettings, count: SampleCount): number {
  return Math.max(0, s.monthlyLimit - count.ordered - count.inCart);
}

/** The first day of the month after the business day of `now` ('July 1'). */
export function nextSampleMonth(now: Date, timeZone: string): string {
  const [y, m] = calendarDay(now, timeZone).split('-').map(Number);
  const next = new Date(Date.UTC(m === 12 ? y + 1 : y, m % 12, 1));
  return `${next.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} 1`;
}

/** Why no more samples can be added: the limit reached by what is ordered, or by what is ordered and in the cart. */
export function sampleLimitMessage(
  s: CornerSampleSettings,
  count: SampleCount,
  now: Date,
  timeZone: string,
): string {
  const kind = samplesAreFree(s) ? 'free corner samples' : 'corner samples';
  const samples = s.monthlyLimit === 1 ? kind.replace('samples', 'sample') : kind;
  const from = `More can be ordered from ${nextSampleMonth(now, timeZone)}.`;
  if (s.monthlyLimit === 0) return `Your account has no ${kind} this month. ${from}`;
  if (count.inCart === 0)
    return `Your account has ordered its ${s.monthlyLimit} ${samples} this month. ${from}`;
  return `Your account's ${s.monthlyLimit} ${samples} this month are ordered or in your cart. ${from}`;
}

/** Whether the samples ordered this month and those in the cart keep within the limit; the message when not. */
export function checkSampleLimit(
  s: CornerSampleSettings,
  count: SampleCount,
  now: Date,
  timeZone: string,
): string | null {
  if (count.ordered + count.inCart <= s.monthlyLimit) return null;
  // the orders alone used the month up, or the cart took what the orders left
  const inCart = count.ordered >= s.monthlyLimit ? 0 : count.inCart;
  return sampleLimitMessage(s, { ordered: count.ordered, inCart }, now, timeZone);
}

/**
 * Which of the asked mouldings get a sample: those not in the cart already, up to what is left this month, in
 * the order asked. Answers the codes to add, how many were left out by the limit, and how many were in the cart.
 */
export function pickSamples(
  asked: readonly string[],
  inCart: ReadonlySet<string>,
  left: number,
): { add: string[]; leftOut: number; already: number } {
  const fresh = [...new Set(asked)].filter((c) => !inCart.has(c));
  const add = fresh.slice(0, Math.max(0, left));
  return { add, leftOut: fresh.length - add.length, already: new Set(asked).size - fresh.length };
}

/** What the buyer is told after asking for samples. */
export function samplesAddedMessage(
  r: { added: number; leftOut: number; already: number },
  limit: number,
): string {
  const n = (k: number, one: string) => `${k} ${k === 1 ? one : `${one}s`}`;
  const parts = [
    r.added > 0 ? `Added ${n(r.added, 'corner sample')} to your cart.` : 'No corner samples added.',
  ];
  if (r.leftOut > 0)
    parts.push(`${n(r.leftOut, 'sample')} left out: your account's limit is ${limit} a month.`);
  if (r.already > 0) parts.push(`${n(r.already, 'sample')} already in your cart.`);
  return parts.join(' ');
}
