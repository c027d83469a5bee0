import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, money } from './money.ts';
import { netPricesOf } from './price-list.ts';
import { netPriceSheet } from './price-sheet.ts';
import { type PricedProduct, type PricingAccount, priceLine } from './pricing.ts';
import { discountRow as entry, pricedMoulding } from './testing/priced-products.ts';

/**
 * The price sheet (price-sheet.ts) gives the figures of netPricesOf — priceLine as the cart prices — for any
 * catalogue and account: one sheet prices many products, its looked-up discounts shared between them.
 */

const moulding = pricedMoulding();

const d = entry;

const account: PricingAccount = {
  glassCode: 'Premium',
  matCode: '2',
  discounts: [
    d('R', 'L', '35.00'),
    d('R', 'C', '25.00'),
    d('R', 'J', '25.00', '3.50', '7.00'),
    d('R', 'E', '15.00'),
    d('', 'Length', '30.00'),
    d('', 'Chop', '20.00'),
    d('', 'Join', '20.00', '4.00', '8.00'),
    d('', 'Denver_Length', '33.33'),
  ],
};

describe('the price sheet', () => {
  it('prices a moulding as netPricesOf does: every kind, the join fees, the box at 70% of length', () => {
    const sheet = netPriceSheet(account, 'C');
    expect(sheet(moulding)).toEqual(netPricesOf(moulding, account, 'C'));
    expect(sheet(moulding)).toEqual([
      { kind: 'length', unit: 'ft', list: '4.00', rate: '35.00', net: '2.60' },
      { kind: 'chop', unit: 'ft', list: '6.00', rate: '25.00', net: '4.50' },
      {
        kind: 'join',
        unit: 'ft',
        list: '8.00',
        rate: '25.00',
        net: '6.00',
        joinFee: '3.50',
        oversizeJoinFee: '7.00',
      },
      { kind: 'exact', unit: 'ft', list: '5.00', rate: '15.00', net: '4.25' },
      { kind: 'box', unit: 'ft', list: '2.80', rate: '0.00', net: '2.80', boxFeet: 90 },
    ]);
  });

  it('rounds half a cent up, as the cart does', () => {
    const sheet = netPriceSheet({ discounts: [d('', 'Length', '10.00')] }, null);
    const odd = { ...moulding, Vendor: null, FrameLine: null, Length: '0.05', box_qty: 1 };
    // 0.045 → 0.05 a foot; a box at 70%: 0.035 → 0.04
    expect(sheet(odd).find((p) => p.kind === 'length')?.net).toBe('0.05');
    expect(sheet(odd).find((p) => p.kind === 'box')?.list).toBe('0.04');
    expect(sheet(odd)).toEqual(netPricesOf(odd, { discounts: [d('', 'Length', '10.00')] }, null));
  });

  it('prices amounts that are not plain cents (more decimals, a billion, a surcharge) as netPricesOf does', () => {
    const sheet = netPriceSheet({ discounts: [d('R', 'L', '12.345'), d('R', 'C', '150')] }, 'G');
    for (const odd of [
      { ...moulding, Length: '4.125' },
      { ...moulding, Chop: '1234567890.50' },
      { ...moulding, JoinAmt: 'abc', join_fee: '' },
      { ...moulding, Length: '.5', Length2: null },
    ])
      expect(sheet(odd)).toEqual(
        netPricesOf(odd, { discounts: [d('R', 'L', '12.345'), d('R', 'C', '150')] }, 'G'),
      );
  });

  it('keeps apart what one vendor sells under different keys: a foam board takes FoamBoard, a mat does not', () => {
    const item = { ...moulding, Vendor: 'N', FrameLine: null, box_qty: 0, Mat1: '10.00', Mat2: '9.00' };
    const mat = { ...item, type: 1, FrameType: 'MATS' };
    const foam = { ...item, type: 6, FrameType: 'MATS' };
    const acct = { matCode: '2', discounts: [d('', 'FoamBoard', '5.00')] };
    for (const order of [
      [mat, foam],
      [foam, mat],
    ]) {
      const sheet = netPriceSheet(acct, 'C');
      for (const p of order) expect(sheet(p)).toEqual(netPricesOf(p, acct, 'C'));
    }
    expect(netPriceSheet(acct, 'C')(foam)[0]).toMatchObject({ kind: 'sheet', list: '9.00', net: '8.55' });
    expect(netPriceSheet(acct, 'C')(mat)[0]).toMatchObject({ kind: 'sheet', list: '9.00', net: '9.00' });
  });

  it('shows the oversize join fee the cart adds to a frame over 100 united inches', () => {
    const join = (width: number) =>
      priceLine(moulding, account, {
        type: 'join',
        quantity: 1,
        dimension: { length: 60, length_fraction: 0, width, width_fraction: 0 },
      });
    const oversize = cents(money(join(41).joinFee).minus(money(join(20).joinFee)));
    const listed = netPricesOf(moulding, account).find((p) => p.kind === 'join');
    expect(listed?.oversizeJoinFee).toBe(oversize);
    expect(oversize).toBe('7.00');
    // exactly 100 united inches is not over
    expect(join(40).joinFee).toBe(join(20).joinFee);
  });
});

/** Amounts as the database writes them, and now and then one it does not (more decimals, blank, not a number). */
const amount = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 99_999 }).map((c) => (c / 100).toFixed(2)) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 9_999 }).map((c) => (c / 10).toFixed(1)) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 999_999 }).map((c) => (c / 1000).toFixed(3)) },
  { weight: 1, arbitrary: fc.constantFrom('0', '12', '', 'n/a', '2000000000.00', '-1.00') },
);
const rate = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 10_000 }).map((h) => (h / 100).toFixed(2)) },
  { weight: 1, arbitrary: fc.constantFrom('12.345', '-5.00', '100', '150.00', '') },
);
const vendors = ['R', 'P', 'D', 'W'];
const lines = ['A', 'B', 'R'];

const discountRow = fc.record({
  Vendor: fc.constantFrom('', ...vendors, ...lines),
  key: fc.constantFrom(
    'L',
    'C',
    'J',
    'E',
    'H',
    'G',
    'M',
    'Length',
    'Chop',
    'Join',
    'Hardware',
    'Glass',
    'FoamBoard',
    'Denver_Length',
    'Denver_Chop',
    'Denver_Join',
    'Denver_Glass',
  ),
  DiscRate: rate,
  JoinFee: fc.option(amount),
  JoinOSFee: fc.option(amount),
});

const pricingAccount: fc.Arbitrary<PricingAccount> = fc.record({
  glassCode: fc.option(fc.constantFrom('1', '2', '3', '4', 'Basic', 'Plus', 'Premium', 'Max', 'x')),
  matCode: fc.option(fc.constantFrom('1', '2', '3', '4', '5', '9')),
  discounts: fc.array(discountRow, { maxLength: 25 }),
});

const product: fc.Arbitrary<PricedProduct> = fc
  .record({
    kind: fc.constantFrom(
      ...(
        [
          [4, 'MOULDING'],
          [4, 'MOULDING'],
          [4, 'MOULDING'],
          [3, 'MOULDING'],
          [1, 'MATS'],
          [6, 'MATS'],
          [2, 'GLASS'],
          [5, 'HARDWARE'],
          [13, 'HARDWARE'],
          [14, 'HARDWARE'],
        ] as const
      ).map(([type, FrameType]) => ({ type, FrameType })),
    ),
    Width: fc.option(fc.constantFrom(0.5, 1, 1.5, 2.125, 3.75)),
    Vendor: fc.option(fc.constantFrom('', ...vendors)),
    FrameLine: fc.option(fc.constantFrom('', ...lines)),
    bypass: fc.option(fc.constantFrom('', 'BYPASS', ' bypass ', 'no')),
    box_qty: fc.constantFrom(0, 0, 50, 90),
    box_nodiscount: fc.constantFrom(0, 1),
    prices: fc.array(fc.option(amount), { minLength: 17, maxLength: 17 }),
  })
  .map(({ kind: { type, FrameType }, prices, ...rest }) => {
    const [Length, Chop, JoinAmt, Length2, Hardware, G1, G2, G3, G4, M1, M2, M3, M4, M5, Readymade, jf, jos] =
      prices;
    return {
      Code: 'P-1',
      type: type as number,
      FrameType: FrameType as string,
      ...rest,
      Length: Length ?? null,
      Chop: Chop ?? null,
      JoinAmt: JoinAmt ?? null,
      Length2: Length2 ?? null,
      Hardware: Hardware ?? null,
      Glass1: G1 ?? null,
      Glass2: G2 ?? null,
      Glass3: G3 ?? null,
      Glass4: G4 ?? null,
      Mat1: M1 ?? null,
      Mat2: M2 ?? null,
      Mat3: M3 ?? null,
      Mat4: M4 ?? null,
      Mat5: M5 ?? null,
      Readymade: Readymade ?? null,
      join_fee: jf ?? null,
      join_os_fee: jos ?? null,
    };
  });

describe('properties', () => {
  it('one sheet gives every product of a catalogue the figures of netPricesOf, for any account and warehouse', () => {
    fc.assert(
      fc.property(
        pricingAccount,
        fc.constantFrom('C', 'G', 'N', null),
        fc.array(product, { minLength: 1, maxLength: 40 }),
        (acct, location, catalogue) => {
          const sheet = netPriceSheet(acct, location);
          for (const p of catalogue) expect(sheet(p)).toEqual(netPricesOf(p, acct, location));
        },
      ),
      { numRuns: 300 },
    );
  });
});
