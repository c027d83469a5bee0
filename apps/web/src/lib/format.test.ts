import { describe, expect, it } from 'vitest';
import { formatAmount, formatCount, formatCurrency, formatDate, formatDateTime } from './format.ts';

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
  });
});

it('formats counts with separators', () => {
  expect(formatCount(12345)).toBe('12,345');
});
