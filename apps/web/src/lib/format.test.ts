import { describe, expect, it } from 'vitest';
import {
  dateFormatter,
  formatAmount,
  formatCount,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNumericDate,
  formatNumericDateTime,
  formatShortDate,
} from './format.ts';

describe('formatAmount', () => {
  it.each([
    [1234.5, '1,234.50'],
    ['1234.5', '1,234.50'],
    ['1,234.5', '1,234.50'],
    [0, '0.00'],
    [1_000_000, '1,000,000.00'],
    [-12.345, '-12.35'],
  ])('%s → %s', (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });

  it('leaves no value blank', () => {
    expect(formatAmount(null)).toBe('');
    expect(formatAmount(undefined)).toBe('');
    expect(formatAmount('')).toBe('');
    expect(formatAmount('abc')).toBe('');
  });
});

describe('formatCurrency', () => {
  it('puts the sign before the dollar', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency('-12')).toBe('-$12.00');
  });
});

describe('dates', () => {
  it('reads a bare calendar date as that day', () => {
    expect(formatDate('2025-03-04')).toBe('03/04/2025');
  });

  it('shows a moment in a given time zone', () => {
    expect(formatDate('2025-03-04T03:00:00Z', 'America/New_York')).toBe('03/03/2025');
    expect(formatDateTime('2025-03-04T19:05:00Z', 'America/New_York')).toBe('03/04/2025, 2:05 PM');
  });

  it('leaves bad input blank', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatShortDate('')).toBe('');
  });

  it('writes a day in words, a bare calendar date as that day', () => {
    expect(formatShortDate('2025-03-04')).toBe('Mar 4, 2025');
    expect(formatShortDate(new Date(2026, 10, 28, 23, 30))).toBe('Nov 28, 2026');
  });

  it('writes the back office dates as the en-US default of the browser does', () => {
    const at = new Date(2026, 10, 28, 13, 4, 9);
    expect(formatNumericDate(at)).toBe(at.toLocaleDateString('en-US'));
    expect(formatNumericDate(at)).toBe('11/28/2026');
    expect(formatNumericDateTime(at)).toBe(at.toLocaleString('en-US'));
    expect(formatNumericDate('2026-03-04')).toBe('3/4/2026');
    expect(formatNumericDateTime(null)).toBe('');
  });

  it('makes each format once, one per time zone', () => {
    const ny = dateFormatter({ hour: 'numeric', timeZone: 'America/New_York' });
    expect(dateFormatter({ hour: 'numeric', timeZone: 'America/New_York' })).toBe(ny);
    expect(formatDate('2025-03-04T03:00:00Z', 'America/New_York')).toBe('03/03/2025');
    expect(formatDate('2025-03-04T03:00:00Z', 'Asia/Tokyo')).toBe('03/04/2025');
  });

  it("falls back to the browser's zone for a zone it does not know", () => {
    expect(formatDate('2025-03-04', 'Not/A_Zone')).toBe('03/04/2025');
  });
});

it('formats counts with separators', () => {
  expect(formatCount(12345)).toBe('12,345');
});
