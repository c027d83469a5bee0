/**
 * Fractions of an inch in sixteenths (storefront §5, §9): parse what people type ("1 3/8", "1-3/8", "3/8",
 * "1.375", "2") and show widths the way the trade writes them ("1 3/8").
 */
export const SIXTEENTHS = 16;

/** The fraction choices of the dropdowns: 0 (none) and 1/16 … 15/16, reduced ("1/8", "3/16", "1/4"…). */
export const FRACTION_OPTIONS: { value: number; label: string }[] = Array.from({ length: 16 }, (_, n) => ({
  value: n,
  label: n === 0 ? '0' : reduce(n, SIXTEENTHS),
}));

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function reduce(num: number, den: number): string {
  const g = gcd(num, den);
  return `${num / g}/${den / g}`;
}

/** Sixteenths as "W N/D" ("1 3/8", "3/4", "2"); negative values are not widths and show as "0". */
export function formatSixteenths(sixteenths: number): string {
  if (!Number.isFinite(sixteenths) || sixteenths <= 0) return '0';
  const whole = Math.floor(sixteenths / SIXTEENTHS);
  const rest = Math.round(sixteenths - whole * SIXTEENTHS);
  if (rest === 0) return String(whole);
  return whole === 0 ? reduce(rest, SIXTEENTHS) : `${whole} ${reduce(rest, SIXTEENTHS)}`;
}

/** Inches (a number or numeric string) rounded to the nearest sixteenth, as a fraction. */
export function formatInches(inches: number | string | null | undefined): string {
  const n = typeof inches === 'string' ? Number(inches) : inches;
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  return formatSixteenths(Math.round(n * SIXTEENTHS));
}

/**
 * Parses a length in inches to whole sixteenths, or null when it is not one. Accepts "2", "1 3/8", "1-3/8",
 * "3/8", "1.375" and surrounding spaces or a trailing inch mark. The fraction must be in halves, quarters,
 * eighths or sixteenths and below one.
 */
export function parseSixteenths(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number')
    return Number.isFinite(input) && input >= 0 ? Math.round(input * SIXTEENTHS) : null;
  const text = input.trim().replace(/["″]$/, '').trim();
  if (text === '') return null;
  let m = /^(\d{1,4})$/.exec(text);
  if (m) return Number(m[1]) * SIXTEENTHS;
  m = /^(\d{0,4})\.(\d{1,4})$/.exec(text);
  if (m) return Math.round(Number(text) * SIXTEENTHS);
  m = /^(?:(\d{1,4})[\s-]+)?(\d{1,2})\/(\d{1,2})$/.exec(text);
  if (!m) return null;
  const whole = m[1] ? Number(m[1]) : 0;
  const num = Number(m[2]);
  const den = Number(m[3]);
  if (![2, 4, 8, 16].includes(den) || num <= 0 || num >= den) return null;
  return whole * SIXTEENTHS + (num * SIXTEENTHS) / den;
}

/** Whole inches plus a fraction in sixteenths (the dialog's two inputs) as sixteenths. */
export function toSixteenths(
  whole: number | string | null | undefined,
  fraction: number | string | null | undefined,
): number {
  const w = Number(whole);
  const f = Number(fraction);
  return (
    (Number.isFinite(w) && w > 0 ? Math.floor(w) : 0) * SIXTEENTHS +
    (Number.isFinite(f) && f > 0 && f < 16 ? Math.floor(f) : 0)
  );
}

export interface RangeInput {
  from?: string | null;
  to?: string | null;
}

/**
 * A width / height / rabbet-depth range filter (storefront §5 Width filter): 'to' empty means from = to.
 * Answers inches, or null when 'from' is empty; throws a message when a value is malformed.
 */
export function parseRange(range: RangeInput | null | undefined): { min: number; max: number } | null {
  const fromText = range?.from?.trim() ?? '';
  const toText = range?.to?.trim() ?? '';
  if (fromText === '' && toText === '') return null;
  const from = parseSixteenths(fromText === '' ? '0' : fromText);
  if (from === null) throw new RangeError(`'${fromText}' is not a size in inches (e.g. 1 3/8)`);
  const to = toText === '' ? from : parseSixteenths(toText);
  if (to === null) throw new RangeError(`'${toText}' is not a size in inches (e.g. 1 3/8)`);
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  return { min: lo / SIXTEENTHS, max: hi / SIXTEENTHS };
}
