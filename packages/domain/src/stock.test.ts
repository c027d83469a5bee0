import { describe, expect, it } from 'vitest';
import { stockState } from './cart-rules.ts';
import { availableQty, isStockedAt, STOCK_STATE } from './stock.ts';

describe('availability (storefront §4)', () => {
  it.each([
    [10, 3, 7],
    ['10.4', '0', 10],
    ['10.6', '0', 11],
    [3, 10, 0],
    [0, 0, 0],
    [null, null, 0],
    ['abc', 0, 0],
  ])('on hand %j, committed %j → %i', (onhand, committed, available) => {
    expect(availableQty(onhand as never, committed as never)).toBe(available);
  });
  it('mouldings always count as stocked; other items need stock here', () => {
    expect(isStockedAt('MOULDING', 0)).toBe(true);
    expect(isStockedAt('MATS', 0)).toBe(false);
    expect(isStockedAt('GLASS', 2)).toBe(true);
  });
  it('names the stock states the estimate gives', () => {
    expect(stockState(null, null, 1)).toBe(STOCK_STATE.unknown);
    expect(stockState(10, 2, 8)).toBe(STOCK_STATE.inStock);
    expect(stockState(10, 2, 9)).toBe(STOCK_STATE.backordered);
    expect(stockState(0, 0, 1)).toBe(STOCK_STATE.backordered);
  });
});
