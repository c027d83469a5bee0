import type { DiscountRow, PricedProduct } from '../pricing.ts';

/**
 * What the pricing tests price: a moulding with every price column (changed by `overrides`), and an account's
 * discount entry. For tests only (nothing outside a test imports it).
 */
export function pricedMoulding(overrides: Partial<PricedProduct> = {}): PricedProduct {
  return {
    Code: 'FER-133-0412',
    FrameType: 'MOULDING',
    type: 4,
    Width: 2,
    Vendor: 'R',
    FrameLine: 'A',
    bypass: null,
    box_qty: 90,
    box_nodiscount: 0,
    Length: '4.00',
    Chop: '6.00',
    JoinAmt: '8.00',
    Length2: '5.00',
    Hardware: null,
    Glass1: null,
    Glass2: null,
    Glass3: null,
    Glass4: null,
    Mat1: null,
    Mat2: null,
    Mat3: null,
    Mat4: null,
    Mat5: null,
    Readymade: null,
    join_fee: '3.00',
    join_os_fee: '5.00',
    ...overrides,
  };
}

/** One discount entry of an account: its vendor, key, rate and join fees. */
export const discountRow = (
  Vendor: string,
  key: string,
  DiscRate: string,
  JoinFee: string | null = null,
  JoinOSFee: string | null = null,
): DiscountRow => ({ Vendor, key, DiscRate, JoinFee, JoinOSFee });
