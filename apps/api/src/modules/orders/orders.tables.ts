import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/** An order. synced = 1 once the back office has taken it; before that it is pending. */
export const orders = pgTable(
  'orders',
  {
    ordnum: integer('ordnum').primaryKey(),
    acctnum: text('acctnum').notNull(),
    userId: integer('user_id'),
    location: text('location').notNull(),
    synced: integer('synced').notNull().default(0),
    ordDate: timestamp('ord_date', { withTimezone: true }).notNull().defaultNow(),
    dueDate: timestamp('due_date', { withTimezone: true }),
    shipCompany: text('ship_company'),
    shipAddress1: text('ship_address1'),
    shipAddress2: text('ship_address2'),
    shipCity: text('ship_city'),
    shipState: text('ship_state'),
    shipZip: text('ship_zip'),
    terms: text('terms'),
    shipvia: text('shipvia'),
    sls: text('sls'),
    payBy: text('pay_by'),
    custPo: text('cust_po'),
    operator: text('operator'),
    itemTotal: money('item_total').notNull().default('0'),
    discRate: numeric('disc_rate', { precision: 6, scale: 2 }).notNull().default('0'),
    discount: money('discount').notNull().default('0'),
    tax: money('tax').notNull().default('0'),
    shipping: money('shipping').notNull().default('0'),
    shipCost: money('ship_cost').notNull().default('0'),
    packing: money('packing').notNull().default('0'),
    invTotal: money('inv_total').notNull().default('0'),
    /** Idempotency of placement: the cart version that produced this order. */
    sourceKey: text('source_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_acct_date_idx').on(t.acctnum, t.ordDate),
    uniqueIndex('orders_source_key_uq').on(t.sourceKey).where(sql`${t.sourceKey} is not null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    ordnum: integer('ordnum')
      .notNull()
      .references(() => orders.ordnum, { onDelete: 'cascade' }),
    seqnum: integer('seqnum').notNull(),
    qty: numeric('qty', { precision: 14, scale: 4 }).notNull(),
    code: text('code').notNull(),
    description: text('description'),
    description1: text('description1'),
    /** Order type code: L length, C chop, J join, E exact (straight cut), B box, blank for items. */
    pcode: text('pcode'),
    location: text('location'),
    footage: numeric('footage', { precision: 14, scale: 4 }),
    unitPrice: money('unit_price').notNull(),
    totPrice: money('tot_price').notNull(),
    calcJoin: money('calc_join').notNull().default('0'),
    hInt: integer('h_int'),
    hFrac: integer('h_frac'),
    wInt: integer('w_int'),
    wFrac: integer('w_frac'),
    sizeCode: text('size_code'),
    instructions: text('instructions'),
    backorder: text('backorder'),
    shipQty: numeric('ship_qty', { precision: 14, scale: 4 }),
    backorderQty: numeric('backorder_qty', { precision: 14, scale: 4 }),
    cancelledQty: numeric('cancelled_qty', { precision: 14, scale: 4 }),
  },
  (t) => [primaryKey({ columns: [t.ordnum, t.seqnum] })],
);

/** Order numbers come from a sequence so that concurrent placements never collide. */
export const orderNumberSeq = 'order_number_seq';
