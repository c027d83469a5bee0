import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import {
  collections,
  colorFamilies,
  locations,
  productStock,
  products,
  profileTypes,
} from './catalogue.tables.ts';

/** A product's prices and join fees as they are stored: what prices it, for every reader of products. */
export const priceColumns = {
  length: products.length,
  chop: products.chop,
  joinAmt: products.joinAmt,
  length2: products.length2,
  hardware: products.hardware,
  glass1: products.glass1,
  glass2: products.glass2,
  glass3: products.glass3,
  glass4: products.glass4,
  mat1: products.mat1,
  mat2: products.mat2,
  mat3: products.mat3,
  mat4: products.mat4,
  mat5: products.mat5,
  readymade: products.readymade,
  joinFee: products.joinFee,
  joinOsFee: products.joinOsFee,
};

/** A product's row as listings, product pages and the cart read it: the product with its names looked up. */
export const productColumns = {
  code: products.code,
  description: products.description,
  displayName: products.displayName,
  frameType: products.frameType,
  type: products.type,
  category: products.category,
  width: products.width,
  height: products.height,
  rabbet: products.rabbet,
  manufCode: products.manufCode,
  fiLoc: products.fiLoc,
  collectionId: products.collectionId,
  collectionName: collections.name,
  finishName: products.finishName,
  styleName: products.styleName,
  colorFamily: colorFamilies.name,
  profileType: profileTypes.name,
  boxQty: products.boxQty,
  boxNoDiscount: products.boxNoDiscount,
  vendor: products.vendor,
  frameLine: products.frameLine,
  bypass: products.bypass,
  ...priceColumns,
};

/** The list price a card shows first: a foot of length, the first glass or mat level, or each. */
export const headlineListPrice = sql`case ${products.frameType}
    when 'MOULDING' then ${products.length}
    when 'GLASS' then ${products.glass1}
    when 'MATS' then ${products.mat1}
    else coalesce(case when ${products.type} = 13 then ${products.readymade} end, ${products.hardware}) end`;

/** Stock of a product in every warehouse, in warehouse order, as read with its row (one query, no per-row lookups). */
export interface StockJson {
  code: string;
  location: string;
  name: string;
  /** Amounts as read: the numeric's text, or a number (a listing page's statement reads them as float8). */
  onhand: string | number;
  commitAmt: string | number;
}
const stockColumn = sql<StockJson[] | null>`(select coalesce(json_agg(json_build_object(
    'code', s.code, 'location', s.location, 'name', l.name,
    'onhand', s.onhand::text, 'commitAmt', s.commit_amt::text) order by l.sort_order), '[]'::json)
  from ${productStock} s join ${locations} l on l.code = s.location where s.code = ${products.code})`;
export const noStock = sql<StockJson[] | null>`null::json`;
export const columnsWith = (withStock: boolean) => ({
  ...productColumns,
  stock: withStock ? stockColumn : noStock,
});

export async function findProductsByCodes(db: Queryable, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select(columnsWith(false))
    .from(products)
    .leftJoin(collections, eq(collections.id, products.collectionId))
    .leftJoin(colorFamilies, eq(colorFamilies.id, products.colorFamilyId))
    .leftJoin(profileTypes, eq(profileTypes.id, products.profileTypeId))
    .where(and(inArray(products.code, codes), eq(products.active, 1)));
}

export type ProductRow = Awaited<ReturnType<typeof findProductsByCodes>>[number];

/** The total of a filter set already counted (by another page or account): the page needs no count. */
export interface KnownTotal {
  total: number;
  estimated: boolean;
}
