import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * API keys an account's owner makes for the frame shop's own software (point of sale), issue 32. Shown once;
 * only the SHA-256 of the secret is kept (32 random bytes: a fast hash is enough), `prefix` finds the row.
 * Scopes: catalogue:read, stock:read, orders:write, orders:read.
 */
export const accountApiKeys = pgTable(
  'account_api_keys',
  {
    id: serial('id').primaryKey(),
    acctnum: text('acctnum').notNull(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    /** users.id of the owner who made it. */
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_api_keys_prefix_uq').on(t.prefix),
    index('account_api_keys_acctnum_idx').on(t.acctnum),
  ],
);

/** Every call made with an account's API key (the audit the owner and staff read). */
export const accountApiCalls = pgTable(
  'account_api_calls',
  {
    id: serial('id').primaryKey(),
    keyId: integer('key_id').notNull(),
    acctnum: text('acctnum').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
  },
  (t) => [index('account_api_calls_key_idx').on(t.keyId, t.at)],
);
