import { describe, expect, it } from 'vitest';
import {
  backorderSplit,
  isValidPo,
  addToCartMessages as m,
  poMessage,
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
      lengthFormat: 'Length must be in feet and sixteenths, like 12, 3 1/2 or 3.5',
      quantityWhole: 'Quantity must be a whole number',
      sizeFormat: 'Sizes must be whole inches; choose the fraction from the list',
      fractionFormat: 'Fractions must be in sixteenths (0 to 15/16)',
      typeNotOffered: 'This order type is not offered for this item',
      nothingShips: 'Nothing can ship now: back-order it or choose another warehouse',
      notPriced: 'This item has no price on your account. Please contact customer service.',
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
    // typed text is read whole or refused with the field's message
    // (docs/decisions/007-typed-quantities-and-charged-amounts.md)
    ['length "3 1/2"', { length: '3 1/2' }, null],
    ['length "3-1/2"', { length: '3-1/2' }, null],
    ['length "3.5"', { length: '3.5' }, null],
    ['length 3.5', { length: 3.5 }, null],
    ['length "312" typed as "3 1/2" is never 312', { length: '3 1/2 ' }, null],
    ['length "12.5.1"', { length: '12.5.1' }, m.lengthFormat],
    ['length "1e3"', { length: '1e3' }, m.lengthFormat],
    ['length "3.3" (not a sixteenth)', { length: '3.3' }, m.lengthFormat],
    ['length "ten"', { length: 'ten' }, m.lengthFormat],
    ['length "-3"', { length: '-3' }, m.length],
    ['length "0 0/2"', { length: '0' }, m.length],
    ['box quantity "1.5"', { type: 'box', quantity: '1.5', boxQty: 90 }, m.quantityWhole],
    ['box on a moulding without a box quantity', { type: 'box', quantity: 5, boxQty: 0 }, m.typeNotOffered],
    ['chop quantity "2x"', { type: 'chop', quantity: '2x', dimension: dim(16, 20) }, m.quantityWhole],
    ['chop side 16.5"', { type: 'chop', quantity: 1, dimension: dim('16.5', 20) }, m.sizeFormat],
    ['chop side -16"', { type: 'chop', quantity: 1, dimension: dim(-16, 20) }, m.sizeFormat],
    ...[99, 16, -4, 7.5, '7.5', 'x'].map((f): [string, Partial<SelectionToCheck>, string] => [
      `chop fraction ${f}`,
      { type: 'chop', quantity: 1, dimension: { ...dim(16, 20), length_fraction: f } },
      m.fractionFormat,
    ]),
    [
      'chop fraction 15',
      { type: 'chop', quantity: 1, dimension: { ...dim(16, 20), width_fraction: 15 } },
      null,
    ],
  ])('%s', (_name, over, expected) => {
    expect(validateSelection(moulding(over))).toBe(expected);
  });

  it.each([1, 2, 3, 5])('type %i needs a quantity', (productType) => {
    const item = { productType, isMoulding: false, type: 'item' as const, location: 'C' };
    expect(validateSelection({ ...item, quantity: 0 })).toBe(m.quantity);
    expect(validateSelection({ ...item, quantity: '' })).toBe(m.quantity);
    expect(validateSelection({ ...item, quantity: 3 })).toBeNull();
  });

  it.each([
    ['1.5', m.quantityWhole],
    ['1e3', m.quantityWhole],
    ['-3', m.quantity],
    ['12.5.1', m.quantityWhole],
    ['three', m.quantityWhole],
    [1.5, m.quantityWhole],
  ])('glass, mat and hardware quantity %j is refused, never rewritten', (quantity, message) => {
    for (const productType of [1, 2, 5, 6, 13, 14])
      expect(
        validateSelection({ productType, isMoulding: false, type: 'item', location: 'C', quantity }),
      ).toBe(message);
  });

  it('a line type must be valid for its product', () => {
    const item = { productType: 1, isMoulding: false, location: 'C', quantity: 2 };
    expect(validateSelection({ ...item, type: 'box' })).toBe(m.typeNotOffered);
    expect(validateSelection({ ...item, type: 'chop', dimension: dim(16, 20) })).toBe(m.typeNotOffered);
    expect(validateSelection(moulding({ type: 'item', quantity: 2 }))).toBe(m.typeNotOffered);
    expect(validateSelection(moulding({ type: 'box', quantity: 2, boxQty: 90 }))).toBeNull();
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
    const split = (ship: number, backordered: number, cancelled: number, charged: number) => ({
      ship,
      backordered,
      cancelled,
      charged,
    });
    expect(backorderSplit(22.5, 10, 'backremq')).toEqual(split(10, 12.5, 0, 22.5));
    expect(backorderSplit(22.5, 10, 'backcancel')).toEqual(split(10, 0, 12.5, 10));
    expect(backorderSplit(22.5, 10, 'backallq')).toEqual(split(0, 22.5, 0, 22.5));
    expect(backorderSplit(5, 10, null)).toEqual(split(5, 0, 0, 5));
    expect(backorderSplit(3.0625, 0, 'backremq')).toEqual(split(0, 3.0625, 0, 3.0625));
  });

  it('cancelled quantity is never charged', () => {
    // nothing in stock, ship available and cancel the rest: nothing ships, nothing is charged
    expect(backorderSplit(20, 0, 'backcancel')).toEqual(split4(0, 0, 20, 0));
    // 99,999 ft asked where 1,200 ft can ship
    expect(backorderSplit(99999, 1200, 'backcancel').charged).toBe(1200);
    expect(backorderSplit(99999, 1200, 'backremq').charged).toBe(99999);
    // two 10 ft chops with 15 ft available: one chop ships, one is cancelled
    expect(backorderSplit(20, 15, 'backcancel', 10)).toEqual(split4(10, 0, 10, 10));
    expect(backorderSplit(20, 15, 'backremq', 10)).toEqual(split4(10, 10, 0, 20));
  });
});

const split4 = (ship: number, backordered: number, cancelled: number, charged: number) => ({
  ship,
  backordered,
  cancelled,
  charged,
});

describe('PO number', () => {
  it('letters and digits only, max 13: refused with the message, never rewritten', () => {
    expect(isValidPo('PO12345ABCDEF')).toBe(true);
    expect(isValidPo('')).toBe(true);
    expect(isValidPo('PO12345ABCDEFG')).toBe(false);
    expect(isValidPo('PO-123')).toBe(false);
    expect(poMessage('PO-2024/117')).toBe('PO # may contain only letters and digits, 13 at most');
    expect(poMessage('PO2024117')).toBeNull();
  });
});
