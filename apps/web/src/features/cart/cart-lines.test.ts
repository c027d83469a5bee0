import type { CartItem } from '@mitrebox/api-contract';
import { describe, expect, it } from 'vitest';
import { backorderNote, lineKeys, selectionSummary } from './cart-lines.ts';

const line = (productSelection: CartItem['productSelection'], calc: Partial<CartItem['calc']>) =>
  ({ productSelection, calc: { quantity: 1, footage: 0, ...calc } }) as CartItem;

describe('selectionSummary', () => {
  it('reads the way the trade writes an order', () => {
    expect(selectionSummary(line({ type: 'length', length: 30 }, { footage: 30 }))).toBe('Length 30 ft');
    expect(
      selectionSummary(
        line(
          {
            type: 'chop',
            quantity: 2,
            dimension: { length: 16, length_fraction: 8, width: 20, width_fraction: 0 },
          },
          { quantity: 2, footage: 15 },
        ),
      ),
    ).toBe('Chop 2 × 16 1/2" × 20"');
    expect(
      selectionSummary(
        line(
          {
            type: 'exact',
            quantity: 3,
            dimension: { length: 24, length_fraction: 3, width: null, width_fraction: 0 },
          },
          { quantity: 3 },
        ),
      ),
    ).toBe('Straight Cut 3 × 24 3/16"');
    expect(
      selectionSummary(
        line(
          {
            type: 'join',
            quantity: 1,
            dimension: { length: 11, length_fraction: 0, width: 14, width_fraction: 4 },
          },
          { quantity: 1 },
        ),
      ),
    ).toBe('Join 1 × 11" × 14 1/4"');
    expect(selectionSummary(line({ type: 'box', quantity: 2 }, { quantity: 2, footage: 180 }))).toBe(
      'Box 2 × 90 ft',
    );
    expect(selectionSummary(line({ type: 'item', quantity: 5 }, { quantity: 5 }))).toBe('Qty 5');
  });
});

describe('backorderNote', () => {
  const base = { ShipVal: 10, backremq: 0, backcancel: 0, backallq: 0 };
  it('states the option and the split with 2 decimals', () => {
    expect(backorderNote({ ...base, backtype: null })).toBeNull();
    expect(backorderNote({ ...base, backtype: 'backremq', backremq: 80 })).toBe(
      'Ship available, back-order the rest — ship 10.00, back-ordered 80.00',
    );
    expect(backorderNote({ ...base, backtype: 'backcancel', backcancel: 2.5 })).toBe(
      'Ship available, cancel the rest — ship 10.00, cancelled 2.50',
    );
    expect(backorderNote({ ...base, ShipVal: 0, backtype: 'backallq', backallq: 90 })).toBe(
      'Back-order everything, ship nothing — ship 0.00, back-ordered 90.00',
    );
  });
});

describe('lineKeys', () => {
  it('keeps keys unique when two lines are the same selection', () => {
    expect(lineKeys([{ id: 'a' }, { id: 'b' }, { id: 'a' }])).toEqual(['a', 'b', 'a~2']);
  });
});
