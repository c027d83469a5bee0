import { describe, expect, it } from 'vitest';
import { formatBusinessDate, formatBusinessDateTime } from './business-time.ts';
import { dimensionText, isNegative, isPendingOrder, percentText, totalsLines } from './document.ts';

describe('dimensionText', () => {
  it('writes height × width in sixteenths as trade fractions', () => {
    expect(dimensionText({ H_Int: 40, H_Frac: 0, W_Int: 30, W_Frac: 2 })).toBe('40 × 30 1/8');
    expect(dimensionText({ H_Int: 48, H_Frac: 12, W_Int: 36, W_Frac: 0 })).toBe('48 3/4 × 36');
    expect(dimensionText({ H_Int: 14, H_Frac: 0, W_Int: 11, W_Frac: 8 })).toBe('14 × 11 1/2');
  });

  it('shows a length alone, and nothing for a line without a size', () => {
    expect(dimensionText({ H_Int: 10, H_Frac: 0, W_Int: 0, W_Frac: 0 })).toBe('10');
    expect(dimensionText({ H_Int: null, H_Frac: null, W_Int: null, W_Frac: null })).toBe('');
    expect(dimensionText({ H_Int: 0, H_Frac: 0, W_Int: 0, W_Frac: 0 })).toBe('');
  });
});

describe('totalsLines', () => {
  const order = {
    ItemTotal: '482.84',
    DiscRate: '5.00',
    Discount: '24.14',
    Tax: '0.00',
    Shipping: '15.00',
    ShipCost: '0.00',
    Packing: '2.50',
  };

  it('lists the discount with its percent only when the rate is above 0, and the total', () => {
    const lines = totalsLines(order);
    expect(lines.map((l) => [l.label, l.amount])).toEqual([
      ['Item total', '482.84'],
      ['Discount (5%)', '-24.14'],
      ['Tax', '0.00'],
      ['Shipping', '15.00'],
      ['Shipping cost', '0.00'],
      ['Packing', '2.50'],
      ['Total', '476.20'],
    ]);
    const none = totalsLines({ ...order, DiscRate: '0.00', Discount: '0.00' });
    expect(none.find((l) => l.key === 'discount')).toBeUndefined();
    expect(none.at(-1)?.amount).toBe('500.34');
  });

  it('writes rates without trailing zeros', () => {
    expect(percentText('2.50')).toBe('2.5%');
    expect(percentText('10.00')).toBe('10%');
  });
});

describe('small rules', () => {
  it('synced other than 1 is pending', () => {
    expect(isPendingOrder(0)).toBe(true);
    expect(isPendingOrder(1)).toBe(false);
    expect(isPendingOrder(null)).toBe(true);
  });

  it('negative amounts are credits', () => {
    expect(isNegative('-35.70')).toBe(true);
    expect(isNegative('0.00')).toBe(false);
    expect(isNegative(null)).toBe(false);
  });
});

describe('business time', () => {
  it('shows the New York day and time whatever the browser zone', () => {
    // 02:30 UTC on 10 Nov is still 9 Nov in New York.
    expect(formatBusinessDate('2026-11-10T02:30:00.000Z', 'America/New_York')).toBe('11/09/2026');
    expect(formatBusinessDateTime('2026-10-26T22:45:00.000Z', 'America/New_York')).toBe(
      '10/26/2026, 6:45 PM EDT',
    );
    expect(formatBusinessDateTime('2026-12-01T17:05:00.000Z', 'America/New_York')).toBe(
      '12/01/2026, 12:05 PM EST',
    );
    expect(formatBusinessDate(null, 'America/New_York')).toBe('');
  });
});
