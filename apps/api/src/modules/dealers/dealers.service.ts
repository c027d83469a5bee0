import { Dealer, type WhereToBuyResponse } from '@mitrebox/api-contract';
import { DEALER_RADIUS_MILES, dealerMessages, isValidZip } from '@mitrebox/domain';
import { asc, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { type Db, perDatabase } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { dealers } from './dealers.tables.ts';
import { chordBetween, earthPoint, greatCircleOfChord } from './earth.ts';
import { zipCentroid } from './zip-centroids.ts';

const METERS_PER_MILE = 1609.344;
/** At most this many dealers are listed (the widest radius around a large city stays well below it). */
const MAX_DEALERS = 500;

/**
 * Dealers within `$meters` of (`$latitude`, `$longitude`), nearest first (then by company), at most MAX_DEALERS, as
 * the JSON text of the answer's `data` (`[]` when none): each dealer written by the database as the contract's
 * `Dealer` (its keys in the schema's order, compact), so the API neither parses 500 rows of 9 columns nor writes
 * them again — that parsing, and the garbage it left, was most of the route's time (docs/decisions/018).
 * earth_box narrows the search through the GiST index on ll_to_earth(latitude, longitude); the exact great-circle
 * distance (earth.ts, from the dealer's kept point on the sphere) then drops the box's corners. The chord is worked
 * out once a dealer (`offset 0` keeps the inner query from being merged into the outer, which would repeat its
 * expression). Prepared: planned once per connection.
 */
const dealersNearJson = perDatabase((db) => {
  const latitude = sql`${sql.placeholder('latitude')}::float8`;
  const longitude = sql`${sql.placeholder('longitude')}::float8`;
  const meters = sql`${sql.placeholder('meters')}::float8`;
  const near = db
    .select({
      acctnum: dealers.acctnum,
      company: dealers.company,
      address1: dealers.address1,
      city: dealers.city,
      state: dealers.state,
      zip: dealers.zip,
      latitude: dealers.latitude,
      longitude: dealers.longitude,
      // the centre's point worked out once a search (scalar subqueries: InitPlans), each dealer's kept beside it
      chord: chordBetween(
        earthPoint(latitude, longitude).map((c) => sql`(select ${c})`),
        [dealers.earthX, dealers.earthY, dealers.earthZ].map((c) => sql`${c}`),
      ).as('chord'),
    })
    .from(dealers)
    .where(
      sql`earth_box(ll_to_earth(${latitude}, ${longitude}), ${meters}) @> ll_to_earth(${dealers.latitude}, ${dealers.longitude})`,
    )
    .offset(0)
    .as('d');
  const distance = greatCircleOfChord(sql`${near.chord}`);
  const nearest = db
    .select({
      acctnum: near.acctnum,
      company: near.company,
      address1: near.address1,
      city: near.city,
      state: near.state,
      zip: near.zip,
      latitude: near.latitude,
      longitude: near.longitude,
      meters: distance.as('meters'),
    })
    .from(near)
    .where(sql`${distance} <= ${meters}`)
    .orderBy(asc(distance), asc(near.company))
    .limit(MAX_DEALERS)
    .as('n');
  const dealer = dealerJson({
    Acctnum: sql`${nearest.acctnum}`,
    Company: sql`${nearest.company}`,
    Address1: sql`${nearest.address1}`,
    City: sql`${nearest.city}`,
    State: sql`${nearest.state}`,
    Zip: sql`${nearest.zip}`,
    latitude: sql`${nearest.latitude}`,
    longitude: sql`${nearest.longitude}`,
    distance: milesOneDecimal(sql`${nearest.meters}`),
  });
  return db
    .select({
      data: sql<string>`coalesce('[' || string_agg(${dealer}, ',' order by ${nearest.meters}, ${nearest.company}) || ']', '[]')`.as(
        'data',
      ),
    })
    .from(nearest)
    .prepare('dealers_near_json') as unknown as RawRows<{ data: string }>;
});

/**
 * A dealer as the JSON text of the contract's `Dealer`, written by the database: its keys in the schema's order,
 * compact, as fast-json-stringify writes it — text through to_json (JSON's escapes), numbers as float8 writes them
 * (the shortest text that reads back the same double, as JS writes it). Put together with `||`: about a quarter
 * cheaper than row_to_json of a row built for it (docs/decisions/018).
 */
function dealerJson(values: { [K in keyof Dealer]: SQL }): SQL<string> {
  const parts = Object.keys(Dealer.shape).map((key, i) => {
    const value = values[key as keyof Dealer];
    const written =
      Dealer.shape[key as keyof Dealer] instanceof z.ZodString
        ? sql`to_json(${value})::text`
        : sql`(${value})::text`;
    return sql`${sql.raw(`'${i === 0 ? '{' : ','}"${key}":'`)} || ${written}`;
  });
  return sql<string>`(${sql.join(parts, sql` || `)} || '}')`;
}

/**
 * Metres as miles to one decimal, as JS writes `Math.round((m / 1609.344) * 10) / 10` (the same float8 steps, and
 * a half rounded up: PostgreSQL's round() of a float8 rounds it to even).
 */
export function milesOneDecimal(m: SQL): SQL<number> {
  const tenths = sql`((${m} / ${sql.raw(String(METERS_PER_MILE))}::float8) * 10::float8)`;
  return sql<number>`((case when ${tenths} - floor(${tenths}) >= 0.5::float8 then ceil(${tenths})
    else floor(${tenths}) end) / 10::float8)`;
}

/**
 * A prepared statement's `all()`: the driver's rows as they come, by column name (both drivers' prepared queries have
 * it; drizzle's types do not show it).
 */
interface RawRows<T> {
  all(values: Record<string, unknown>): Promise<T[]>;
}

/** The answer of Where To Buy but its dealers, and their JSON text as the database wrote it (`data`). */
export type WhereToBuyAnswer = Omit<WhereToBuyResponse, 'data'> & { dataJson: string };

export type DealersService = ReturnType<typeof createDealersService>;

export function createDealersService(deps: { db: Db; config: Config }) {
  const { db, config } = deps;
  const tiles = config.MAP_TILE_URL
    ? { url: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION }
    : null;

  return {
    /**
     * Dealers within `miles` of the ZIP's centre, nearest first. The distance is great-circle (earthdistance);
     * earth_box narrows the search through the GiST index on ll_to_earth(latitude, longitude), then the exact
     * distance filters the box's corners out.
     */
    async whereToBuy(query: { zip: string; miles: string }): Promise<WhereToBuyAnswer> {
      const zip = query.zip.trim();
      if (!isValidZip(zip)) throw badRequest(dealerMessages.zipInvalid, { zip: dealerMessages.zipInvalid });
      const miles = Number(query.miles);
      if (!(DEALER_RADIUS_MILES as readonly number[]).includes(miles)) {
        throw badRequest(dealerMessages.radiusInvalid, { miles: dealerMessages.radiusInvalid });
      }
      const centre = await zipCentroid(zip);
      if (!centre) {
        const message = dealerMessages.zipUnknown(zip);
        throw new AppError('zip_unknown', 404, message, { zip: message });
      }
      const [found] = await dealersNearJson(db).all({
        latitude: centre.latitude,
        longitude: centre.longitude,
        meters: miles * METERS_PER_MILE,
      });
      return {
        dataJson: found?.data ?? '[]',
        center: [centre.latitude, centre.longitude],
        zip,
        miles,
        tiles,
      };
    },
  };
}
