import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A standing list (issue 32): a named list of items with their selections, kept per account and shared by the
 * account's users ("Monthly reorder", "Gallery 12 x 16 job").
 */
export const standingLists = pgTable(
  'standing_lists',
  {
    id: serial('id').primaryKey(),
    acctnum: text('acctnum').notNull(),
    name: text('name').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('standing_lists_name_uq').on(t.acctnum, sql`lower(${t.name})`)],
);

/** One line of a standing list: the item and its selection as the add-to-cart dialog makes it (a cart line's input). */
export const standingListLines = pgTable(
  'standing_list_lines',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => standingLists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    code: text('code').notNull(),
    /** The selection: order type, sizes, quantity, warehouse, back-order choice (the cart's line input). */
    selection: jsonb('selection').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('standing_list_lines_list_idx').on(t.listId, t.position)],
);
