import { expect, it } from 'vitest';
import { cartCountOf } from './cart-count.ts';

it('counts the cart from count, else the list length', () => {
  expect(cartCountOf({ data: [{}, {}], count: 2, total: '1.00', version: 1 })).toBe(2);
  expect(cartCountOf({ data: [{}, {}, {}] })).toBe(3);
  expect(cartCountOf({ data: [] })).toBe(0);
  expect(cartCountOf(null)).toBe(0);
  expect(cartCountOf({ message: 'Not found' })).toBe(0);
});
