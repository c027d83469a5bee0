import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables.ts';

/** One cart per user and account; lines are recomputed by the server on every update. */
export const carts = pgTable(
  'carts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acctnum: text('acctnum').notNull(),
    cartdata: jsonb('cartdata').notNull().default([]),
    /** Bumped on every change; an order remembers the version it came from, so a repeated submit is one order. */
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.acctnum] })],
);
