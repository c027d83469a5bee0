import { describe, expect, it } from 'vitest';
import { estimateLine } from './line-estimate.ts';
import type { PricingAccount } from './pricing.ts';
import { pricedMoulding } from './testing/priced-products.ts';

const moulding = pricedMoulding({
  Code: 'M1',
  Width: 1,
  Vendor: null,
  FrameLine: null,
  Length: '9.91',
  Chop: '10.00',
  JoinAmt: '12.00',
  Length2: '9.00',
});
const account: PricingAccount = { discounts: [] };
const none = { Onhand: 0, CommitAmt: 0 };

describe('the estimate charges what ships and what is back-ordered, never what is cancelled', () => {
  it('zero stock, ship available and cancel the rest: ship 0, cancelled 20, charged $0.00', () => {
    const e = estimateLine(
      moulding,
      account,
      { type: 'length', length: 20, location: 'C' },
      none,
      'backcancel',
    );
    expect(e.split).toEqual({ ship: 0, backordered: 0, cancelled: 20, charged: 0 });
    expect(e.charged.total).toBe('0.00');
    expect(e.ordered.total).toBe('198.20');
  });

  it('each back-order choice changes what is charged', () => {
    const stock = { Onhand: 1200, CommitAmt: 0 };
    const sel = { type: 'length' as const, length: 9999, location: 'C' };
    const total = (o: 'backremq' | 'backcancel' | 'backallq') =>
      estimateLine(moulding, account, sel, stock, o).charged.total;
    expect(total('backcancel')).toBe('11892.00'); // 1,200 ft
    expect(total('backremq')).toBe('99090.09'); // 9,999 ft: 1,200 now, the rest later
    expect(total('backallq')).toBe('99090.09');
  });

  it('a join splits in whole frames, join fee per frame charged', () => {
    // 2 joins of 16 × 20: (72 + 8) / 12 = 6.67 → 7 ft a frame
    const sel = {
      type: 'join' as const,
      quantity: 2,
      dimension: { length: 16, length_fraction: 0, width: 20, width_fraction: 0 },
      location: 'C',
    };
    const e = estimateLine(moulding, account, sel, { Onhand: 10, CommitAmt: 0 }, 'backcancel');
    expect(e.ordered.footage).toBe(14);
    expect(e.split).toEqual({ ship: 7, backordered: 0, cancelled: 7, charged: 7 });
    expect(e.charged).toMatchObject({ footage: 7, quantity: 1, joinFee: '3.00', total: '87.00' });
  });

  it('in stock: the whole line, no split', () => {
    const e = estimateLine(
      moulding,
      account,
      { type: 'length', length: '3 1/2', location: 'C' },
      { Onhand: 50, CommitAmt: 0 },
      null,
    );
    expect(e.state).toBe(1);
    expect(e.charged.footage).toBe(3.5);
    expect(e.charged.total).toBe('34.69');
  });
});
