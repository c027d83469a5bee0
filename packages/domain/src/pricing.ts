import Big from 'big.js';
import {
  type Dimension,
  lineFootage,
  type MouldingOrderType,
  ORDER_TYPE_CODES,
  quantityOf,
  unitedInches,
} from './footage.ts';
import { cents, type Money, money } from './money.ts';
import { MOULDING_TYPE } from './product-types.ts';

/** Box price = 70% of the length price when box discounts are allowed (storefront §9). */
export const BOX_PRICE_FACTOR = '0.70';
/** A joined frame over this many united inches also pays the oversize join fee (docs/decisions/003). */
export const OVERSIZE_JOIN_UNITED_INCHES = 100;

export interface PriceColumns {
  Length: Money | null;
  Chop: Money | null;
  JoinAmt: Money | null;
  Length2: Money | null;
  Hardware: Money | null;
  Glass1: Money | null;
  Glass2: Money | null;
  Glass3: Money | null;
  Glass4: Money | null;
  Mat1: Money | null;
  Mat2: Money | null;
  Mat3: Money | null;
  Mat4: Money | null;
  Mat5: Money | null;
  Readymade: Money | null;
}

export interface PricedProduct extends PriceColumns {
  Code: string;
  FrameType: string;
  type: number;
  Width: number | null;
  Vendor: string | null;
  FrameLine: string | null;
  bypass: string | null;
  box_qty: number;
  box_nodiscount: number;
  join_fee?: Money | null;
  join_os_fee?: Money | null;
}

/** One discount entry of the account (storefront §3 Discounts). Vendor '' holds the general keys. */
export interface DiscountRow {
  Vendor: string;
  key: string;
  DiscRate: Money;
  JoinFee: Money | null;
  JoinOSFee: Money | null;
}

export interface PricingAccount {
  /** Glass level (G_Disc): 1–4 or Basic, Plus, Premium, Max. */
  glassCode?: string | null;
  /** Mat / board level (B_Disc): 1–5. */
  matCode?: string | null;
  discounts: DiscountRow[];
}

export type LineKind = MouldingOrderType | 'item';

export interface LineSelection {
  type: LineKind;
  quantity?: number | string | null;
  /** Feet, for a length order. */
  length?: number | string | null;
  dimension?: Partial<Dimension> | null;
  /** Warehouse letter the line ships from. */
  location?: string | null;
}

export interface PricedLine {
  /** Feet of moulding for moulding lines; 0 for items. */
  footage: number;
  /** Pieces for items and frames for chop/join/straight cut; boxes for box. */
  quantity: number;
  /** How the unit is counted: per foot or each. */
  unit: 'ft' | 'ea';
  listPrice: Money;
  discountRate: Money;
  unitPrice: Money;
  joinFee: Money;
  total: Money;
  /** The T code of the line (L, C, J, E, B; blank for items). */
  pcode: string;
}

const GLASS_LEVELS: Record<string, number> = { basic: 1, plus: 2, premium: 3, max: 4 };

/** The account's level as 1–5 from '3' or 'Premium'; blank or unknown is 1. */
export function levelOf(code: string | null | undefined, max: number): number {
  const text = (code ?? '').trim().toLowerCase();
  const n = GLASS_LEVELS[text] ?? Number(text);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : 1;
}

const isBypass = (p: PricedProduct) => (p.bypass ?? '').trim().toUpperCase() === 'BYPASS';

/**
 * The percent off for a price letter (L length, C chop, J join, E exact, H hardware, G glass, M mat):
 * the entry of the product's vendor, else of its FrameLine, else — except for straight cut, which only a
 * vendor discounts — the general key (Denver_* when shipped from Denver and the account has one).
 */
export function discountEntry(
  product: PricedProduct,
  account: PricingAccount,
  letter: string,
  general: string | null,
  location?: string | null,
): DiscountRow | undefined {
  if (isBypass(product)) return undefined;
  const find = (vendor: string | null | undefined, key: string) =>
    vendor ? account.discounts.find((d) => d.Vendor === vendor && d.key === key) : undefined;
  const byVendor = find(product.Vendor, letter) ?? find(product.FrameLine, letter);
  if (byVendor || !general) return byVendor;
  if (location === 'G') {
    const denver = account.discounts.find((d) => d.Vendor === '' && d.key === `Denver_${general}`);
    if (denver) return denver;
  }
  return account.discounts.find((d) => d.Vendor === '' && d.key === general);
}

/** The list price a line starts from and the discount letter and general key that take percent off it. */
export interface PriceBasis {
  list: Money;
  letter: string;
  general: string | null;
  unit: 'ft' | 'ea';
}

/** Which price column and discount letter an item (not a moulding order) uses. */
export function itemBasis(product: PricedProduct, account: PricingAccount): PriceBasis {
  const bypass = isBypass(product);
  switch (product.FrameType) {
    case 'GLASS': {
      // glass code 4 uses Mat5; other codes Glass{n}; blank Glass1
      const n = bypass ? 1 : levelOf(account.glassCode, 4);
      const list = n === 4 ? product.Mat5 : product[`Glass${n}` as 'Glass1'];
      return { list: list ?? product.Glass1 ?? '0', letter: 'G', general: 'Glass', unit: 'ea' };
    }
    case 'MATS': {
      // mats and foam board use Mat{n}; blank Mat1
      const n = bypass ? 1 : levelOf(account.matCode, 5);
      const list = product[`Mat${n}` as 'Mat1'] ?? product.Mat1 ?? '0';
      return { list, letter: 'M', general: product.type === 6 ? 'FoamBoard' : null, unit: 'ea' };
    }
    case 'MOULDING':
      // fillets and other mouldings sold by the piece are priced per foot of length
      return { list: product.Length ?? '0', letter: 'L', general: 'Length', unit: 'ft' };
    default: {
      const list = product.type === 13 ? (product.Readymade ?? product.Hardware) : product.Hardware;
      return { list: list ?? '0', letter: 'H', general: 'Hardware', unit: 'ea' };
    }
  }
}

/**
 * The price column and discount letter of each way a moulding is ordered (a box priced at 70% of length takes no
 * further discount; one without that discount is priced as length). Straight cut has no general key.
 */
export const MOULDING_PRICE_BASIS = {
  length: { column: 'Length', letter: 'L', general: 'Length' },
  box: { column: 'Length', letter: 'L', general: 'Length' },
  chop: { column: 'Chop', letter: 'C', general: 'Chop' },
  join: { column: 'JoinAmt', letter: 'J', general: 'Join' },
  exact: { column: 'Length2', letter: 'E', general: null },
} as const satisfies Record<
  MouldingOrderType,
  { column: keyof PriceColumns; letter: string; general: string | null }
>;

/** The price of one unit at `rate` percent off `list`, rounded to cents (half up). */
const discountedPrice = (list: Money, rate: Big): Money =>
  cents(money(list).times(new Big(100).minus(rate)).div(100));

/**
 * Prices one cart line under every discount rule of storefront §9. The unit price is rounded to cents first,
 * so the customer can multiply what is shown: total = unit price × footage (or quantity) + join fees.
 */
export function priceLine(product: PricedProduct, account: PricingAccount, sel: LineSelection): PricedLine {
  const location = sel.location ?? null;
  if (sel.type === 'item') {
    const basis = itemBasis(product, account);
    const entry = discountEntry(product, account, basis.letter, basis.general, location);
    const quantity = quantityOf(sel.quantity, 0);
    const rate = money(entry?.DiscRate);
    const unitPrice = discountedPrice(basis.list, rate);
    return {
      footage: 0,
      quantity,
      unit: 'ea',
      listPrice: cents(basis.list),
      discountRate: rate.toFixed(2),
      unitPrice,
      joinFee: '0.00',
      total: cents(money(unitPrice).times(quantity)),
      pcode: '',
    };
  }

  const type = sel.type;
  const footage = lineFootage({
    type,
    quantity: sel.quantity,
    length: sel.length,
    dimension: sel.dimension,
    mouldingWidth: product.Width ?? 0,
    boxQty: product.box_qty,
  });
  const frames =
    type === 'length' ? 1 : type === 'box' ? quantityOf(sel.quantity, 0) : quantityOf(sel.quantity);
  let list: Money;
  let entry: DiscountRow | undefined;
  let rate = new Big(0);
  if (type === 'box' && product.box_qty > 0 && !product.box_nodiscount) {
    // 70% of the length price, and no further discount
    list = cents(money(product.Length).times(BOX_PRICE_FACTOR));
  } else {
    const basis = MOULDING_PRICE_BASIS[type];
    list = cents(product[basis.column] ?? '0');
    entry = discountEntry(product, account, basis.letter, basis.general, location);
    rate = money(entry?.DiscRate);
  }
  const unitPrice = discountedPrice(list, rate);

  let joinFee = new Big(0);
  if (type === 'join' && footage > 0) {
    const joinEntry = entry ?? discountEntry(product, account, 'J', 'Join', location);
    const fee = money(joinEntry?.JoinFee ?? product.join_fee ?? '0');
    const oversize =
      unitedInches(sel.dimension) > OVERSIZE_JOIN_UNITED_INCHES
        ? money(joinEntry?.JoinOSFee ?? product.join_os_fee ?? '0')
        : new Big(0);
    joinFee = fee.plus(oversize).times(frames);
  }

  return {
    footage,
    quantity: frames,
    unit: 'ft',
    listPrice: list,
    discountRate: rate.toFixed(2),
    unitPrice,
    joinFee: cents(joinFee),
    total: cents(money(unitPrice).times(footage).plus(joinFee)),
    pcode: ORDER_TYPE_CODES[type],
  };
}

export interface UnitNetPrice {
  /** The list price the account's net price comes from (its glass or mat level's column). */
  list: Money;
  /** Percent off. */
  rate: Money;
  /** The account's price of one unit, as the cart would charge it. */
  net: Money;
  /** Per foot of moulding, or each. */
  unit: 'ft' | 'ea';
}

/**
 * The account's price of one unit of a product for the listings (docs/decisions/009-net-prices-in-listings.md): a
 * foot of length for mouldings, one piece for everything else, under the same rules as priceLine (vendor, FrameLine,
 * general and Denver keys, bypass, glass and mat levels). Join fees and box prices belong to the dialog, not to the
 * listing.
 */
export function unitNetPrice(
  product: PricedProduct,
  account: PricingAccount,
  location?: string | null,
): UnitNetPrice {
  const moulding = product.type === MOULDING_TYPE;
  const line = priceLine(product, account, {
    type: moulding ? 'length' : 'item',
    length: 1,
    quantity: 1,
    location: location ?? null,
  });
  return {
    list: line.listPrice,
    rate: line.discountRate,
    net: line.unitPrice,
    unit: product.FrameType === 'MOULDING' ? 'ft' : 'ea',
  };
}
