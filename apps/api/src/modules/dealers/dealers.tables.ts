import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgTable, text } from 'drizzle-orm/pg-core';
import { earthPoint } from './earth.ts';

/**
 * A dealer's point on earthdistance's sphere (x, y, z in metres), kept beside its latitude and longitude: Where To
 * Buy measures each dealer in its box from these, with three subtractions rather than six trigonometric calls a
 * search; written by the database itself with ll_to_earth's own steps, so the distances stay those of
 * earth_distance to the last bit (docs/decisions/018).
 */
const [earthX, earthY, earthZ] = earthPoint(sql`latitude`, sql`longitude`);

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
    earthX: doublePrecision('earth_x').generatedAlwaysAs(earthX),
    earthY: doublePrecision('earth_y').generatedAlwaysAs(earthY),
    earthZ: doublePrecision('earth_z').generatedAlwaysAs(earthZ),
  },
  (t) => [
    index('dealers_lat_lng_idx').on(t.latitude, t.longitude),
    // Where To Buy: earth_box(centre, radius) @> ll_to_earth(lat, lng) is answered from this GiST index
    index('dealers_earth_gist').using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`),
  ],
);
