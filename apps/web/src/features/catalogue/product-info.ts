import type { AccountProduct, PublicProduct } from '@mitrebox/api-contract';
import {
  BOX_PRICE_FACTOR,
  formatInches,
  formatMoney,
  MOULDING_TYPE,
  money,
  ORDER_TYPE_LABELS,
  productTypeName,
} from '@mitrebox/domain';

/** How the product pages and cards read a product. Pure. */

export function productTitle(p: Pick<PublicProduct, 'display_name' | 'Description' | 'Code'>): string {
  return p.display_name?.trim() || p.Description?.trim() || p.Code;
}

export function isMoulding(p: Pick<PublicProduct, 'FrameType'>): boolean {
  return p.FrameType === 'MOULDING';
}

/** '2 1/2″' for mouldings (the width as a fraction); '' for everything else or no width. */
export function mouldingWidth(p: Pick<PublicProduct, 'FrameType' | 'Width' | 'width_display'>): string {
  if (!isMoulding(p)) return '';
  const text = p.width_display || formatInches(p.Width);
  return text && text !== '0' ? `${text}″` : '';
}

/** 'Ferrara · Antique Gold' — the collection and finish line of a card. */
export function collectionLine(p: Pick<PublicProduct, 'collection_name' | 'finish_name'>): string {
  return [p.collection_name, p.finish_name].filter((v): v is string => Boolean(v?.trim())).join(' · ');
}

export interface Fact {
  label: string;
  value: string;
}

const inches = (text: string | null | undefined) => (text && text !== '0' ? `${text}″` : '');

/** Every public attribute worth showing, in reading order; empty ones are left out. */
export function productFacts(p: PublicProduct): Fact[] {
  const typeName = productTypeName(p.type);
  const sheet = p.type === 1 || p.type === 2 || p.type === 6;
  const facts: Fact[] = [
    { label: 'Item #', value: p.Code },
    { label: 'Product type', value: typeName ?? p.FrameType },
    { label: 'Collection', value: p.collection_name ?? '' },
    { label: 'Finish', value: p.finish_name ?? '' },
    { label: 'Style', value: p.style_name ?? '' },
    { label: 'Color family', value: p.color_family ?? '' },
    { label: 'Profile', value: p.profile_type ?? '' },
    { label: sheet ? 'Thickness' : 'Width', value: inches(p.width_display || formatInches(p.Width)) },
    { label: 'Height', value: inches(formatInches(p.Height)) },
    { label: 'Rabbet depth', value: inches(p.rabbet_display || formatInches(p.rabbet)) },
    { label: isMoulding(p) ? 'Material' : 'Line', value: p.category ?? '' },
    { label: 'Manufacturer #', value: p.ManufCode ?? '' },
    { label: 'Box quantity', value: p.box_qty > 0 ? `${p.box_qty} ft` : '' },
    { label: 'Bin', value: p.fiLoc ?? '' },
  ];
  return facts.filter((f) => f.value.trim() !== '');
}

export interface PriceRow {
  label: string;
  /** '$12.50' */
  price: string;
  unit: string;
  note?: string;
}

const dollars = (v: Parameters<typeof formatMoney>[0]) => `$${formatMoney(v)}`;
const present = (v: string | null | undefined): v is string => v !== null && v !== undefined && v !== '';

/**
 * The list prices of a signed-in customer's product by order type (storefront §3 Product prices): mouldings by
 * length, chop, join, straight cut and box (70% of length when box discounts apply); mats and glass by price
 * level; everything else each. Account discounts are applied in the add-to-cart dialog and the cart.
 */
export function listPrices(p: AccountProduct): PriceRow[] {
  const rows: PriceRow[] = [];
  const add = (label: string, value: string | null | undefined, unit: string, note?: string) => {
    if (present(value)) rows.push({ label, price: dollars(value), unit, note });
  };
  if (p.type === MOULDING_TYPE) {
    add(ORDER_TYPE_LABELS.length, p.Length, 'per ft');
    add(ORDER_TYPE_LABELS.chop, p.Chop, 'per ft');
    add(ORDER_TYPE_LABELS.join, p.JoinAmt, 'per ft');
    add(ORDER_TYPE_LABELS.exact, p.Length2, 'per ft');
    if (p.box_qty > 0 && present(p.Length)) {
      const boxed = !p.box_nodiscount;
      rows.push({
        label: ORDER_TYPE_LABELS.box,
        price: dollars(boxed ? money(p.Length).times(BOX_PRICE_FACTOR) : p.Length),
        unit: 'per ft',
        note: `${p.box_qty} ft a box${boxed ? ' · 30% off length' : ''}`,
      });
    }
    if (present(p.join_fee) && money(p.join_fee).gt(0)) add('Join fee', p.join_fee, 'per frame');
    return rows;
  }
  switch (p.FrameType) {
    case 'MATS':
      for (const n of [1, 2, 3, 4, 5] as const) add(`Level ${n}`, p[`Mat${n}`], 'per sheet');
      return rows;
    case 'GLASS':
      add('Basic', p.Glass1, 'per sheet');
      add('Plus', p.Glass2, 'per sheet');
      add('Premium', p.Glass3, 'per sheet');
      add('Max', p.Mat5 ?? p.Glass4, 'per sheet');
      return rows;
    case 'MOULDING':
      add('Length', p.Length, 'per ft');
      return rows;
    default:
      add(
        p.type === 13 ? 'Readymade' : 'Each',
        p.type === 13 ? (p.Readymade ?? p.Hardware) : p.Hardware,
        'each',
      );
      return rows;
  }
}

/** The headline price of a card: the first list price ('$4.25 per ft'), or ''. */
export function headlinePrice(p: AccountProduct): string {
  const first = listPrices(p)[0];
  return first ? `${first.price} ${first.unit}` : '';
}

export interface NetPriceText {
  /** '$4.00' — the list price the account's price comes from. */
  list: string;
  /** '$3.00' — the account's own price of the unit. */
  net: string;
  /** 'per ft' or 'each'. */
  unit: string;
  /** '25% off', or '' when the account pays list. */
  off: string;
}

/** The account's net price of a unit beside its list price, or null when the answer has none. */
export function netPriceText(p: AccountProduct): NetPriceText | null {
  const n = p.net_price;
  if (!n) return null;
  const rate = money(n.rate);
  return {
    list: dollars(n.list),
    net: dollars(n.net),
    unit: n.unit === 'ft' ? 'per ft' : 'each',
    off: rate.gt(0) ? `${rate.toFixed(rate.round(0).eq(rate) ? 0 : 2)}% off` : '',
  };
}

export const isBypass = (p: AccountProduct) => (p.bypass ?? '').trim().toUpperCase() === 'BYPASS';

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
export const formatQty = (n: number) => count.format(n);
