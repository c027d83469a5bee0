import { z } from 'zod';
import { cleanText } from './common.ts';

/**
 * The back office's catalogue: products with every price column and stock per location,
 * collections, and the CSV import/export (format: docs/decisions/015-catalogue-csv-and-erp.md).
 */

/** The price columns of a product, as in the products table and the CSV file. */
export const PRICE_COLUMNS = [
  'length',
  'chop',
  'join_amt',
  'length2',
  'hardware',
  'glass1',
  'glass2',
  'glass3',
  'glass4',
  'mat1',
  'mat2',
  'mat3',
  'mat4',
  'mat5',
  'readymade',
  'join_fee',
  'join_os_fee',
] as const;
export type PriceColumn = (typeof PRICE_COLUMNS)[number];

/** A price: a decimal amount with at most two places, or null (no price). */
const Money = z.string().nullable();

export const StaffProduct = z.object({
  code: z.string(),
  description: z.string(),
  display_name: z.string(),
  frame_type: z.string(),
  type: z.number().int(),
  category: z.string().nullable(),
  collection_id: z.number().int().nullable(),
  collection: z.string().nullable(),
  width: z.string().nullable(),
  height: z.string().nullable(),
  rabbet: z.string().nullable(),
  manuf_code: z.string().nullable(),
  vendor: z.string().nullable(),
  box_qty: z.number().int(),
  active: z.number().int(),
  prices: z.record(z.enum(PRICE_COLUMNS), Money),
  /** On-hand quantity by location code. */
  stock: z.record(z.string(), z.string()),
});
export type StaffProduct = z.infer<typeof StaffProduct>;

export const STAFF_PRODUCT_SORTS = [
  'code',
  'display_name',
  'frame_type',
  'type',
  'length',
  'created',
] as const;

export const StaffProductsQuery = z.object({
  q: cleanText(100).optional(),
  frame_type: z.enum(['MOULDING', 'HARDWARE', 'GLASS', 'MATS']).optional(),
  collection_id: z.coerce.number().int().min(0).max(1_000_000).optional(),
  sort: z.enum(STAFF_PRODUCT_SORTS).default('code'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type StaffProductsQuery = z.infer<typeof StaffProductsQuery>;

export const StaffLocation = z.object({ code: z.string(), name: z.string() });

/** A page of the back office's tables: { rows, total, page, pageSize } (as the other staff lists). */
export const StaffProductPage = z.object({
  rows: z.array(StaffProduct),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  locations: z.array(StaffLocation),
});
export type StaffProductPage = z.infer<typeof StaffProductPage>;

export const ProductCodeParams = z.object({ code: cleanText(40) });

const MoneyInput = z
  .string()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, 'must be an amount of at least 0 with at most two decimals')
  .nullable();
const QtyInput = z.string().regex(/^\d{1,10}(\.\d{1,4})?$/, 'must be a quantity of at least 0');

/** A staff edit of one product: the fields given change, the others stay. */
export const StaffProductUpdate = z
  .object({
    description: cleanText(200).min(1).optional(),
    display_name: cleanText(200).min(1).optional(),
    active: z.union([z.literal(0), z.literal(1)]).optional(),
    collection_id: z.number().int().min(0).max(1_000_000).nullable().optional(),
    prices: z.partialRecord(z.enum(PRICE_COLUMNS), MoneyInput).optional(),
    stock: z.record(cleanText(8), QtyInput).optional(),
  })
  .strict();
export type StaffProductUpdate = z.infer<typeof StaffProductUpdate>;

export const StaffProductResponse = z.object({ data: StaffProduct });

export const StaffCollection = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  products: z.number().int(),
});
export const StaffCollectionsQuery = z.object({
  q: cleanText(100).optional(),
  sort: z.enum(['id', 'name', 'products']).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export const StaffCollectionPage = z.object({
  rows: z.array(StaffCollection),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** The most data rows one CSV file may carry (a larger file is refused with a message; split it). */
export const CSV_MAX_ROWS = 100_000;
/** The most row errors one report lists (the count says how many there were). */
export const CSV_MAX_REPORTED_ERRORS = 500;

export const ImportQuery = z.object({
  dry_run: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /** The file's name, for the audit log. */
  file: cleanText(200).optional(),
});

/** One problem of a CSV file: the row as a spreadsheet numbers it (header = row 1) and the column. */
export const ImportRowError = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

export const ImportReport = z.object({
  message: z.string(),
  dry_run: z.boolean(),
  /** true when the rows were written (never for a dry run, never when any row has an error) */
  applied: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  error_count: z.number().int(),
  row_errors: z.array(ImportRowError),
});
export type ImportReport = z.infer<typeof ImportReport>;
