import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/** A stored card: only the gateway's token and display fields, never the number or CVV. */
export const billingMethods = pgTable(
  'billing_methods',
  {
    id: serial('id').primaryKey(),
    acctnum: text('acctnum').notNull(),
    name: text('name').notNull(),
    lastFour: text('last_four').notNull(),
    expmonth: integer('expmonth').notNull(),
    expyear: integer('expyear').notNull(),
    type: text('type').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    billingName: text('billing_name').notNull(),
    billingAddress: text('billing_address').notNull(),
    billingCity: text('billing_city').notNull(),
    billingState: text('billing_state').notNull(),
    billingPostal: text('billing_postal').notNull(),
    /** The gateway's vaulted payment-method token. */
    gatewayToken: text('gateway_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('billing_methods_acct_idx').on(t.acctnum)],
);

/** A card charge against one invoice. The idempotency key makes a retried request charge once. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    acctnum: text('acctnum').notNull(),
    invnum: integer('invnum').notNull(),
    userId: integer('user_id'),
    amount: money('amount').notNull(),
    status: text('status').notNull(), // pending, succeeded, failed
    gateway: text('gateway').notNull(),
    gatewayTransactionId: text('gateway_transaction_id'),
    lastFour: text('last_four'),
    cardType: text('card_type'),
    message: text('message'),
    idempotencyKey: text('idempotency_key'),
    batchId: integer('batch_id'),
    /** The reference the gateway charge carries (one charge per reference). */
    reference: text('reference'),
    /** How much of it staff have refunded or voided (the rest is what is still captured). */
    refunded: money('refunded').notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_acct_idx').on(t.acctnum),
    // what payments still running hold of an invoice's balance is summed on every payment (make-payment.ts)
    index('payments_invnum_idx').on(t.invnum),
    uniqueIndex('payments_idem_uq').on(t.acctnum, t.idempotencyKey),
    uniqueIndex('payments_reference_uq').on(t.reference),
  ],
);

export const paymentStatuses = pgTable('payment_statuses', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

/** A batch of invoices paid together with the default card, processed by a job. */
export const paymentBatches = pgTable(
  'payment_batches',
  {
    id: serial('id').primaryKey(),
    acctnum: text('acctnum').notNull(),
    userId: integer('user_id'),
    billingMethodId: integer('billing_method_id'),
    total: money('total').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [index('payment_batches_acct_idx').on(t.acctnum)],
);

export const batchPayments = pgTable(
  'batch_payments',
  {
    id: serial('id').primaryKey(),
    paymentBatchId: integer('payment_batch_id').notNull(),
    invoiceId: integer('invoice_id').notNull(),
    acctnum: text('acctnum').notNull(),
    amount: money('amount').notNull(),
    status: text('status'),
    paymentStatusId: integer('payment_status_id'),
    paymentId: integer('payment_id'),
    /** The batch job's claim: who holds the row and until when; attempts counts claims (crash recovery). */
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('batch_payments_batch_idx').on(t.paymentBatchId),
    index('batch_payments_acct_idx').on(t.acctnum),
  ],
);

/**
 * Idempotency keys of payment calls (header Idempotency-Key): claimed by inserting the row, so of 20 concurrent
 * requests with one key exactly one runs; the others answer its stored result. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(), // e.g. 'makePayment:10001'
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').notNull(), // running, done
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_uq').on(t.scope, t.key)],
);

/**
 * A refund or void of a card payment by staff, through the gateway. One row per Idempotency-Key:
 * a repeated click answers the first result and never returns money twice. pending → done | failed.
 */
export const paymentAdjustments = pgTable(
  'payment_adjustments',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id').notNull(),
    invnum: integer('invnum').notNull(),
    acctnum: text('acctnum').notNull(),
    kind: text('kind').notNull(), // refund, void
    amount: money('amount').notNull(),
    status: text('status').notNull(), // pending, done, failed
    gatewayTransactionId: text('gateway_transaction_id'),
    message: text('message'),
    idempotencyKey: text('idempotency_key').notNull(),
    staffUserId: integer('staff_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_adjustments_payment_idx').on(t.paymentId),
    uniqueIndex('payment_adjustments_idem_uq').on(t.idempotencyKey),
  ],
);
