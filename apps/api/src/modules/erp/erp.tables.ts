import { index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * API keys of the ERP connection. The key is shown once when made; only its SHA-256 is kept (a key is 32
 * random bytes, so a fast hash is enough). `prefix` (the key's public first part) finds the row.
 */
export const erpKeys = pgTable(
  'erp_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** orders:read, invoices:write, payments:write, stock:write, prices:write */
    scopes: text('scopes').array().notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('erp_keys_prefix_uq').on(t.prefix), index('erp_keys_created_idx').on(t.createdAt)],
);
