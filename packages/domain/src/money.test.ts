import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, formatMoney, linesTotal, orderTotal, sum } from './money.ts';

describe('money', () => {
  it.each([
    ['1234.5', '1,234.50'],
    [0, '0.00'],
    ['1234567.891', '1,234,567.89'],
    ['-45.678', '-45.68'],
    ['0.005', '0.01'],
    [null, '0.00'],
  ])('formats %j as %s', (value, text) => {
    expect(formatMoney(value as never)).toBe(text);
  });

  it('adds exactly where floats do not', () => {
    expect(cents(sum(['0.1', '0.2']))).toBe('0.30');
    expect(cents(sum(Array.from({ length: 1000 }, () => '0.01')))).toBe('10.00');
  });

  it('order total = item total + tax + shipping + ship cost + packing − discount', () => {
    expect(
      orderTotal({
        itemTotal: '1000.00',
        tax: '90.00',
        shipping: '25.00',
        shipCost: '10.00',
        packing: '5.00',
        discount: '50.00',
      }),
    ).toBe('1080.00');
  });

  it('the order total equals the sum of its parts for any amounts', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 }).map((c) => (c / 100).toFixed(2));
    fc.assert(
      fc.property(
        amount,
        amount,
        amount,
        amount,
        amount,
        amount,
        (itemTotal, tax, shipping, shipCost, packing, discount) => {
          const total = orderTotal({ itemTotal, tax, shipping, shipCost, packing, discount });
          const inCents =
            [itemTotal, tax, shipping, shipCost, packing].reduce(
              (s, v) => s + Math.round(Number(v) * 100),
              0,
            ) - Math.round(Number(discount) * 100);
          expect(Math.round(Number(total) * 100)).toBe(inCents);
        },
      ),
    );
  });
});

describe('cart and order totals', () => {
  it('equal the sum of their lines, to the cent, for any lines', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5_000_000 }), { maxLength: 200 }), (lineCents) => {
        const lines = lineCents.map((c) => (c / 100).toFixed(2));
        const expected = lineCents.reduce((s, c) => s + c, 0);
        expect(Math.round(Number(linesTotal(lines)) * 100)).toBe(expected);
      }),
    );
    expect(linesTotal([])).toBe('0.00');
  });
});
