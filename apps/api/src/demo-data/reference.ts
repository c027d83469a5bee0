/**
 * Reference data of the demo shop: warehouses, the numeric product-type scheme, colour families, profile
 * types, finishes, vendors, discount level names and payment statuses. See
 * docs/decisions/002-product-types-and-demo-data.md for the reasoning behind the numbers.
 */

export const LOCATION_ROWS = [
  {
    code: 'C',
    name: 'New Orleans',
    addr1: '4400 Tchoupitoulas St',
    addr2: null,
    city: 'New Orleans',
    state: 'LA',
    zip: '70115',
    phone: '504-555-0180',
    sortOrder: 1,
  },
  {
    code: 'B',
    name: 'Greensboro',
    addr1: '7021 Albert Pick Rd',
    addr2: 'Suite 100',
    city: 'Greensboro',
    state: 'NC',
    zip: '27409',
    phone: '336-555-0120',
    sortOrder: 2,
  },
  {
    code: 'E',
    name: 'Tampa',
    addr1: '5010 W Knox St',
    addr2: null,
    city: 'Tampa',
    state: 'FL',
    zip: '33634',
    phone: '813-555-0135',
    sortOrder: 3,
  },
  {
    code: 'G',
    name: 'Denver',
    addr1: '4800 Dahlia St',
    addr2: 'Dock 4',
    city: 'Denver',
    state: 'CO',
    zip: '80216',
    phone: '303-555-0147',
    sortOrder: 4,
  },
] as const;

export const LOCATION_CODES = ['B', 'C', 'E', 'G'] as const;
export type LocationCode = (typeof LOCATION_CODES)[number];

/**
 * The numeric product `type` scheme. 4 is the spec's moulding sold by length (the shop's default filter);
 * moulding filter groups are hidden for 1, 2, 3, 6, 13, 14; the quantity rule applies to 1, 2, 3, 5.
 */
export const PRODUCT_TYPE = {
  MATS: 1,
  GLASS: 2,
  FILLETS: 3,
  MOULDINGS: 4,
  HARDWARE: 5,
  FOAM_BOARD: 6,
  READYMADE: 13,
  SUPPLIES: 14,
} as const;

export const PRODUCT_TYPE_ROWS = [
  { value: 4, name: 'Mouldings', sortOrder: 1 },
  { value: 1, name: 'Mats', sortOrder: 2 },
  { value: 2, name: 'Glass', sortOrder: 3 },
  { value: 3, name: 'Fillets', sortOrder: 4 },
  { value: 5, name: 'Hardware', sortOrder: 5 },
  { value: 6, name: 'Foam Board', sortOrder: 6 },
  { value: 13, name: 'Readymade Frames', sortOrder: 7 },
  { value: 14, name: 'Supplies', sortOrder: 8 },
];

export const COLOR_FAMILY = {
  Gold: 1,
  Silver: 2,
  Black: 3,
  White: 4,
  Brown: 5,
  Natural: 6,
  Bronze: 7,
  Gray: 8,
  Red: 9,
  Blue: 10,
  Green: 11,
  Cream: 12,
} as const;
export type ColorFamilyName = keyof typeof COLOR_FAMILY;

export const COLOR_FAMILY_ROWS = [
  { id: 1, name: 'Gold' },
  { id: 2, name: 'Silver' },
  { id: 3, name: 'Black' },
  { id: 4, name: 'White' },
  { id: 5, name: 'Brown' },
  { id: 6, name: 'Natural Wood' },
  { id: 7, name: 'Bronze & Copper' },
  { id: 8, name: 'Gray' },
  { id: 9, name: 'Red' },
  { id: 10, name: 'Blue' },
  { id: 11, name: 'Green' },
  { id: 12, name: 'Cream & Ivory' },
];

export const PROFILE = {
  Flat: 1,
  Scoop: 2,
  Reverse: 3,
  Cap: 4,
  Bevel: 5,
  Floater: 6,
  Rounded: 7,
  Stepped: 8,
  Box: 9,
} as const;
export type ProfileName = keyof typeof PROFILE;

export const PROFILE_TYPE_ROWS = (Object.keys(PROFILE) as ProfileName[]).map((name) => ({
  id: PROFILE[name],
  name,
}));

/** How a finish looks when drawn: the CDN renderer reads the finish name for the same words. */
export type FinishKind = 'leaf' | 'metal' | 'wood' | 'paint' | 'gloss' | 'distressed';

export interface Finish {
  name: string;
  swatch: string;
  family: ColorFamilyName;
  kind: FinishKind;
  /** Price multiplier of the finish (gold leaf costs more than paint). */
  factor: number;
}

const finishList: Finish[] = [
  { name: 'Gold Leaf', swatch: '#c9a24a', family: 'Gold', kind: 'leaf', factor: 1.6 },
  { name: 'Antique Gold', swatch: '#a8823a', family: 'Gold', kind: 'leaf', factor: 1.45 },
  { name: 'Champagne Gold', swatch: '#d3bd8a', family: 'Gold', kind: 'leaf', factor: 1.4 },
  { name: 'Bright Gold', swatch: '#deb348', family: 'Gold', kind: 'metal', factor: 1.1 },
  { name: 'Brushed Gold', swatch: '#bd9f63', family: 'Gold', kind: 'metal', factor: 1.2 },
  { name: 'Silver Leaf', swatch: '#c4c8cc', family: 'Silver', kind: 'leaf', factor: 1.55 },
  { name: 'Antique Silver', swatch: '#9b9d9c', family: 'Silver', kind: 'leaf', factor: 1.4 },
  { name: 'Brushed Silver', swatch: '#b3b7ba', family: 'Silver', kind: 'metal', factor: 1.15 },
  { name: 'Pewter', swatch: '#7a7c7b', family: 'Gray', kind: 'metal', factor: 1.15 },
  { name: 'Bronze', swatch: '#8a663c', family: 'Bronze', kind: 'metal', factor: 1.25 },
  { name: 'Copper', swatch: '#ad6a3c', family: 'Bronze', kind: 'metal', factor: 1.25 },
  { name: 'Black Satin', swatch: '#222222', family: 'Black', kind: 'paint', factor: 1 },
  { name: 'Matte Black', swatch: '#2b2b2b', family: 'Black', kind: 'paint', factor: 1 },
  { name: 'Black Lacquer', swatch: '#141414', family: 'Black', kind: 'gloss', factor: 1.2 },
  { name: 'Ebony', swatch: '#2d231e', family: 'Black', kind: 'wood', factor: 1.2 },
  { name: 'White Satin', swatch: '#f0eee8', family: 'White', kind: 'paint', factor: 1 },
  { name: 'Gesso White', swatch: '#f3efe4', family: 'White', kind: 'paint', factor: 1.1 },
  { name: 'White Wash', swatch: '#e4dccd', family: 'White', kind: 'wood', factor: 1.05 },
  { name: 'Ivory', swatch: '#ece1c4', family: 'Cream', kind: 'paint', factor: 1 },
  { name: 'Walnut', swatch: '#5e3f2e', family: 'Brown', kind: 'wood', factor: 1.15 },
  { name: 'Espresso', swatch: '#3b2a21', family: 'Brown', kind: 'wood', factor: 1.1 },
  { name: 'Mahogany', swatch: '#6b2f20', family: 'Red', kind: 'wood', factor: 1.15 },
  { name: 'Cherry', swatch: '#8b412b', family: 'Brown', kind: 'wood', factor: 1.15 },
  { name: 'Chestnut', swatch: '#7a4a2c', family: 'Brown', kind: 'wood', factor: 1.1 },
  { name: 'Natural Oak', swatch: '#c39a6b', family: 'Natural', kind: 'wood', factor: 1.1 },
  { name: 'Maple', swatch: '#d8b98c', family: 'Natural', kind: 'wood', factor: 1.1 },
  { name: 'Ash Blonde', swatch: '#d5c3a1', family: 'Natural', kind: 'wood', factor: 1.1 },
  { name: 'Barnwood Gray', swatch: '#8a8377', family: 'Gray', kind: 'distressed', factor: 1.05 },
  { name: 'Driftwood', swatch: '#a59c8b', family: 'Gray', kind: 'distressed', factor: 1.05 },
  { name: 'Charcoal', swatch: '#3d4043', family: 'Gray', kind: 'paint', factor: 1 },
  { name: 'Slate Blue', swatch: '#4e6a84', family: 'Blue', kind: 'paint', factor: 1 },
  { name: 'Navy', swatch: '#1f2d48', family: 'Blue', kind: 'paint', factor: 1 },
  { name: 'Burgundy', swatch: '#6a1f2b', family: 'Red', kind: 'gloss', factor: 1.05 },
  { name: 'Sage Green', swatch: '#8a9a7b', family: 'Green', kind: 'paint', factor: 1 },
  { name: 'Forest Green', swatch: '#2f4a39', family: 'Green', kind: 'paint', factor: 1 },
];

export const FINISHES: Record<string, Finish> = Object.fromEntries(finishList.map((f) => [f.name, f]));

/** Vendor letters on products (discounts may be keyed by them). */
export const VENDORS = {
  R: 'Rivoli Cornici (Italy)',
  T: 'Tavola Hardwoods (Austria)',
  W: 'Westfield Hardwood (US)',
  P: 'Pacifica Mouldings (polystyrene)',
  K: 'Kestrel Metal Profiles',
  N: 'Northfield Board Mills',
  V: 'Vista Glazing',
  F: 'Fletcher Supply Co.',
  Q: 'Quickframe Readymades',
} as const;

/** Discount level names (storefront §9). Category letters: M mat, B board (mat), C chop, J join, L length, G glass, H hardware. */
export const DISCOUNT_LEVEL_ROWS: { category: string; code: string; name: string; rate: string }[] = [
  ...(['M', 'B'] as const).flatMap((category) =>
    [
      ['1', 'None', '0'],
      ['2', '20%', '20'],
      ['3', '27%', '27'],
      ['4', '29%', '29'],
    ].map(([code, name, rate]) => ({ category, code, name, rate })),
  ),
  ...(['C', 'J'] as const).flatMap((category) =>
    [10, 15, 20, 30, 40, 25, 5].map((rate, i) => ({
      category,
      code: String(i + 1),
      name: `${rate}%`,
      rate: String(rate),
    })),
  ),
  ...[10, 15, 20, 30, 40, 45, 25, 50].map((rate, i) => ({
    category: 'L',
    code: String(i + 1),
    name: `${rate}%`,
    rate: String(rate),
  })),
  // Glass levels pick a price column (Glass1..Glass4, Max uses Mat5); they carry no percentage.
  ...['Basic', 'Plus', 'Premium', 'Max'].map((name) => ({ category: 'G', code: name, name, rate: '0' })),
  ...[
    ['Basic', '0'],
    ['Plus', '5'],
    ['Premium', '10'],
    ['Max', '15'],
  ].map(([name, rate]) => ({ category: 'H', code: name, name, rate })),
];

/** Rate of a level code in a category (0 when unknown). */
export function levelRate(category: string, code: string | null | undefined): number {
  const row = DISCOUNT_LEVEL_ROWS.find((r) => r.category === category && r.code === code);
  return row ? Number(row.rate) : 0;
}

/** Glass level → price column number 1..4 (4 = Max, priced from Mat5). */
export function glassLevel(code: string | null | undefined): number {
  const i = ['Basic', 'Plus', 'Premium', 'Max'].indexOf(code ?? '');
  return i < 0 ? 1 : i + 1;
}

export const PAYMENT_STATUS_ROWS = [
  { id: 1, name: 'Pending' },
  { id: 2, name: 'Approved' },
  { id: 3, name: 'Declined' },
];
