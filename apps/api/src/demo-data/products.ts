/**
 * The demo catalogue: the products every demo database has (the fixtures, named for tests and demos), then as
 * many generated ones as asked for (catalogue-builder.ts).
 */
import {
  type Built,
  CatalogueBuilder,
  type ProductRow,
  type StockRow,
  type StockSpec,
} from './catalogue-builder.ts';
import { COLLECTION_BY_ID } from './collections.ts';
import { GLASS_TYPES, MAT_COLORS } from './mats-and-glass.ts';

/**
 * Products every demo database has, whatever its size, so tests and demos can name them. They are the
 * first products generated; the rest follow from the seeded generator.
 */
export const SEED_FIXTURES = {
  /** Ferrara 2-1/4" Antique Gold: ornate scoop, box of 90 ft, stocked in every warehouse. */
  moulding: 'FER-133-0412',
  /** Innsbruck 1-3/8" Walnut: hardwood, no box. */
  innsbruck: 'INN-159-0208',
  /** Modena 1" Black Lacquer. */
  modena: 'MOD-132-0105',
  /** Value Line 3/4" Black Satin: box of 120 ft with box_nodiscount = 1. */
  valueLine: 'VL-87-0101',
  /** A moulding with bypass = 'BYPASS' (no discounts). */
  bypass: 'MOD-132-0320',
  /** A moulding with zero on hand in every warehouse (back-order prompts). */
  backordered: 'FER-133-0977',
  /** A floater for canvas. */
  floater: 'GFL-176-0150',
  /** Arctic White standard mat, ManufCode B8601. */
  mat: 'MAT-B8601',
  matManufCode: 'B8601',
  /** Black-core mat with no stock in Denver (G): 'Not stocked in this location'. */
  matNotInDenver: 'MAT-K7001',
  /** Clear glass 16x20. */
  glass: 'GL-CC-1620',
  /** Museum glass 16x20. */
  museumGlass: 'GL-MU-1620',
  /** Sawtooth hangers, pack of 100. */
  hardware: 'HW-SAW-100',
  /** Ferrara 3/8" gold fillet (type 3, collection 133). */
  fillet: 'FIL-133-0301',
  /** 3/16" white foam board 32x40 (type 6). */
  foamBoard: 'FB-W316-3240',
  /** 11x14 black readymade frame (type 13). */
  readymade: 'RM-1114-BLK',
  /** ATG tape, case of 12 (type 14). */
  supplies: 'SUP-ATG-12',
} as const;

function fixtures(b: CatalogueBuilder): Built[] {
  const F = SEED_FIXTURES;
  const col = (id: number) => COLLECTION_BY_ID.get(id)!;
  const all: StockSpec = { B: [420], C: [1260, 60], E: [310], G: [180, 20] };
  return [
    b.moulding({
      col: col(133),
      finish: 'Antique Gold',
      profile: 'Scoop',
      style: 'Ornate',
      widthS: 36,
      code: F.moulding,
      boxQty: 90,
      boxNoDiscount: 0,
      bypass: false,
      frameLine: 'A',
      stock: all,
    }),
    b.moulding({
      col: col(159),
      finish: 'Walnut',
      profile: 'Flat',
      style: 'Contemporary',
      widthS: 22,
      code: F.innsbruck,
      boxQty: 0,
      bypass: false,
      frameLine: 'A',
      stock: { B: [240], C: [560, 40], E: [95], G: [310] },
    }),
    b.moulding({
      col: col(132),
      finish: 'Black Lacquer',
      profile: 'Box',
      style: 'Modern',
      widthS: 16,
      code: F.modena,
      boxQty: 0,
      bypass: false,
      frameLine: 'A',
      stock: { B: [180], C: [740], E: [220, 30], G: [90] },
    }),
    b.moulding({
      col: col(87),
      finish: 'Black Satin',
      profile: 'Flat',
      style: 'Contemporary',
      widthS: 12,
      code: F.valueLine,
      boxQty: 120,
      boxNoDiscount: 1,
      bypass: false,
      frameLine: 'A',
      stock: { B: [2400, 240], C: [3600, 360], E: [1800], G: [1200] },
    }),
    b.moulding({
      col: col(132),
      finish: 'White Satin',
      profile: 'Reverse',
      style: 'Contemporary',
      widthS: 28,
      code: F.bypass,
      boxQty: 0,
      bypass: true,
      frameLine: 'D',
      stock: { B: [120], C: [410], E: [60], G: [75] },
    }),
    b.moulding({
      col: col(133),
      finish: 'Silver Leaf',
      profile: 'Cap',
      style: 'Ornate',
      widthS: 48,
      code: F.backordered,
      boxQty: 0,
      bypass: false,
      frameLine: 'A',
      stock: {},
    }),
    b.moulding({
      col: col(176),
      finish: 'Black Satin',
      profile: 'Floater',
      style: 'Floater',
      widthS: 12,
      code: F.floater,
      boxQty: 60,
      boxNoDiscount: 0,
      bypass: false,
      frameLine: 'A',
      stock: { B: [300], C: [520], E: [260], G: [140] },
    }),
    b.mat({ line: 'B', color: MAT_COLORS[1], manufCode: F.matManufCode, stock: all }),
    b.mat({
      line: 'K',
      color: MAT_COLORS.find((m) => m.name === 'Black')!,
      manufCode: 'K7001',
      stock: { B: [45], C: [120, 10], E: [38] },
    }),
    b.glass({ type: GLASS_TYPES[0], size: [16, 20], code: F.glass, stock: all }),
    b.glass({
      type: GLASS_TYPES[4],
      size: [16, 20],
      code: F.museumGlass,
      stock: { B: [24], C: [60, 6], E: [18], G: [12] },
    }),
    b.item('hardware', { code: F.hardware, stock: { B: [80], C: [140, 12], E: [64], G: [40] } }),
    b.fillet({
      col: col(133),
      finish: 'Gold Leaf',
      widthS: 6,
      code: F.fillet,
      stock: { B: [90], C: [300], E: [70], G: [40] },
    }),
    b.foam({ code: F.foamBoard, stock: { B: [150], C: [260, 20], E: [110], G: [95] } }),
    b.readymade({ code: F.readymade, stock: { B: [36], C: [72], E: [30], G: [24] } }),
    b.item('supplies', { code: F.supplies, stock: { B: [20], C: [48, 4], E: [16], G: [12] } }),
  ];
}

/**
 * The catalogue of a given size: the fixtures first, then generated products. Product i is the same in
 * every catalogue that has at least i + 1 products (a 300-product catalogue is the start of a 3,000 one).
 */
export function generateCatalogue(count: number): { products: ProductRow[]; stock: StockRow[] } {
  const b = new CatalogueBuilder(Object.values(SEED_FIXTURES));
  const built = fixtures(b);
  for (let i = 0; built.length < count; i++) built.push(b.next(i));
  return { products: built.map((x) => x.row), stock: built.flatMap((x) => x.stock) };
}
