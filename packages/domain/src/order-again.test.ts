import { describe, expect, it } from 'vitest';
import {
  describeChange,
  describeSelection,
  lineChanges,
  type PastLine,
  priceChange,
  selectionOfPastLine,
  summarizeLines,
} from './order-again.ts';

const past = (over: Partial<PastLine>): PastLine => ({
  code: 'FER-133-0412',
  pcode: 'C',
  qty: 2,
  footage: null,
  hInt: 11,
  hFrac: 0,
  wInt: 14,
  wFrac: 8,
  location: 'C',
  instructions: null,
  backorder: null,
  ...over,
});

describe('a past line asks for the same selection again', () => {
  it('a chop keeps its sizes, quantity and warehouse; no back-order choice takes the default', () => {
    expect(selectionOfPastLine(past({}))).toEqual({
      selection: {
        type: 'chop',
        quantity: 2,
        length: null,
        location: 'C',
        instructions: null,
        dimension: { length: 11, length_fraction: 0, width: 14, width_fraction: 8 },
      },
      backtype: 'backremq',
    });
  });

  it('each T code maps to its order type, a rail keeps its one side', () => {
    const type = (pcode: string | null) => selectionOfPastLine(past({ pcode }))?.selection.type;
    expect([type('L'), type('C'), type('J'), type('E'), type('B'), type(''), type(null)]).toEqual([
      'length',
      'chop',
      'join',
      'exact',
      'box',
      'item',
      'item',
    ]);
    expect(selectionOfPastLine(past({ pcode: 'X' }))).toBeNull();
    const rail = selectionOfPastLine(past({ pcode: 'E', hInt: 0, hFrac: 0, wInt: 36 }));
    expect(rail?.selection.dimension).toEqual({
      length: null,
      length_fraction: 0,
      width: 36,
      width_fraction: 8,
    });
  });

  it('a length line asks for its feet; the line’s own back-order choice is kept', () => {
    const got = selectionOfPastLine(past({ pcode: 'L', qty: 1, footage: 20.5, backorder: 'backcancel' }));
    expect(got?.selection).toMatchObject({ type: 'length', length: 20.5, quantity: null, dimension: null });
    expect(got?.backtype).toBe('backcancel');
  });

  it('an invoice line without a warehouse takes the invoice’s', () => {
    expect(selectionOfPastLine(past({ location: null }), 'B')?.selection.location).toBe('B');
  });
});

describe('what changed', () => {
  it('compares the unit price paid with today’s, a cent or more', () => {
    expect(priceChange('4.10', '4.35', 'ft')).toEqual({
      kind: 'priceUp',
      was: '4.10',
      now: '4.35',
      unit: 'ft',
    });
    expect(priceChange('4.10', '3.99', 'ea')?.kind).toBe('priceDown');
    expect(priceChange('4.10', '4.105', 'ft')).toBeNull();
    expect(priceChange(null, '4.10', 'ft')).toBeNull();
  });

  it('a short warehouse is a change, with the back-order choice', () => {
    const changes = lineChanges({
      wasUnitPrice: '2.00',
      nowUnitPrice: '2.50',
      unit: 'ft',
      stockState: 2,
      locationName: 'New Orleans',
      available: 12,
      backorder: 'backremq',
    });
    expect(changes.map(describeChange)).toEqual([
      'Price up: $2.00 → $2.50 per ft',
      'Short at New Orleans (12 available) — will ship what is there and back-order the rest',
    ]);
  });

  it('describes selections in words and counts the outcomes', () => {
    const sel = (over: Partial<PastLine>) => selectionOfPastLine(past(over))!.selection;
    expect(describeSelection(sel({}))).toBe('Chop 11 x 14 1/2 in, 2 frames');
    expect(describeSelection(sel({ pcode: 'L', footage: 20 }))).toBe('Length 20 ft');
    expect(describeSelection(sel({ pcode: 'B', qty: 1 }))).toBe('Box, 1 box');
    expect(describeSelection(sel({ pcode: '', qty: 3 }))).toBe('3 pieces');
    const line = { Code: 'A', Description: null, asked: '', message: null, changes: [] };
    expect(
      summarizeLines([
        { ...line, outcome: 'added' },
        { ...line, outcome: 'noLongerSold' },
      ]),
    ).toMatchObject({ added: 1, notAdded: 1 });
  });
});
