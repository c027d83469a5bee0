import { describe, expect, it } from 'vitest';
import {
  backorderSplit,
  cleanDimension,
  cleanLength,
  cleanPo,
  digitsOnly,
  isValidPo,
  addToCartMessages as m,
  type SelectionToCheck,
  stockState,
  validateSelection,
} from './cart-rules.ts';

const dim = (length: number | string, width: number | string) => ({
  length,
  length_fraction: 0,
  width,
  width_fraction: 0,
});
const moulding = (over: Partial<SelectionToCheck>): SelectionToCheck => ({
  productType: 4,
  isMoulding: true,
  type: 'length',
  location: 'C',
  accountLocation: 'C',
  ...over,
});

describe('add-to-cart messages (storefront §5), letter for letter', () => {
  it('messages', () => {
    expect(m).toEqual({
      location: 'Location can not be blank',
      instructions: 'Please provide cutting instructions',
      quantity: 'Quantity must be greater then 0',
      quantityAndDimensions: 'Quantity and Dimensions are required',
      length: 'Length must be greater then 0',
      smallest: 'The smallest size can be 6"',
      backorder: 'Please select a back order option',
      quantityTooLarge: 'Quantity can be at most 9,999',
      lengthTooLarge: 'Length can be at most 9,999 ft',
      sizeTooLarge: 'Sizes can be at most 999"',
    });
  });

  it.each<[string, Partial<SelectionToCheck>, string | null]>([
    ['no location', { location: '' }, m.location],
    ['length from another warehouse without instructions', { length: 10, location: 'G' }, m.instructions],
    [
      'length from another warehouse with instructions',
      { length: 10, location: 'G', instructions: 'cut in 2' },
      null,
    ],
    [
      'box from another warehouse without instructions',
      { type: 'box', quantity: 1, location: 'B' },
      m.instructions,
    ],
    [
      'chop from another warehouse needs none',
      { type: 'chop', quantity: 1, dimension: dim(16, 20), location: 'B' },
      null,
    ],
    ['length 0', { length: 0 }, m.length],
    ['length blank', { length: '' }, m.length],
    ['length 12', { length: 12 }, null],
    ['box quantity 0', { type: 'box', quantity: 0 }, m.quantity],
    ['box quantity 2', { type: 'box', quantity: 2 }, null],
    [
      'chop without quantity',
      { type: 'chop', quantity: '', dimension: dim(16, 20) },
      m.quantityAndDimensions,
    ],
    ['chop without sides', { type: 'chop', quantity: 1, dimension: dim('', '') }, m.quantityAndDimensions],
    ['chop rail of 30"', { type: 'chop', quantity: 1, dimension: dim(30, '') }, null],
    ['chop rail of 4" is allowed (rail)', { type: 'chop', quantity: 1, dimension: dim(4, '') }, null],
    ['chop 5 × 20', { type: 'chop', quantity: 1, dimension: dim(5, 20) }, m.smallest],
    ['exact 20 × 5', { type: 'exact', quantity: 1, dimension: dim(20, 5) }, m.smallest],
    ['exact 6 × 6', { type: 'exact', quantity: 1, dimension: dim(6, 6) }, null],
    ['join rail', { type: 'join', quantity: 1, dimension: dim(30, '') }, m.smallest],
    ['join 5 × 8', { type: 'join', quantity: 1, dimension: dim(5, 8) }, m.smallest],
    ['join 8 × 10', { type: 'join', quantity: 1, dimension: dim(8, 10) }, null],
    ['back-ordered without option', { length: 10, stock: 2 }, m.backorder],
    ['length of 10,000 ft', { length: 10000 }, m.lengthTooLarge],
    ['length of 9,999 ft', { length: 9999 }, null],
    ['10,000 chops', { type: 'chop', quantity: 10000, dimension: dim(16, 20) }, m.quantityTooLarge],
    ['a 1,000" side', { type: 'chop', quantity: 1, dimension: dim(1000, 20) }, m.sizeTooLarge],
    ['a 999" rail', { type: 'chop', quantity: 1, dimension: dim(999, '') }, null],
    ['back-ordered with option', { length: 10, stock: 2, backorder: 'backremq' }, null],
  ])('%s', (_name, over, expected) => {
    expect(validateSelection(moulding(over))).toBe(expected);
  });

  it.each([1, 2, 3, 5])('type %i needs a quantity', (productType) => {
    const item = { productType, isMoulding: false, type: 'item' as const, location: 'C' };
    expect(validateSelection({ ...item, quantity: 0 })).toBe(m.quantity);
    expect(validateSelection({ ...item, quantity: '' })).toBe(m.quantity);
    expect(validateSelection({ ...item, quantity: 3 })).toBeNull();
  });
});

describe('stock state and back orders (storefront §4)', () => {
  it.each([
    [null, 0, 5, 0],
    [10, 2, 5, 1],
    [10, 2, 8, 1],
    [10, 2, 9, 2],
    [0, 0, 1, 2],
    [0, 0, 0, 2],
  ])('on hand %j, committed %j, requested %j → state %j', (onhand, committed, requested, state) => {
    expect(stockState(onhand as never, committed, requested)).toBe(state);
  });

  it('splits Ship / Backordered / Cancelled to 2 decimals', () => {
    expect(backorderSplit(22.5, 10, 'backremq')).toEqual({ ship: 10, backordered: 12.5, cancelled: 0 });
    expect(backorderSplit(22.5, 10, 'backcancel')).toEqual({ ship: 10, backordered: 0, cancelled: 12.5 });
    expect(backorderSplit(22.5, 10, 'backallq')).toEqual({ ship: 0, backordered: 22.5, cancelled: 0 });
    expect(backorderSplit(5, 10, null)).toEqual({ ship: 5, backordered: 0, cancelled: 0 });
    expect(backorderSplit(1 / 3, 0, 'backremq')).toEqual({ ship: 0, backordered: 0.33, cancelled: 0 });
  });
});

describe('input handling', () => {
  it('PO: letters and digits only, max 13', () => {
    expect(isValidPo('PO12345ABCDEF')).toBe(true);
    expect(isValidPo('')).toBe(true);
    expect(isValidPo('PO12345ABCDEFG')).toBe(false);
    expect(isValidPo('PO-123')).toBe(false);
    expect(cleanPo('po-123 456/78901234')).toBe('po12345678901');
  });
  it('quantity digits only; length whole, negatives 0; dimensions ≤ 0 empty', () => {
    expect(digitsOnly('1a2-3')).toBe('123');
    expect(cleanLength('-5')).toBe(0);
    expect(cleanLength('12.7')).toBe(12);
    expect(cleanDimension('0')).toBe('');
    expect(cleanDimension('-3')).toBe('');
    expect(cleanDimension('16')).toBe(16);
  });
});
