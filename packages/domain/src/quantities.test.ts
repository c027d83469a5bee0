import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIXTEENTHS } from './fractions.ts';
import {
  formatFeet,
  parseFeet,
  parseInches,
  parseSixteenthFraction,
  parseWholeInches,
  parseWholeQuantity,
} from './quantities.ts';

const value = (p: ReturnType<typeof parseFeet>) => (p.ok ? p.value : p.reason);

describe('lengths in feet', () => {
  it.each([
    ['3 1/2', 56],
    ['3.5', 56],
    ['3-1/2', 56],
    ['3 - 1/2', 56],
    [' 12 ', 192],
    ['12', 192],
    ['1/2', 8],
    ['0.0625', 1],
    ['.25', 4],
    ['10 3/16', 163],
    ['3.50', 56],
  ])('"%s" is %i sixteenths of a foot', (text, sixteenths) => {
    expect(value(parseFeet(text))).toBe(sixteenths);
  });

  it.each([
    ['312'.slice(0, 0), 'empty'],
    ['0', 'notPositive'],
    ['0.0', 'notPositive'],
    ['-3', 'notPositive'],
    ['-3 1/2', 'notPositive'],
    ['1e3', 'format'],
    ['12.5.1', 'format'],
    ['3.3', 'format'],
    ['3 1/3', 'format'],
    ['3 2/2', 'format'],
    ['3 0/4', 'format'],
    ['3 1/32', 'format'],
    ['ten', 'format'],
    ['12ft', 'format'],
    ['3,5', 'format'],
    ['+3', 'format'],
    ['0x10', 'format'],
    ['Infinity', 'format'],
    ['3 1/2 1/4', 'format'],
  ])('"%s" is refused (%s), never rewritten', (text, reason) => {
    expect(value(parseFeet(text))).toBe(reason);
  });

  it('numbers must be exact sixteenths', () => {
    expect(value(parseFeet(3.5))).toBe(56);
    expect(value(parseFeet(3.3))).toBe('format');
    expect(value(parseFeet(-1))).toBe('notPositive');
    expect(value(parseFeet(Number.NaN))).toBe('format');
  });

  it('every accepted form round-trips to its sixteenths', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 * SIXTEENTHS }), (n) => {
        const whole = Math.floor(n / SIXTEENTHS);
        const rest = n % SIXTEENTHS;
        const decimal = String(n / SIXTEENTHS);
        const forms = [formatFeet(n), decimal, ` ${decimal} `];
        if (rest === 0) forms.push(String(whole));
        else {
          const frac = formatFeet(rest);
          forms.push(`${whole}-${frac}`, `${whole} ${frac}`);
          if (whole === 0) forms.push(frac);
        }
        for (const form of forms) expect(value(parseFeet(form)), form).toBe(n);
        expect(value(parseFeet(n / SIXTEENTHS))).toBe(n);
      }),
    );
  });

  it('a decimal that is not a whole number of sixteenths is refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 9999 }), (whole, digits) => {
        const text = `${whole}.${String(digits).padStart(4, '0')}`;
        const exact = (digits * SIXTEENTHS) % 10_000 === 0;
        expect(parseFeet(text).ok).toBe(exact);
      }),
    );
  });

  it('anything else is refused', () => {
    const accepted = /^\s*(\d+|\d*\.\d+|(\d+(\s+|\s*-\s*))?\d+\/\d+)\s*$/;
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const read = parseFeet(text);
        if (!accepted.test(text)) expect(read.ok, JSON.stringify(text)).toBe(false);
        if (read.ok) expect(read.value).toBeGreaterThan(0);
      }),
    );
    fc.assert(
      fc.property(
        // from 2: "1/2" is half a foot, a length framers write
        fc.integer({ min: 2, max: 999 }),
        fc.constantFrom('e3', '.5.1', 'x', ' ft', '..', '/2', ' 1/3', '%', ',5'),
        (n, tail) => {
          expect(parseFeet(`${n}${tail}`).ok).toBe(false);
        },
      ),
    );
  });
});

describe('whole quantities: glass, mats, hardware, boxes, frames', () => {
  it.each([
    ['3', 3],
    [' 12 ', 12],
    ['1.5', 'format'],
    ['1e3', 'format'],
    ['-3', 'notPositive'],
    ['0', 'notPositive'],
    ['', 'empty'],
    ['12.5.1', 'format'],
    ['2x', 'format'],
    ['3.0', 'format'],
  ])('"%s" → %j', (text, expected) => {
    expect(value(parseWholeQuantity(text))).toBe(expected);
  });

  it('numbers: whole only', () => {
    expect(value(parseWholeQuantity(4))).toBe(4);
    expect(value(parseWholeQuantity(1.5))).toBe('format');
    expect(value(parseWholeQuantity(0))).toBe('notPositive');
  });

  it('every whole number round-trips; every non-digit text is refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999 }), (n) => {
        expect(value(parseWholeQuantity(String(n)))).toBe(n);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), (text) => {
        if (!/^\s*-?\s*\d+\s*$/.test(text)) expect(parseWholeQuantity(text).ok).toBe(false);
      }),
    );
  });
});

describe('sizes in inches and sixteenths', () => {
  it('fractions are 0 to 15 sixteenths', () => {
    for (const f of [0, 1, 15, '7', '', null]) expect(parseSixteenthFraction(f).ok).toBe(true);
    for (const f of [99, 16, -4, 7.5, '7.5', '16', 'x']) expect(parseSixteenthFraction(f).ok).toBe(false);
  });
  it('whole inches are whole numbers, empty or 0 for no side', () => {
    expect(value(parseWholeInches('16'))).toBe(16);
    expect(value(parseWholeInches(''))).toBe(0);
    expect(value(parseWholeInches(null))).toBe(0);
    expect(value(parseWholeInches('16.5'))).toBe('format');
    expect(value(parseWholeInches(-16))).toBe('format');
  });
});

describe('lengths in inches: the reader of feet, in sixteenths of an inch', () => {
  it.each([
    ['16', 256],
    ['16 1/2', 264],
    ['16-1/2', 264],
    ['16.5', 264],
    ['16.0625', 257],
    ['2.5', 40],
    ['3/16', 3],
  ])('"%s" is %i sixteenths of an inch', (text, sixteenths) => {
    expect(value(parseInches(text))).toBe(sixteenths);
  });

  it.each([
    ['16.3', 'format'],
    ['16 1/3', 'format'],
    ['1e3', 'format'],
    ['16"', 'format'],
    ['0', 'notPositive'],
    ['-2.5', 'notPositive'],
    ['', 'empty'],
  ])('"%s" is refused (%s)', (text, reason) => {
    expect(value(parseInches(text))).toBe(reason);
  });

  it('any whole number of sixteenths typed as "W", "W N/D", "W-N/D" or a decimal comes back as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 90 * SIXTEENTHS }), (n) => {
        const whole = Math.floor(n / SIXTEENTHS);
        const rest = n % SIXTEENTHS;
        const forms = [String(n / SIXTEENTHS), formatFeet(n)];
        if (rest === 0) forms.push(String(whole));
        else if (whole > 0) forms.push(`${whole} ${formatFeet(rest)}`, `${whole}-${formatFeet(rest)}`);
        for (const form of forms) expect(value(parseInches(form)), form).toBe(n);
      }),
    );
  });

  it('nothing else is read', () => {
    const accepted = /^\s*(\d+|\d*\.\d+|(\d+(\s+|\s*-\s*))?\d+\/\d+)\s*$/;
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        if (!accepted.test(text)) expect(parseInches(text).ok, JSON.stringify(text)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 90 }), fc.integer({ min: 1, max: 9999 }), (whole, digits) => {
        const text = `${whole}.${String(digits).padStart(4, '0')}`;
        expect(parseInches(text).ok).toBe((digits * SIXTEENTHS) % 10_000 === 0);
      }),
    );
  });
});
