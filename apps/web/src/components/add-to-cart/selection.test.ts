import type { CartItem } from '@mitrebox/api-contract';
import { addToCartMessages, STOCK_STATE, type StockState, validateSelection } from '@mitrebox/domain';
import { describe, expect, it } from 'vitest';
import {
  CUT_TWICE_HINT,
  cartErrorMessage,
  cartPayload,
  changeType,
  type DialogSelection,
  FEDEX_CHARGES_HINT,
  fieldMessages,
  initialSelection,
  replaceLine,
  requestedAmount,
  selectionOf,
  shippingHints,
  shipsFedex,
  toCartLine,
  toCheck,
} from './selection.ts';

const moulding = { Code: 'FER-133-0412', type: 4, Width: 2.25, box_qty: 90 };
const mat = { Code: 'MAT-B8601', type: 1, Width: 0.0625, box_qty: 0 };

const sel = (over: Partial<DialogSelection> = {}): DialogSelection => ({
  ...initialSelection(moulding, 'C'),
  ...over,
});
const dim = (length: string, width: string, lf = 0, wf = 0) => ({
  length,
  width,
  length_fraction: lf,
  width_fraction: wf,
});

describe('initial selection and type changes', () => {
  it('starts mouldings as a length order and items as items, at the account warehouse', () => {
    expect(initialSelection(moulding, 'C')).toMatchObject({ type: 'length', location: 'C', quantity: '' });
    expect(initialSelection(mat, 'B').type).toBe('item');
  });

  it('clears length, quantity and dimensions on a type change; box sets quantity 1', () => {
    const filled = sel({ type: 'chop', quantity: '3', length: '12', dimension: dim('16', '20', 8) });
    expect(changeType(filled, 'join')).toMatchObject({
      type: 'join',
      quantity: '',
      length: '',
      dimension: dim('', ''),
    });
    const box = changeType(filled, 'box');
    expect(box.quantity).toBe('1');
    expect(requestedAmount(box, moulding)).toBe(90);
  });
});

describe('input handling: what the field shows is what is priced', () => {
  it('"3 1/2" ft is 3.5 ft, never 312', () => {
    for (const length of ['3 1/2', '3-1/2', '3.5']) {
      expect(requestedAmount(sel({ length }), moulding)).toBe(3.5);
      expect(toCartLine(sel({ length }), moulding, STOCK_STATE.inStock).productSelection.length).toBe(3.5);
      expect(fieldMessages(sel({ length })).length).toBeNull();
    }
  });
  it('says what is wrong instead of stripping characters', () => {
    expect(fieldMessages(sel({ length: '12.5.1' })).length).toBe(addToCartMessages.lengthFormat);
    expect(fieldMessages(sel({ length: '-7' })).length).toBe(addToCartMessages.length);
    expect(requestedAmount(sel({ length: '12.5.1' }), moulding)).toBe(0);
    const glass = (quantity: string) => ({ ...initialSelection(mat, 'C'), quantity });
    expect(fieldMessages(glass('1.5')).quantity).toBe(addToCartMessages.quantityWhole);
    expect(fieldMessages(glass('1e3')).quantity).toBe(addToCartMessages.quantityWhole);
    expect(fieldMessages(glass('-3')).quantity).toBe(addToCartMessages.quantity);
    expect(requestedAmount(glass('1.5'), mat)).toBe(0);
    expect(fieldMessages(sel({ type: 'chop', dimension: dim('16.9', '20') })).size).toBe(
      addToCartMessages.sizeFormat,
    );
  });
});

describe('changing a cart line in place', () => {
  const item = {
    id: 'abc',
    Code: moulding.Code,
    productSelection: {
      type: 'chop',
      quantity: 2,
      length: null,
      location: 'C',
      instructions: 'Top',
      isRail: false,
      dimension: { length: 16, length_fraction: 8, width: 20, width_fraction: 0 },
    },
    backtype: null,
  } as unknown as CartItem;

  it('starts the dialog from the line', () => {
    expect(selectionOf(item)).toEqual({
      type: 'chop',
      quantity: '2',
      length: '',
      dimension: { length: '16', length_fraction: 8, width: '20', width_fraction: 0 },
      location: 'C',
      instructions: 'Top',
      backorder: null,
    });
  });

  it('replaces the line at its place, or finds it by id', () => {
    const other = { ...item, id: 'zzz', Code: 'OTHER' } as CartItem;
    const changed = toCartLine(sel({ length: '12' }), moulding, STOCK_STATE.inStock);
    expect(replaceLine([other, item], changed, { index: 1, id: 'abc' })).toEqual({
      lines: [expect.objectContaining({ Code: 'OTHER' }), changed],
      index: 1,
    });
    expect(replaceLine([item, other], changed, { index: 1, id: 'abc' }).index).toBe(0);
  });
});

describe('requested amount and validation', () => {
  it('reads feet for mouldings and pieces for items', () => {
    expect(requestedAmount(sel({ length: '30' }), moulding)).toBe(30);
    // chop 16 x 20 with 2 1/4" moulding: (72 + 18) / 12 = 7.5 ft a frame
    expect(requestedAmount(sel({ type: 'chop', quantity: '2', dimension: dim('16', '20') }), moulding)).toBe(
      15,
    );
    expect(requestedAmount({ ...initialSelection(mat, 'C'), quantity: '4' }, mat)).toBe(4);
  });

  it('answers the messages of storefront §5 through validateSelection', () => {
    const check = (s: DialogSelection, stock: StockState = STOCK_STATE.inStock, product = moulding) =>
      validateSelection(toCheck(s, product, 'C', stock));
    expect(check(sel({ location: '' }))).toBe(addToCartMessages.location);
    expect(check(sel({ length: '' }))).toBe(addToCartMessages.length);
    expect(check(sel({ length: '-5' }))).toBe(addToCartMessages.length);
    expect(check(sel({ location: 'B', length: '10' }))).toBe(addToCartMessages.instructions);
    expect(check(sel({ type: 'join', quantity: '5', dimension: dim('20', '') }))).toBe(
      addToCartMessages.smallest,
    );
    expect(check(sel({ type: 'join', quantity: '1', dimension: dim('5', '20') }))).toBe(
      addToCartMessages.smallest,
    );
    expect(check(sel({ type: 'chop', quantity: '', dimension: dim('16', '20') }))).toBe(
      addToCartMessages.quantityAndDimensions,
    );
    expect(check({ ...initialSelection(mat, 'C'), quantity: '0' }, 1, mat)).toBe(addToCartMessages.quantity);
    expect(check(sel({ length: '10' }), STOCK_STATE.backordered)).toBe(addToCartMessages.backorder);
    expect(check(sel({ length: '10', backorder: 'backremq' }), STOCK_STATE.backordered)).toBeNull();
  });
});

describe('the cart line and payload', () => {
  it('builds a chop line with its dimension and united inches', () => {
    const line = toCartLine(
      sel({ type: 'chop', quantity: '2', dimension: dim('16', '20', 8), instructions: ' top ' }),
      moulding,
      1,
    );
    expect(line).toEqual({
      Code: 'FER-133-0412',
      productSelection: {
        type: 'chop',
        instructions: 'top',
        length: null,
        quantity: 2,
        location: 'C',
        isRail: false,
        dimension: { length: 16, length_fraction: 8, width: 20, width_fraction: 0, unitedInches: 36.5 },
      },
      backtype: null,
    });
  });

  it('marks a rail, keeps the back-order choice only when back-ordered', () => {
    const rail = toCartLine(
      sel({ type: 'exact', quantity: '1', dimension: dim('24', '') }),
      moulding,
      STOCK_STATE.inStock,
    );
    expect(rail.productSelection.isRail).toBe(true);
    const length = toCartLine(
      sel({ length: '12', backorder: 'backcancel' }),
      moulding,
      STOCK_STATE.backordered,
    );
    expect(length.productSelection).toMatchObject({ type: 'length', length: 12, quantity: null });
    expect(length.backtype).toBe('backcancel');
    expect(
      toCartLine(sel({ length: '12', backorder: 'backcancel' }), moulding, STOCK_STATE.inStock).backtype,
    ).toBeNull();
  });

  it('sends the current lines (inputs only) plus the new one', () => {
    const current = [
      {
        id: 'x',
        Code: 'A',
        productSelection: { type: 'length', length: 10, location: 'C' },
        backtype: null,
        calc: { totalPrice: '99.00' },
      },
    ] as unknown as CartItem[];
    const added = toCartLine(sel({ length: '5' }), moulding, STOCK_STATE.inStock);
    expect(cartPayload(current, added)).toEqual([
      { Code: 'A', productSelection: { type: 'length', length: 10, location: 'C' }, backtype: null },
      added,
    ]);
    expect(cartPayload(current)).toHaveLength(1);
  });

  it("names the server's message for the new line, or the code of an older line", () => {
    const lines = [{ Code: 'OLD' }, { Code: 'NEW' }] as never;
    expect(
      cartErrorMessage({ message: 'x', errors: { 'cartdata.1': 'The smallest size can be 6"' } }, lines, 1),
    ).toBe('The smallest size can be 6"');
    expect(cartErrorMessage({ message: 'x', errors: { 'cartdata.0': 'Gone' } }, lines, 1)).toBe('OLD: Gone');
    expect(cartErrorMessage({ message: 'Plain' }, lines, 1)).toBe('Plain');
  });
});

describe('shipping hints', () => {
  it('knows the FedEx methods', () => {
    expect(shipsFedex('FEDEX')).toBe(true);
    expect(shipsFedex('FEDX-$10')).toBe(true);
    expect(shipsFedex('fedx-$20')).toBe(true);
    expect(shipsFedex('UPS')).toBe(false);
    expect(shipsFedex(null)).toBe(false);
  });

  it('shows the hints on length orders only', () => {
    const own = { Location: 'G', Shipvia: 'FEDEX' };
    expect(shippingHints({ type: 'length', location: 'G' }, own)).toEqual([CUT_TWICE_HINT]);
    expect(shippingHints({ type: 'length', location: 'B' }, own)).toEqual([
      FEDEX_CHARGES_HINT,
      CUT_TWICE_HINT,
    ]);
    expect(shippingHints({ type: 'length', location: 'B' }, { Location: 'C', Shipvia: 'OUR TRUCK' })).toEqual(
      [FEDEX_CHARGES_HINT],
    );
    expect(shippingHints({ type: 'chop', location: 'B' }, own)).toEqual([]);
  });
});
