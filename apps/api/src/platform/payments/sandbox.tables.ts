import { index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox gateway's own state, in the database so every API process agrees: single-use tokens from the
 * hosted card fields and vaulted cards. Only what a gateway would show a merchant is kept (last four, brand,
 * expiry) plus the test card's outcome; never the number or CVV.
 */
export const sandboxTokens = pgTable(
  'sandbox_gateway_tokens',
  {
    token: text('token').primaryKey(),
    kind: text('kind').notNull(), // 'single' (hosted-field nonce) or 'vault'
    customerId: text('customer_id'),
    lastFour: text('last_four').notNull(),
    cardType: text('card_type').notNull(),
    expmonth: integer('expmonth').notNull(),
    expyear: integer('expyear').notNull(),
    /** approve | decline | verify_fail — what the test card number stands for. */
    outcome: text('outcome').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('sandbox_gateway_tokens_customer_idx').on(t.customerId)],
);

/** The sandbox gateway's transactions; a reference charges once (a repeated charge answers the first). */
export const sandboxTransactions = pgTable('sandbox_gateway_transactions', {
  id: text('id').primaryKey(),
  reference: text('reference').unique(),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  status: text('status').notNull(), // settled (approved), declined, voided, refunded (in full)
  /** Approved charges settle at this time: voidable before, refundable after (as a real gateway's batch). */
  settlesAt: timestamp('settles_at', { withTimezone: true }),
  /** How much of the charge has been refunded. */
  refunded: numeric('refunded', { precision: 12, scale: 2 }).notNull().default('0'),
  processorCode: text('processor_code').notNull(),
  message: text('message').notNull(),
  lastFour: text('last_four').notNull(),
  cardType: text('card_type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
