import { SIXTEENTHS } from './fractions.ts';

/**
 * Reading what a buyer types into a length or quantity field — one parser for the add-to-cart dialog and the
 * server (docs/decisions/007-typed-quantities-and-charged-amounts.md). Nothing is stripped or rounded to make a number: a text
 * is read whole or refused, so what the field shows is what is priced.
 *
 * - Lengths in feet or inches: a whole number ("12"), a mixed fraction ("3 1/2", "3-1/2"), a fraction ("1/2") or a
 *   decimal that is an exact number of sixteenths ("3.5", "3.25", "0.0625"). Answered in sixteenths of the unit.
 * - Quantities (pieces, boxes, frames): whole numbers only.
 * - Sizes in inches of the add-to-cart dialog: whole inches, plus a fraction in sixteenths (0–15) from the dropdown.
 */
export type Parsed =
  | { ok: true; value: number }
  /** empty: nothing typed; notPositive: zero or a negative number; format: not a number of the field's kind. */
  | { ok: false; reason: 'empty' | 'notPositive' | 'format' };

const DENOMINATORS = new Set([2, 4, 8, 16]);
const fail = (reason: 'empty' | 'notPositive' | 'format'): Parsed => ({ ok: false, reason });

/** A number of the field's kind with a leading minus: it is a number, but not one above 0. */
const negative = (text: string, read: (t: string) => Parsed) =>
  /^-\s*\S/.test(text) && read(text.replace(/^-\s*/, '')).ok;

/** A length in whole units and sixteenths of one, as the trade writes it; the unit does not matter here. */
function lengthText(text: string): Parsed {
  let m = /^(\d{1,6})$/.exec(text);
  if (m) return { ok: true, value: Number(m[1]) * SIXTEENTHS };
  m = /^(\d{0,6})\.(\d{1,4})$/.exec(text);
  if (m) {
    // exact in sixteenths: digits / 10^k × 16 must be whole
    const scale = 10 ** m[2].length;
    const frac = Number(m[2]) * SIXTEENTHS;
    if (frac % scale !== 0) return fail('format');
    return { ok: true, value: Number(m[1] || '0') * SIXTEENTHS + frac / scale };
  }
  m = /^(?:(\d{1,6})(?:\s+|\s*-\s*))?(\d{1,2})\/(\d{1,2})$/.exec(text);
  if (!m) return fail('format');
  const num = Number(m[2]);
  const den = Number(m[3]);
  if (!DENOMINATORS.has(den) || num <= 0 || num >= den) return fail('format');
  return { ok: true, value: Number(m[1] ?? '0') * SIXTEENTHS + (num * SIXTEENTHS) / den };
}

function parseLength(input: string | number | null | undefined): Parsed {
  if (input === null || input === undefined) return fail('empty');
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return fail('format');
    const s = input * SIXTEENTHS;
    if (!Number.isInteger(s)) return fail('format');
    return s > 0 ? { ok: true, value: s } : fail('notPositive');
  }
  const text = input.trim();
  if (text === '') return fail('empty');
  if (negative(text, lengthText)) return fail('notPositive');
  const read = lengthText(text);
  if (read.ok && read.value === 0) return fail('notPositive');
  return read;
}

/** A length in feet as sixteenths of a foot ("3 1/2" → 56). Numbers must be exact sixteenths too. */
export function parseFeet(input: string | number | null | undefined): Parsed {
  return parseLength(input);
}

/** A length in inches as sixteenths of an inch ("16 1/2", "16-1/2", "16.5" → 264), read as feet are read. */
export function parseInches(input: string | number | null | undefined): Parsed {
  return parseLength(input);
}

function wholeText(text: string): Parsed {
  return /^\d{1,7}$/.test(text) ? { ok: true, value: Number(text) } : fail('format');
}

/** A whole number of pieces, boxes or frames ("12"); "1.5", "1e3", "12x" are not. */
export function parseWholeQuantity(input: string | number | null | undefined): Parsed {
  if (input === null || input === undefined) return fail('empty');
  if (typeof input === 'number') {
    if (!Number.isInteger(input)) return fail('format');
    return input > 0 ? { ok: true, value: input } : fail('notPositive');
  }
  const text = input.trim();
  if (text === '') return fail('empty');
  if (negative(text, wholeText)) return fail('notPositive');
  const read = wholeText(text);
  if (read.ok && read.value === 0) return fail('notPositive');
  return read;
}

/** Whole inches of a side: empty or 0 means no side; a negative or non-whole number is refused. */
export function parseWholeInches(input: string | number | null | undefined): Parsed {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === ''))
    return { ok: true, value: 0 };
  if (typeof input === 'number')
    return Number.isInteger(input) && input >= 0 ? { ok: true, value: input } : fail('format');
  return wholeText(input.trim());
}

/** A fraction of an inch in sixteenths: 0–15 (empty is 0). 16, 99, −4 and 7.5 are not sixteenths. */
export function parseSixteenthFraction(input: string | number | null | undefined): Parsed {
  if (input === null || input === undefined || input === '') return { ok: true, value: 0 };
  const n = typeof input === 'number' ? input : /^\d{1,2}$/.test(input.trim()) ? Number(input) : Number.NaN;
  return Number.isInteger(n) && n >= 0 && n < SIXTEENTHS ? { ok: true, value: n } : fail('format');
}

/** Sixteenths of a foot as the trade writes a length: 56 → "3 1/2", 48 → "3". */
export function formatFeet(sixteenths: number): string {
  const whole = Math.floor(sixteenths / SIXTEENTHS);
  const rest = sixteenths - whole * SIXTEENTHS;
  if (rest === 0) return String(whole);
  let num = rest;
  let den = SIXTEENTHS;
  while (num % 2 === 0) {
    num /= 2;
    den /= 2;
  }
  return whole === 0 ? `${num}/${den}` : `${whole} ${num}/${den}`;
}
