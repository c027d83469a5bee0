import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A saved frame design (framedata is the encoded snapshot of the whole design). */
export const savedFrames = pgTable(
  'saved_frames',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    acctnum: text('acctnum').notNull(),
    name: text('name').notNull(),
    framedata: text('framedata').notNull(),
    fdate: timestamp('fdate', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_frames_acct_idx').on(t.acctnum)],
);
