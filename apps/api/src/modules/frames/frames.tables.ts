import { customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

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
    /** The artwork the design uses (kept while a saved design refers to it). */
    imageId: text('image_id'),
    /** A double opening's second picture (kept the same way). */
    image2Id: text('image2_id'),
    /** The render of the design when it was saved. */
    renderHash: text('render_hash'),
  },
  (t) => [
    index('saved_frames_acct_idx').on(t.acctnum),
    index('saved_frames_image_idx').on(t.imageId),
    index('saved_frames_image2_idx').on(t.image2Id),
  ],
);

/**
 * Uploaded artwork, after the server's own clean-up (rotated by EXIF, metadata stripped, at most 2000 px):
 * kept in the database so that every API instance can read it. The id is a hash of the cleaned bytes.
 */
export const frameImages = pgTable('frame_images', {
  id: text('id').primaryKey(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Rendered designs by the hash of everything that went into them (shared by every API instance). */
export const frameRenders = pgTable('frame_renders', {
  hash: text('hash').primaryKey(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
