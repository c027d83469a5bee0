import { z } from 'zod';
import { BackType } from './cart.ts';
import { cleanText } from './common.ts';

/**
 * The point-of-sale API: keys an account's owner makes for the frame shop's own software, and
 * what that software reads and places with one (`Authorization: Bearer mbs_…`).
 */
export const SHOP_API_SCOPES = ['catalogue:read', 'stock:read', 'orders:write', 'orders:read'] as const;
export type ShopApiScope = (typeof SHOP_API_SCOPES)[number];

/** What each scope lets the key do, as the owner reads it when making a key. */
export const SHOP_API_SCOPE_TEXT: Record<ShopApiScope, string> = {
  'catalogue:read': 'Read the catalogue and your net prices',
  'stock:read': 'Read stock per warehouse',
  'orders:write': 'Place orders',
  'orders:read': 'Read orders and invoices',
};

export const ShopApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's public part (`mbs_<prefix>_…`): how the owner tells keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(SHOP_API_SCOPES)),
  created_at: z.string(),
  /** The name of the user who made it. */
  created_by: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ShopApiKey = z.infer<typeof ShopApiKey>;
export const ShopApiKeyList = z.object({ data: z.array(ShopApiKey) });
export const ShopApiKeyInput = z.object({
  name: cleanText(80).trim().min(1, 'Give the key a name.'),
  scopes: z.array(z.enum(SHOP_API_SCOPES)).min(1, 'Choose at least one scope.').max(SHOP_API_SCOPES.length),
});
export type ShopApiKeyInput = z.infer<typeof ShopApiKeyInput>;
/** The key itself is in this answer only; the shop keeps its hash. */
export const ShopApiKeyCreated = z.object({ data: ShopApiKey, key: z.string() });
export const ShopApiKeyIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** One call made with one of the account's keys. */
export const ShopApiCall = z.object({
  id: z.number().int(),
  key_id: z.number().int(),
  key_name: z.string(),
  at: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
});
export const ShopApiCallList = z.object({ data: z.array(ShopApiCall) });

// ---- what the point-of-sale software calls

export const PosProductsQuery = z.object({
  /** next_cursor of the page before; absent for the first page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Products created or changed (details, prices, stock by import or in the back office) at or after this time. */
  updatedSince: z.iso.datetime({ offset: true }).optional(),
  /** A collection's id. */
  collection: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** A product type (4 mouldings by length, 6 foam board…). */
  type: z.coerce.number().int().min(0).max(1000).optional(),
});
export type PosProductsQuery = z.input<typeof PosProductsQuery>;

/** One of the account's net prices of a product, as its cart would charge it: one per way it is sold. */
export const PosPrice = z.object({
  kind: z.enum(['length', 'chop', 'join', 'exact', 'box', 'sheet', 'each']),
  /** Per foot of moulding, or each (a sheet, a piece). */
  unit: z.enum(['ft', 'ea']),
  net: z.string(),
  list: z.string(),
  /** Percent off. */
  rate: z.string(),
  /** Join only: the fee per frame joined, and the extra one over 100 united inches. */
  join_fee: z.string().optional(),
  oversize_join_fee: z.string().optional(),
  /** Box only: the feet in a box. */
  box_feet: z.number().optional(),
});

export const PosStock = z.object({
  location: z.string(),
  name: z.string(),
  available: z.number(),
});

export const PosProduct = z.object({
  code: z.string(),
  description: z.string(),
  frame_type: z.string(),
  type: z.number().int(),
  collection_id: z.number().int().nullable(),
  collection: z.string().nullable(),
  manuf_code: z.string().nullable(),
  width: z.string().nullable(),
  box_qty: z.number().int(),
  prices: z.array(PosPrice),
  /** Only for a key with stock:read. */
  stock: z.array(PosStock).optional(),
});
export type PosProduct = z.infer<typeof PosProduct>;
export const PosProductPage = z.object({ data: z.array(PosProduct), next_cursor: z.string().nullable() });

const size = z.object({
  length: z.number().int().min(0).max(999),
  length_fraction: z.number().int().min(0).max(15).default(0),
  width: z.number().int().min(0).max(999),
  width_fraction: z.number().int().min(0).max(15).default(0),
});

/** One line as the point of sale sends it; checked and priced by the cart's rules. */
export const PosOrderLine = z.object({
  code: cleanText(64).min(1),
  type: z.enum(['length', 'chop', 'join', 'exact', 'box', 'item']),
  /** Frames (chop, join, straight cut), boxes or pieces. */
  quantity: z.number().int().min(1).max(100_000).optional(),
  /** Feet, for a length. */
  length: z.number().int().min(1).max(100_000).optional(),
  /** Inches and sixteenths, for a chop, join or straight cut. */
  size: size.optional(),
  /** The warehouse letter the line ships from. */
  warehouse: z.string().min(1).max(2),
  /** When the warehouse is short: back-order the rest, cancel it, or back-order the whole line. */
  backorder: BackType.optional(),
  instructions: cleanText(200).optional(),
});
export type PosOrderLine = z.infer<typeof PosOrderLine>;
export const PosOrderInput = z.object({
  po_number: cleanText(40).optional(),
  lines: z.array(PosOrderLine).min(1).max(200),
});
export type PosOrderInput = z.infer<typeof PosOrderInput>;
/** The header a placement must carry: the same key again answers the order it made. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,100}$/;
export const IDEMPOTENCY_KEY_MESSAGE =
  'Send an Idempotency-Key header (8 to 100 letters, digits, dots, dashes, colons or underscores).';

export const PosListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(50),
});
export const PosOrdnumParams = z.object({ ordnum: z.coerce.number().int().min(1).max(2_147_483_647) });

export const PosInvoice = z.object({
  invnum: z.number().int(),
  ordnum: z.number().int().nullable(),
  inv_date: z.string(),
  due_date: z.string().nullable(),
  location: z.string(),
  cust_po: z.string().nullable(),
  invamt: z.string(),
  payamt: z.string(),
  balance: z.string(),
  /** 0 not paid, 1 paid, 3 part paid, 4 credit. */
  paystatus: z.number().int(),
  tracking: z.string().nullable(),
});
export const PosInvoicePage = z.object({ data: z.array(PosInvoice), total: z.number().int() });
