import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** The four warehouses; names and addresses are data, not code. */
export const locations = pgTable('locations', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  addr1: text('addr1').notNull(),
  addr2: text('addr2'),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zip: text('zip').notNull(),
  phone: text('phone'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const collections = pgTable('collections', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** Image key at /cdn/collections/{value}.jpg. */
  value: text('value').notNull(),
  description: text('description'),
  parentId: integer('parent_id'),
});

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/**
 * Every sellable item: mouldings (type 4), mats, glass, hardware, fillets. Prices are list prices;
 * the account's discounts apply on top (packages/domain).
 */
export const products = pgTable(
  'products',
  {
    code: text('code').primaryKey(),
    description: text('description').notNull(),
    displayName: text('display_name').notNull(),
    /** MOULDING, HARDWARE, GLASS, MATS */
    frameType: text('frame_type').notNull(),
    /** Numeric product type; 4 = moulding sold by length. */
    type: integer('type').notNull(),
    category: text('category'),
    /** Moulding face width in inches. */
    width: numeric('width', { precision: 8, scale: 4 }),
    height: numeric('height', { precision: 8, scale: 4 }),
    rabbet: numeric('rabbet', { precision: 8, scale: 4 }),
    manufCode: text('manuf_code'),
    fiLoc: text('fi_loc'),
    collectionId: integer('collection_id').references(() => collections.id),
    finishName: text('finish_name'),
    styleName: text('style_name'),
    colorFamilyId: integer('color_family_id'),
    profileTypeId: integer('profile_type_id'),
    /** Hex colour of the finish, used to draw the catalogue image. */
    swatch: text('swatch'),
    boxQty: integer('box_qty').notNull().default(0),
    boxNoDiscount: integer('box_nodiscount').notNull().default(0),
    vendor: text('vendor'),
    frameLine: text('frame_line'),
    bypass: text('bypass'),
    hInt: integer('h_int'),
    wInt: integer('w_int'),
    length: money('length'),
    chop: money('chop'),
    joinAmt: money('join_amt'),
    length2: money('length2'),
    hardware: money('hardware'),
    glass1: money('glass1'),
    glass2: money('glass2'),
    glass3: money('glass3'),
    glass4: money('glass4'),
    mat1: money('mat1'),
    mat2: money('mat2'),
    mat3: money('mat3'),
    mat4: money('mat4'),
    mat5: money('mat5'),
    readymade: money('readymade'),
    joinFee: money('join_fee'),
    joinOsFee: money('join_os_fee'),
    active: integer('active').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_type_idx').on(t.type),
    index('products_collection_idx').on(t.collectionId),
    index('products_frame_type_idx').on(t.frameType),
    index('products_created_idx').on(t.createdAt),
    index('products_code_lower_idx').on(sql`lower(${t.code})`),
    index('products_manuf_code_idx').on(t.manufCode),
  ],
);

/** On hand and committed quantity of a product in a warehouse. */
/**
 * One row, bumped by every statement that writes `products` (a trigger, migration 0017). The process's catalogue
 * index (catalogue-index.ts) is built with the version it saw and reads the version again with each page's rows:
 * a page is answered from the index only when the two agree (docs/decisions/018).
 */
export const catalogueVersion = pgTable('catalogue_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const productStock = pgTable(
  'product_stock',
  {
    code: text('code')
      .notNull()
      .references(() => products.code, { onDelete: 'cascade' }),
    location: text('location')
      .notNull()
      .references(() => locations.code),
    onhand: numeric('onhand', { precision: 14, scale: 4 }).notNull().default('0'),
    commitAmt: numeric('commit_amt', { precision: 14, scale: 4 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.code, t.location] }), index('product_stock_location_idx').on(t.location)],
);

export const colorFamilies = pgTable('color_families', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const profileTypes = pgTable('profile_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const productTypes = pgTable('product_types', {
  value: integer('value').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * Discount level names per category (storefront §9): mat 1 none, 2 20%...; chop/join, length, glass and
 * hardware levels.
 */
export const discountLevels = pgTable(
  'discount_levels',
  {
    category: text('category').notNull(), // M, C, J, L, G, H, B
    code: text('code').notNull(),
    name: text('name').notNull(),
    rate: numeric('rate', { precision: 6, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.category, t.code] })],
);

/**
 * An account's discounts: vendor entries by letter (L, C, J, E, H, G, M) with DiscRate, JoinFee, JoinOSFee,
 * and general keys (vendor '') Length, Chop, Join, Hardware, Glass, FoamBoard, Denver_Length, Denver_Chop,
 * Denver_Join.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: serial('id').primaryKey(),
    acctnum: text('acctnum').notNull(),
    vendor: text('vendor').notNull().default(''),
    key: text('key').notNull(),
    discRate: numeric('disc_rate', { precision: 6, scale: 2 }).notNull().default('0'),
    joinFee: numeric('join_fee', { precision: 10, scale: 2 }),
    joinOsFee: numeric('join_os_fee', { precision: 10, scale: 2 }),
  },
  (t) => [index('discounts_acct_idx').on(t.acctnum, t.vendor, t.key)],
);

/** Named settings, data as a JSON string (value_lines, popular_collections, who_we_are, Policy, Terms). */
export const settings = pgTable('settings', {
  name: text('name').primaryKey(),
  data: text('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
