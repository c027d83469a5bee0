import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FRACTION_OPTIONS,
  formatInches,
  formatSixteenths,
  parseRange,
  parseSixteenths,
  toSixteenths,
} from './fractions.ts';

describe('fractions in sixteenths', () => {
  it.each([
    ['2', 32],
    ['1 3/8', 22],
    ['1-3/8', 22],
    ['3/8', 6],
    ['1/16', 1],
    ['15/16', 15],
    ['1.375', 22],
    ['.5', 8],
    [' 2 1/2" ', 40],
    ['0', 0],
  ])('parses %j as %i sixteenths', (text, sixteenths) => {
    expect(parseSixteenths(text)).toBe(sixteenths);
  });

  it.each([
    '',
    'abc',
    '1 3/7',
    '1 8/8',
    '1/0',
    '-1',
    '1 /',
    '2 3/8 1',
    "1'; drop table products; --",
    '99999',
  ])('refuses %j', (text) => {
    expect(parseSixteenths(text)).toBeNull();
  });

  it.each([
    [22, '1 3/8'],
    [32, '2'],
    [8, '1/2'],
    [1, '1/16'],
    [36, '2 1/4'],
    [0, '0'],
  ])('formats %i sixteenths as %s', (n, text) => {
    expect(formatSixteenths(n)).toBe(text);
  });

  it('formats inches from the database', () => {
    expect(formatInches('1.3750')).toBe('1 3/8');
    expect(formatInches(0.75)).toBe('3/4');
    expect(formatInches(null)).toBe('');
  });

  it('dropdown options are 0 and 1/16 … 15/16', () => {
    expect(FRACTION_OPTIONS).toHaveLength(16);
    expect(FRACTION_OPTIONS[2]).toEqual({ value: 2, label: '1/8' });
    expect(FRACTION_OPTIONS[15]).toEqual({ value: 15, label: '15/16' });
  });

  it('whole plus fraction', () => {
    expect(toSixteenths(10, 4)).toBe(164);
    expect(toSixteenths('', 0)).toBe(0);
    expect(toSixteenths(-3, 20)).toBe(0);
  });

  it('round-trips every size in sixteenths', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 16 * 200 }), (n) => {
        expect(parseSixteenths(formatSixteenths(n))).toBe(n);
      }),
    );
  });
});

describe('range filter (storefront §5 Width filter)', () => {
  it("'to' empty means from = to", () => {
    expect(parseRange({ from: '1 1/2', to: '' })).toEqual({ min: 1.5, max: 1.5 });
  });
  it('a range, either way round', () => {
    expect(parseRange({ from: '1', to: '2 1/4' })).toEqual({ min: 1, max: 2.25 });
    expect(parseRange({ from: '3', to: '1' })).toEqual({ min: 1, max: 3 });
  });
  it('empty is no filter; malformed is an error with a message', () => {
    expect(parseRange({})).toBeNull();
    expect(() => parseRange({ from: '1 x/8' })).toThrow(/not a size/);
  });
});
