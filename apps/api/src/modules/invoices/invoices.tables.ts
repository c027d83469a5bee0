import { index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/**
 * An invoice of an order (or a credit memo, paystatus 4). paystatus: 0 not paid, 1 paid,
 * 3 part paid (shown with a balance), 4 credit.
 */
export const invoices = pgTable(
  'invoices',
  {
    invnum: integer('invnum').primaryKey(),
    ordnum: integer('ordnum'),
    acctnum: text('acctnum').notNull(),
    location: text('location').notNull(),
    invDate: timestamp('inv_date', { withTimezone: true }).notNull(),
    dueDate: timestamp('due_date', { withTimezone: true }),
    terms: text('terms'),
    shipvia: text('shipvia'),
    sls: text('sls'),
    payBy: text('pay_by'),
    custPo: text('cust_po'),
    operator: text('operator'),
    shipCompany: text('ship_company'),
    shipAddress1: text('ship_address1'),
    shipAddress2: text('ship_address2'),
    shipCity: text('ship_city'),
    shipState: text('ship_state'),
    shipZip: text('ship_zip'),
    itemTotal: money('item_total').notNull().default('0'),
    discRate: numeric('disc_rate', { precision: 6, scale: 2 }).notNull().default('0'),
    discount: money('discount').notNull().default('0'),
    tax: money('tax').notNull().default('0'),
    shipping: money('shipping').notNull().default('0'),
    shipCost: money('ship_cost').notNull().default('0'),
    packing: money('packing').notNull().default('0'),
    invamt: money('invamt').notNull(),
    payamt: money('payamt').notNull().default('0'),
    balance: money('balance').notNull(),
    paystatus: integer('paystatus').notNull().default(0),
    /** The carrier's tracking number, when the ERP sends one with the invoice (the shipping document). */
    tracking: text('tracking'),
  },
  (t) => [
    index('invoices_acct_date_idx').on(t.acctnum, t.invDate),
    index('invoices_ordnum_idx').on(t.ordnum),
  ],
);

export const invoiceItems = pgTable(
  'invoice_items',
  {
    invnum: integer('invnum')
      .notNull()
      .references(() => invoices.invnum, { onDelete: 'cascade' }),
    seqnum: integer('seqnum').notNull(),
    qty: numeric('qty', { precision: 12, scale: 2 }).notNull(),
    shipped: numeric('shipped', { precision: 12, scale: 2 }).notNull(),
    code: text('code').notNull(),
    description: text('description'),
    description1: text('description1'),
    pcode: text('pcode'),
    footage: numeric('footage', { precision: 12, scale: 2 }),
    unitPrice: money('unit_price').notNull(),
    totPrice: money('tot_price').notNull(),
    calcJoin: money('calc_join').notNull().default('0'),
    hInt: integer('h_int'),
    hFrac: integer('h_frac'),
    wInt: integer('w_int'),
    wFrac: integer('w_frac'),
    sizeCode: text('size_code'),
    instructions: text('instructions'),
  },
  (t) => [primaryKey({ columns: [t.invnum, t.seqnum] })],
);

/** Payments applied to an invoice (the invoice's Payments table). */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    invnum: integer('invnum')
      .notNull()
      .references(() => invoices.invnum, { onDelete: 'cascade' }),
    seqnum: integer('seqnum').notNull(),
    tranDate: timestamp('tran_date', { withTimezone: true }).notNull(),
    invAmt: money('inv_amt').notNull(),
    payAmt: money('pay_amt').notNull(),
    paymentId: integer('payment_id'),
  },
  (t) => [primaryKey({ columns: [t.invnum, t.seqnum] })],
);

/** Open credits of an account (account-area §2 Credits). */
export const credits = pgTable(
  'credits',
  {
    invnum: integer('invnum').primaryKey(),
    acctnum: text('acctnum').notNull(),
    tranDate: timestamp('tran_date', { withTimezone: true }).notNull(),
    invamt: money('invamt').notNull(),
    payamt: money('payamt').notNull().default('0'),
    balance: money('balance').notNull(),
  },
  (t) => [index('credits_acct_idx').on(t.acctnum)],
);
