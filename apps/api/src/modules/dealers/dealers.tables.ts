import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgTable, text } from 'drizzle-orm/pg-core';

/** Shops listed on Where To Buy. */
export const dealers = pgTable(
  'dealers',
  {
    acctnum: text('acctnum').primaryKey(),
    company: text('company').notNull(),
    address1: text('address1').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [
    index('dealers_lat_lng_idx').on(t.latitude, t.longitude),
    // Where To Buy: earth_box(centre, radius) @> ll_to_earth(lat, lng) is answered from this GiST index
    index('dealers_earth_gist').using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`),
  ],
);
