import { GLAZING_KINDS, MAT_CORES, SEARCH_MAX_LENGTH, SHEET_VALUE } from '@mitrebox/domain';
import { z } from 'zod';

export const FRAME_TYPES = ['MOULDING', 'HARDWARE', 'GLASS', 'MATS'] as const;

const SizeText = z.string().max(16);
export const RangeFilter = z.object({ from: SizeText.optional(), to: SizeText.optional() });

const ids = z.array(z.coerce.number().int().min(0).max(1_000_000)).max(200);
const names = z.array(z.string().max(80)).max(100);

/** The shop's filters (storefront §2 Shop screen), sent as one JSON object in the `filters` parameter. */
export const ProductFilterSet = z.object({
  collection: ids.optional(),
  type: z.coerce.number().int().min(0).max(99).optional(),
  width: RangeFilter.optional(),
  height: RangeFilter.optional(),
  rabbet: RangeFilter.optional(),
  finish: names.optional(),
  style: names.optional(),
  color_family: ids.optional(),
  profile_type: ids.optional(),
  /** The Frame Creator's parts (packages/domain frame-parts.ts): mats by core, ply and sheet; glazing by kind. */
  mat_core: z.array(z.enum(MAT_CORES)).max(MAT_CORES.length).optional(),
  ply: z.array(z.coerce.number().int().min(1).max(64)).max(10).optional(),
  sheet: z
    .array(z.string().regex(SHEET_VALUE, 'A sheet is its sides in inches, e.g. 32x40'))
    .max(50)
    .optional(),
  glazing: z.array(z.enum(GLAZING_KINDS)).max(GLAZING_KINDS.length).optional(),
});
export type ProductFilterSet = z.infer<typeof ProductFilterSet>;

/** `filters` arrives as a JSON string in the query. */
const FiltersParam = z
  .string()
  .max(4000)
  .transform((text, ctx) => {
    if (text.trim() === '') return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'filters must be a JSON object' });
      return z.NEVER;
    }
  })
  .pipe(ProductFilterSet);

export const MAX_ITEMS_PER_PAGE = 100;

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/**
 * How a listing may be ordered (docs/decisions/009-net-prices-in-listings.md): item #, name, moulding width or the
 * headline list price.
 */
export const PRODUCT_SORTS = ['code', 'name', 'width', 'price'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** GET /api/Shop/Products and /api/Products. */
export const ProductsQuery = z.object({
  TopSearch: z.string().max(SEARCH_MAX_LENGTH).optional(),
  frameType: z.enum(FRAME_TYPES).optional(),
  type: z.coerce.number().int().min(0).max(99).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  items_per_page: z.coerce.number().int().min(1).max(MAX_ITEMS_PER_PAGE).default(50),
  filters: FiltersParam.optional(),
  /** Only products that have a frame-builder image (mouldings and mats). */
  fbimg: flag.optional(),
  /** Only products usable in the frame creator (mouldings, fillets, mats, glass). */
  frame_creator_active: flag.optional(),
  /** Order of the listing; a search without it is ordered by relevance, otherwise by item #. */
  sort: z.enum(PRODUCT_SORTS, { error: 'Sort by item #, name, width or price.' }).optional(),
  dir: z.enum(['asc', 'desc'], { error: 'Sort ascending or descending.' }).optional(),
});
export type ProductsQuery = z.input<typeof ProductsQuery>;

/** What anyone may see of a product: no price, no stock by location. */
export const PublicProduct = z.object({
  Code: z.string(),
  Description: z.string(),
  display_name: z.string(),
  FrameType: z.string(),
  type: z.number().int(),
  category: z.string().nullable(),
  Width: z.number().nullable(),
  width_display: z.string(),
  Height: z.number().nullable(),
  rabbet: z.number().nullable(),
  rabbet_display: z.string(),
  ManufCode: z.string().nullable(),
  fiLoc: z.string().nullable(),
  collection_id: z.number().int().nullable(),
  collection_name: z.string().nullable(),
  finish_name: z.string().nullable(),
  style_name: z.string().nullable(),
  color_family: z.string().nullable(),
  profile_type: z.string().nullable(),
  box_qty: z.number().int(),
  image: z.string(),
});
export type PublicProduct = z.infer<typeof PublicProduct>;

const price = z.string().nullable();

/** List prices of a product (storefront §3 Product prices), as exact decimal strings. */
export const ProductPrices = z.object({
  Length: price,
  Chop: price,
  JoinAmt: price,
  Length2: price,
  Hardware: price,
  Glass1: price,
  Glass2: price,
  Glass3: price,
  Glass4: price,
  Mat1: price,
  Mat2: price,
  Mat3: price,
  Mat4: price,
  Mat5: price,
  Readymade: price,
});
export type ProductPrices = z.infer<typeof ProductPrices>;

/** Stock of one warehouse: on hand, committed and available (on hand − committed, rounded, not below 0). */
export const LocationStock = z.object({
  Loc: z.string(),
  Name: z.string(),
  Onhand: z.number(),
  CommitAmt: z.number(),
  available: z.number(),
});

/**
 * The account's own price of one unit beside the list price it comes from
 * (docs/decisions/009-net-prices-in-listings.md).
 */
export const NetPrice = z.object({
  list: z.string(),
  rate: z.string(),
  net: z.string(),
  unit: z.enum(['ft', 'ea']),
});
export type NetPrice = z.infer<typeof NetPrice>;

/** A signed-in customer also sees prices, stock per warehouse and whether the own warehouse stocks it. */
export const AccountProduct = PublicProduct.extend(ProductPrices.shape).extend({
  Vendor: z.string().nullable(),
  FrameLine: z.string().nullable(),
  bypass: z.string().nullable(),
  box_nodiscount: z.number().int(),
  join_fee: z.string().nullable(),
  join_os_fee: z.string().nullable(),
  stock: z.array(LocationStock),
  /** Available at the account's own warehouse. */
  available_here: z.number(),
  /** False when a non-moulding item has no stock at the account's warehouse ('Not stocked in this location'). */
  stocked_here: z.boolean(),
  /** The account's net price of a foot (mouldings) or a piece, in listings and product details. */
  net_price: NetPrice.optional(),
});
export type AccountProduct = z.infer<typeof AccountProduct>;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    /**
     * True when `total` is the database's estimate (a search matching more than a few hundred products is not
     * counted to the last row); absent or false when it is exact.
     */
    total_estimated: z.boolean().optional(),
    current_page: z.number().int(),
    per_page: z.number().int(),
    last_page: z.number().int(),
    next_page_url: z.string().nullable(),
  });

export const PublicProductsResponse = paged(PublicProduct);
export const AccountProductsResponse = paged(AccountProduct);
export type PublicProductsResponse = z.infer<typeof PublicProductsResponse>;
export type AccountProductsResponse = z.infer<typeof AccountProductsResponse>;

/** Filter data (storefront §3): every group with counts that reflect the other active filters. */
export const ProductFiltersResponse = z.object({
  type: z.array(z.object({ value: z.number().int(), name: z.string() })),
  collection: z.array(
    z.object({ id: z.number().int(), name: z.string(), collectionCount: z.number().int() }),
  ),
  finish: z.array(z.object({ value: z.string(), name: z.string(), count: z.number().int() })),
  style: z.array(z.object({ value: z.string(), name: z.string(), count: z.number().int() })),
  color_family: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
  profile_type: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
});
export type ProductFiltersResponse = z.infer<typeof ProductFiltersResponse>;
export const ProductFiltersQuery = ProductsQuery.pick({
  TopSearch: true,
  type: true,
  frameType: true,
  filters: true,
});

export const COLLECTION_SORT_COLUMNS = ['name', 'id'] as const;
export const CollectionsQuery = z.object({
  perPage: z.coerce.number().int().min(1).max(1000).default(1000),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  orderCol: z.enum(COLLECTION_SORT_COLUMNS).default('name'),
  orderDir: z
    .string()
    .default('ASC')
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC'])),
});
export const Collection = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.string(),
  image: z.string(),
  product_count: z.number().int(),
  collections: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
});
export type Collection = z.infer<typeof Collection>;
export const CollectionsResponse = z.object({ data: z.array(Collection), total: z.number().int() });

export const SettingEntry = z.object({ name: z.string(), data: z.string() });
export const SettingsResponse = z.object({ data: z.array(SettingEntry) });
export type SettingsResponse = z.infer<typeof SettingsResponse>;

export const RecentPurchasesQuery = z.object({
  nodate: z.coerce.number().int().min(0).max(1).optional(),
  perPage: z.coerce.number().int().min(1).max(100).default(100),
});
export const RecentPurchase = z.object({
  Code: z.string(),
  description: z.string(),
  FrameType: z.string(),
  ManufCode: z.string().nullable(),
  type: z.number().int(),
  image: z.string(),
  last_ordered: z.string(),
  /** The account's net price of a unit beside its list price (Buy Again with prices). */
  net_price: NetPrice.optional(),
});
export const RecentPurchasesResponse = z.object({ data: z.array(RecentPurchase) });
export type RecentPurchase = z.infer<typeof RecentPurchase>;

export const ProductDetailsQuery = z.object({ Code: z.string().min(1).max(64) });
export const DiscountEntry = z.object({
  Vendor: z.string(),
  key: z.string(),
  DiscRate: z.string(),
  JoinFee: z.string().nullable(),
  JoinOSFee: z.string().nullable(),
});
export const PublicProductDetailsResponse = z.object({
  products: z.record(z.string(), PublicProduct),
  discounts: z.array(DiscountEntry),
});
export const AccountProductDetailsResponse = z.object({
  products: z.record(z.string(), AccountProduct),
  discounts: z.array(DiscountEntry),
});

export const LocationRow = z.object({
  Loc: z.string(),
  Name: z.string(),
  Addr1: z.string(),
  Addr2: z.string().nullable(),
  City: z.string(),
  State: z.string(),
  Zip: z.string(),
  Phone: z.string().nullable(),
});
export const LocationsResponse = z.object({ data: z.array(LocationRow) });

/** GET /api/site: public facts of the shop the screens need (footer, messages). */
export const SiteResponse = z.object({
  companyName: z.string(),
  companyAddress: z.string(),
  phone: z.string(),
  stagingBanner: z.boolean(),
  imageBaseUrl: z.string(),
  /** Payment batch times and the business day are shown in this zone. */
  businessTimeZone: z.string(),
  locations: z.array(LocationRow),
});
export type SiteResponse = z.infer<typeof SiteResponse>;
