import { money } from './money.ts';
import { itemKind, type NetPrice, netPricesOf } from './price-list.ts';
import {
  BOX_PRICE_FACTOR,
  type DiscountRow,
  discountEntry,
  itemBasis,
  MOULDING_PRICE_BASIS,
  type PricedProduct,
  type PricingAccount,
} from './pricing.ts';
import { MOULDING_TYPE } from './product-types.ts';

/**
 * An account's price sheet: netPricesOf for a whole catalogue at once (the price list's 100,000 products, the
 * point-of-sale API's pages), the same figures without pricing six cart lines per moulding. What a price's discount
 * depends on — the product's vendor, frame line and bypass, and the kind's letter and general key — is looked up
 * once per sheet (an account has a few dozen discount entries, a catalogue a few dozen vendors and lines), and the
 * arithmetic is done in whole cents, which is exact for amounts of at most two decimals (the database's prices and
 * rates); a product with any other amount is priced by netPricesOf itself. Make one per export or page: it holds
 * the account's discounts as they were read.
 */
export type PriceSheet = (product: PricedProduct) => NetPrice[];

interface Discount {
  entry: DiscountRow | undefined;
  /** Percent off as priceLine writes it ('30.00'). */
  rate: string;
  /** Percent off in hundredths (3000), or undefined when the rate has more than two decimals. */
  hundredths: number | undefined;
}

function discountOf(entry: DiscountRow | undefined): Discount {
  const rate = money(entry?.DiscRate);
  const hundredths = rate.times(100);
  return {
    entry,
    rate: rate.toFixed(2),
    hundredths: hundredths.eq(hundredths.round(0)) ? Number(hundredths.toFixed(0)) : undefined,
  };
}

const NO_DISCOUNT = discountOf(undefined);

/** An amount of at most two decimals and nine digits before them ('12.5', '3', '0.07'), in cents. */
const AMOUNT = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

function centsOf(amount: string): number | undefined {
  const m = AMOUNT.exec(amount);
  if (!m) return undefined;
  const fraction = m[2] === undefined ? 0 : Number(m[2]) * (m[2].length === 1 ? 10 : 1);
  return Number(m[1]) * 100 + fraction;
}

/** Cents as money is written ('1234.50'). */
const centsText = (c: number) => `${Math.floor(c / 100)}.${c % 100 < 10 ? '0' : ''}${c % 100}`;

/** `list` cents at `hundredths` hundredths of a percent off, rounded half up to the cent, as priceLine rounds. */
function discountedCents(list: number, hundredths: number): number | undefined {
  const scaled = list * (10_000 - hundredths); // cents × 10,000
  if (scaled < 0 || !Number.isSafeInteger(scaled)) return undefined;
  const rest = scaled % 10_000;
  return (scaled - rest) / 10_000 + (rest >= 5_000 ? 1 : 0);
}

/** A box at 70% of the length price is the length price at 30% off, rounded the same way. */
const BOX_HUNDREDTHS_OFF = 10_000 - Number(money(BOX_PRICE_FACTOR).times(10_000).toFixed(0));

export function netPriceSheet(account: PricingAccount, location?: string | null): PriceSheet {
  const loc = location ?? null;
  /** By what discountEntry reads of a product (its vendor, frame line and bypass), then by letter and general key. */
  const discounts = new Map<string, Map<string, Discount>>();

  /** The discounts of products sold under the product's vendor, frame line and bypass. */
  function theirs(product: PricedProduct): Map<string, Discount> {
    const who = `${product.Vendor ?? ''}\0${product.FrameLine ?? ''}\0${product.bypass ?? ''}`;
    let found = discounts.get(who);
    if (!found) {
      found = new Map();
      discounts.set(who, found);
    }
    return found;
  }

  function discount(
    their: Map<string, Discount>,
    product: PricedProduct,
    letter: string,
    general: string | null,
  ): Discount {
    const key = general === null ? letter : `${letter}\0${general}`;
    let found = their.get(key);
    if (!found) {
      found = discountOf(discountEntry(product, account, letter, general, loc));
      their.set(key, found);
    }
    return found;
  }

  function priced(kind: NetPrice['kind'], unit: NetPrice['unit'], list: number | undefined, d: Discount) {
    if (list === undefined || d.hundredths === undefined) return undefined;
    const net = discountedCents(list, d.hundredths);
    if (net === undefined) return undefined;
    return { kind, unit, list: centsText(list), rate: d.rate, net: centsText(net) } satisfies NetPrice;
  }

  function mouldingKind(
    product: PricedProduct,
    their: Map<string, Discount>,
    kind: keyof typeof MOULDING_PRICE_BASIS,
  ) {
    const basis = MOULDING_PRICE_BASIS[kind];
    return priced(
      kind,
      'ft',
      centsOf(product[basis.column] ?? '0'),
      discount(their, product, basis.letter, basis.general),
    );
  }

  /** netPricesOf of a moulding, or undefined when an amount is not plain cents. */
  function mouldingPrices(product: PricedProduct): NetPrice[] | undefined {
    const their = theirs(product);
    const length = mouldingKind(product, their, 'length');
    const chop = mouldingKind(product, their, 'chop');
    const join = mouldingKind(product, their, 'join');
    // the fees per frame joined: the join entry's, else the product's (priceLine)
    const entry = discount(their, product, 'J', 'Join').entry;
    const fee = centsOf(entry?.JoinFee ?? product.join_fee ?? '0');
    const oversize = centsOf(entry?.JoinOSFee ?? product.join_os_fee ?? '0');
    if (!length || !chop || !join || fee === undefined || oversize === undefined) return undefined;
    const prices: NetPrice[] = [
      length,
      chop,
      { ...join, joinFee: centsText(fee), oversizeJoinFee: centsText(oversize) },
    ];
    if (product.Length2 !== null && product.Length2 !== undefined) {
      const exact = mouldingKind(product, their, 'exact');
      if (!exact) return undefined;
      prices.push(exact);
    }
    if (product.box_qty > 0) {
      const box = product.box_nodiscount
        ? mouldingKind(product, their, 'box')
        : priced('box', 'ft', boxCents(product), NO_DISCOUNT);
      if (!box) return undefined;
      prices.push({ ...box, boxFeet: product.box_qty });
    }
    return prices;
  }

  function boxCents(product: PricedProduct) {
    const length = centsOf(product.Length ?? '0');
    return length === undefined ? undefined : discountedCents(length, BOX_HUNDREDTHS_OFF);
  }

  function itemPrices(product: PricedProduct): NetPrice[] | undefined {
    const basis = itemBasis(product, account);
    const { kind, unit } = itemKind(product);
    const d = discount(theirs(product), product, basis.letter, basis.general);
    const price = priced(kind, unit, centsOf(basis.list), d);
    return price && [price];
  }

  return (product) =>
    (product.type === MOULDING_TYPE ? mouldingPrices(product) : itemPrices(product)) ??
    netPricesOf(product, account, loc);
}
