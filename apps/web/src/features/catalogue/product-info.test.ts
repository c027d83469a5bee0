import type { AccountProduct, PublicProduct } from '@mitrebox/api-contract';
import { describe, expect, it } from 'vitest';
import {
  collectionLine,
  headlinePrice,
  listPrices,
  mouldingWidth,
  netPriceText,
  productFacts,
  productTitle,
} from './product-info.ts';

const moulding: PublicProduct = {
  Code: 'FER-133-0412',
  Description: 'Ferrara ornate scoop moulding',
  display_name: 'Ferrara 2-1/4" Antique Gold',
  FrameType: 'MOULDING',
  type: 4,
  category: 'Basswood',
  Width: 2.25,
  width_display: '2 1/4',
  Height: 1.375,
  rabbet: 0.3125,
  rabbet_display: '5/16',
  ManufCode: null,
  fiLoc: 'F42',
  collection_id: 133,
  collection_name: 'Ferrara',
  finish_name: 'Antique Gold',
  style_name: 'Ornate',
  color_family: 'Gold',
  profile_type: 'Scoop',
  box_qty: 90,
  image: '/cdn/frames/FER-133-0412.jpg',
};

const noPrices = {
  Length: null,
  Chop: null,
  JoinAmt: null,
  Length2: null,
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
};

const account = (p: PublicProduct, extra: Partial<AccountProduct>): AccountProduct => ({
  ...p,
  ...noPrices,
  Vendor: 'R',
  FrameLine: 'A',
  bypass: null,
  box_nodiscount: 0,
  join_fee: null,
  join_os_fee: null,
  stock: [],
  available_here: 0,
  stocked_here: true,
  ...extra,
});

describe('product reading', () => {
  it('names, widths and the collection line', () => {
    expect(productTitle(moulding)).toBe('Ferrara 2-1/4" Antique Gold');
    expect(productTitle({ ...moulding, display_name: '', Description: '' })).toBe('FER-133-0412');
    expect(mouldingWidth(moulding)).toBe('2 1/4″');
    expect(mouldingWidth({ ...moulding, FrameType: 'MATS' })).toBe('');
    expect(collectionLine(moulding)).toBe('Ferrara · Antique Gold');
    expect(collectionLine({ collection_name: null, finish_name: 'White' })).toBe('White');
  });

  it('lists every public attribute, leaving out empty ones', () => {
    const facts = Object.fromEntries(productFacts(moulding).map((f) => [f.label, f.value]));
    expect(facts).toMatchObject({
      'Item #': 'FER-133-0412',
      'Product type': 'Mouldings',
      Width: '2 1/4″',
      Height: '1 3/8″',
      'Rabbet depth': '5/16″',
      'Box quantity': '90 ft',
      Material: 'Basswood',
    });
    expect(facts['Manufacturer #']).toBeUndefined();
  });
});

describe('list prices', () => {
  it('prices a moulding by order type, box at 70% of length', () => {
    const p = account(moulding, {
      Length: '11.00',
      Chop: '14.85',
      JoinAmt: '17.60',
      Length2: '12.10',
      join_fee: '4.00',
    });
    expect(listPrices(p).map((r) => `${r.label} ${r.price} ${r.unit}`)).toEqual([
      'Length $11.00 per ft',
      'Chop $14.85 per ft',
      'Join $17.60 per ft',
      'Straight Cut $12.10 per ft',
      'Box $7.70 per ft',
      'Join fee $4.00 per frame',
    ]);
    expect(headlinePrice(p)).toBe('$11.00 per ft');
  });

  it('keeps the length price for a box without box discount, and no box without a box quantity', () => {
    const p = account(moulding, { Length: '10.00', box_nodiscount: 1 });
    expect(listPrices(p).find((r) => r.label === 'Box')?.price).toBe('$10.00');
    expect(listPrices(account({ ...moulding, box_qty: 0 }, { Length: '10.00' })).map((r) => r.label)).toEqual(
      ['Length'],
    );
  });

  it('prices mats and glass by level and hardware each, with thousands separators', () => {
    const mat = account({ ...moulding, FrameType: 'MATS', type: 1 }, { Mat1: '8.55', Mat2: '6.84' });
    expect(listPrices(mat).map((r) => r.label)).toEqual(['Level 1', 'Level 2']);
    const glass = account({ ...moulding, FrameType: 'GLASS', type: 2 }, { Glass1: '1234.5', Mat5: '20' });
    expect(listPrices(glass).map((r) => `${r.label} ${r.price}`)).toEqual(['Basic $1,234.50', 'Max $20.00']);
    const hardware = account({ ...moulding, FrameType: 'HARDWARE', type: 5 }, { Hardware: '3.2' });
    expect(headlinePrice(hardware)).toBe('$3.20 each');
  });
});

describe('net price beside the list price', () => {
  it('reads the answer of the server, per foot or each', () => {
    const p = account(moulding, { net_price: { list: '4.00', rate: '25.00', net: '3.00', unit: 'ft' } });
    expect(netPriceText(p)).toEqual({ list: '$4.00', net: '$3.00', unit: 'per ft', off: '25% off' });
    const each = account(moulding, { net_price: { list: '12.00', rate: '12.50', net: '10.50', unit: 'ea' } });
    expect(netPriceText(each)).toMatchObject({ unit: 'each', off: '12.50% off' });
    const list = account(moulding, { net_price: { list: '4.00', rate: '0.00', net: '4.00', unit: 'ft' } });
    expect(netPriceText(list)?.off).toBe('');
    expect(netPriceText(account(moulding, {}))).toBeNull();
  });
});
