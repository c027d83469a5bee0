import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, money } from './money.ts';
import {
  type DiscountRow,
  levelOf,
  type PricedProduct,
  type PricingAccount,
  priceLine,
  unitNetPrice,
} from './pricing.ts';
import { discountRow, pricedMoulding } from './testing/priced-products.ts';

const moulding = pricedMoulding();

const d = discountRow;

const account = (
  discounts: DiscountRow[],
  glassCode: string | null = null,
  matCode: string | null = null,
): PricingAccount => ({
  discounts,
  glassCode,
  matCode,
});
const dim = (length: number, width: number) => ({ length, length_fraction: 0, width, width_fraction: 0 });

describe('moulding prices (storefront §9 discount rules)', () => {
  it('length: the vendor letter L discount', () => {
    const line = priceLine(moulding, account([d('R', 'L', '25'), d('', 'Length', '10')]), {
      type: 'length',
      length: 20,
      location: 'C',
    });
    expect(line).toMatchObject({
      footage: 20,
      listPrice: '4.00',
      discountRate: '25.00',
      unitPrice: '3.00',
      total: '60.00',
      pcode: 'L',
    });
  });

  it('falls back to the FrameLine entry, then to the general key', () => {
    expect(
      priceLine(moulding, account([d('A', 'L', '15'), d('', 'Length', '10')]), { type: 'length', length: 10 })
        .unitPrice,
    ).toBe('3.40');
    expect(
      priceLine(moulding, account([d('', 'Length', '10')]), { type: 'length', length: 10 }).unitPrice,
    ).toBe('3.60');
    expect(priceLine(moulding, account([]), { type: 'length', length: 10 }).unitPrice).toBe('4.00');
  });

  it('Denver keys apply to lines shipped from Denver', () => {
    const acct = account([
      d('', 'Length', '10'),
      d('', 'Denver_Length', '20'),
      d('', 'Chop', '10'),
      d('', 'Denver_Chop', '30'),
    ]);
    expect(priceLine(moulding, acct, { type: 'length', length: 10, location: 'G' }).unitPrice).toBe('3.20');
    expect(priceLine(moulding, acct, { type: 'length', length: 10, location: 'C' }).unitPrice).toBe('3.60');
    expect(
      priceLine(moulding, acct, { type: 'chop', quantity: 1, dimension: dim(16, 20), location: 'G' })
        .unitPrice,
    ).toBe('4.20');
  });

  it('chop: 16 × 20 of 2" moulding is 7.5 ft at the chop price', () => {
    const line = priceLine(moulding, account([d('R', 'C', '10')]), {
      type: 'chop',
      quantity: 2,
      dimension: dim(16, 20),
    });
    expect(line).toMatchObject({ footage: 15, unitPrice: '5.40', total: '81.00', pcode: 'C' });
  });

  it('join adds the join fee a frame, and the oversize fee over 100 united inches', () => {
    const acct = account([d('R', 'J', '10', '2.50', '4.00')]);
    const small = priceLine(moulding, acct, { type: 'join', quantity: 2, dimension: dim(16, 20) });
    expect(small).toMatchObject({
      footage: 15,
      unitPrice: '7.20',
      joinFee: '5.00',
      total: '113.00',
      pcode: 'J',
    });
    const big = priceLine(moulding, acct, { type: 'join', quantity: 1, dimension: dim(40, 61) });
    expect(big.joinFee).toBe('6.50');
    // without a vendor entry, the product's own fees
    expect(
      priceLine(moulding, account([]), { type: 'join', quantity: 1, dimension: dim(40, 61) }).joinFee,
    ).toBe('8.00');
  });

  it('straight cut is discounted only by a vendor entry', () => {
    expect(
      priceLine(moulding, account([d('', 'Length', '10')]), {
        type: 'exact',
        quantity: 1,
        dimension: dim(30, 0),
      }).unitPrice,
    ).toBe('5.00');
    expect(
      priceLine(moulding, account([d('R', 'E', '20')]), {
        type: 'exact',
        quantity: 1,
        dimension: dim(30, 0),
      }),
    ).toMatchObject({
      unitPrice: '4.00',
      footage: 3,
      total: '12.00',
      pcode: 'E',
    });
  });

  it('box = 70% of the length price, no further discount, when box discounts are allowed', () => {
    const acct = account([d('R', 'L', '25')]);
    expect(priceLine(moulding, acct, { type: 'box', quantity: 2 })).toMatchObject({
      footage: 180,
      unitPrice: '2.80',
      total: '504.00',
      pcode: 'B',
    });
    // not allowed: the length price with the length discount
    expect(priceLine({ ...moulding, box_nodiscount: 1 }, acct, { type: 'box', quantity: 1 })).toMatchObject({
      unitPrice: '3.00',
      total: '270.00',
    });
  });

  it('BYPASS skips every discount', () => {
    const line = priceLine(
      { ...moulding, bypass: 'BYPASS' },
      account([d('R', 'L', '25'), d('', 'Length', '10')]),
      { type: 'length', length: 10 },
    );
    expect(line).toMatchObject({ unitPrice: '4.00', discountRate: '0.00', total: '40.00' });
  });
});

describe('glass, mats, foam board and hardware', () => {
  const glass: PricedProduct = {
    ...moulding,
    Code: 'GL-CONS',
    FrameType: 'GLASS',
    type: 2,
    Vendor: 'V',
    Glass1: '40.00',
    Glass2: '36.00',
    Glass3: '33.00',
    Glass4: '30.00',
    Mat5: '28.00',
  };
  const mat: PricedProduct = {
    ...moulding,
    Code: 'B8601',
    FrameType: 'MATS',
    type: 1,
    Vendor: 'N',
    Mat1: '10.00',
    Mat2: '8.00',
    Mat3: '7.30',
    Mat4: '7.10',
    Mat5: '6.00',
  };
  const foam: PricedProduct = { ...mat, Code: 'FB-3/16', type: 6 };
  const hardware: PricedProduct = {
    ...moulding,
    Code: 'HW-SAW',
    FrameType: 'HARDWARE',
    type: 5,
    Vendor: 'F',
    Hardware: '12.00',
  };

  it.each([
    [null, '40.00'],
    ['1', '40.00'],
    ['Plus', '36.00'],
    ['3', '33.00'],
    // glass code 4 uses Mat5
    ['4', '28.00'],
    ['Max', '28.00'],
  ])('glass code %j uses the right column (%s)', (code, price) => {
    expect(priceLine(glass, account([], code), { type: 'item', quantity: 1 }).unitPrice).toBe(price);
  });

  it('mats and foam board use Mat{n}; blank falls back to Mat1', () => {
    expect(priceLine(mat, account([], null, '3'), { type: 'item', quantity: 2 })).toMatchObject({
      unitPrice: '7.30',
      total: '14.60',
    });
    expect(priceLine(mat, account([], null, null), { type: 'item', quantity: 1 }).unitPrice).toBe('10.00');
    expect(
      priceLine(foam, account([d('', 'FoamBoard', '10')], null, '2'), { type: 'item', quantity: 1 })
        .unitPrice,
    ).toBe('7.20');
  });

  it('hardware has a general discount', () => {
    expect(
      priceLine(hardware, account([d('', 'Hardware', '15')]), { type: 'item', quantity: 3 }),
    ).toMatchObject({ unitPrice: '10.20', total: '30.60' });
  });

  it('level names and digits', () => {
    expect(levelOf('Premium', 4)).toBe(3);
    expect(levelOf('', 4)).toBe(1);
    expect(levelOf('9', 4)).toBe(1);
  });
});

describe('properties', () => {
  it('a line total equals unit price × footage + join fee, and never goes negative', () => {
    const rate = fc.integer({ min: 0, max: 60 }).map(String);
    fc.assert(
      fc.property(
        fc.constantFrom(
          'length' as const,
          'chop' as const,
          'join' as const,
          'exact' as const,
          'box' as const,
        ),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 96 }),
        fc.integer({ min: 0, max: 96 }),
        rate,
        (type, qty, l, w, r) => {
          const line = priceLine(
            moulding,
            account([d('R', 'L', r), d('R', 'C', r), d('R', 'J', r, '2.00', '3.00'), d('R', 'E', r)]),
            {
              type,
              quantity: qty,
              length: qty,
              dimension: dim(l, w),
            },
          );
          expect(Number(line.total)).toBeGreaterThanOrEqual(0);
          expect(line.total).toBe(cents(money(line.unitPrice).times(line.footage).plus(money(line.joinFee))));
        },
      ),
    );
  });
});

describe('unit net price of the listings', () => {
  it('a moulding: a foot of length under the vendor, Denver and bypass rules, equal to the cart line', () => {
    const acct = account([d('R', 'L', '25'), d('', 'Length', '10'), d('', 'Denver_Length', '30')]);
    expect(unitNetPrice(moulding, acct, 'C')).toEqual({
      list: '4.00',
      rate: '25.00',
      net: '3.00',
      unit: 'ft',
    });
    const general = { ...moulding, Vendor: 'Z', FrameLine: null };
    expect(unitNetPrice(general, acct, 'G').net).toBe('2.80');
    expect(unitNetPrice({ ...moulding, bypass: 'BYPASS' }, acct, 'C').net).toBe('4.00');
    for (const loc of ['C', 'G']) {
      const line = priceLine(general, acct, { type: 'length', length: 7, location: loc });
      expect(unitNetPrice(general, acct, loc).net).toBe(line.unitPrice);
    }
  });

  it("glass at the account's level, each", () => {
    const glass: PricedProduct = {
      ...moulding,
      FrameType: 'GLASS',
      type: 3,
      Glass1: '10.00',
      Glass2: '12.00',
      Glass3: '14.00',
      Glass4: '16.00',
    };
    expect(unitNetPrice(glass, account([d('', 'Glass', '10')], 'Premium'))).toEqual({
      list: '14.00',
      rate: '10.00',
      net: '12.60',
      unit: 'ea',
    });
  });

  it('no discount: the net price is the list price', () => {
    expect(unitNetPrice(moulding, account([])).net).toBe('4.00');
  });
});
