import type { Dealer, WhereToBuyResponse } from '@mitrebox/api-contract';
import { DEALER_RADIUS_MILES, dealerMessages, isValidZip } from '@mitrebox/domain';
import { and, asc, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { dealers } from './dealers.tables.ts';
import { zipCentroid } from './zip-centroids.ts';

const METERS_PER_MILE = 1609.344;
/** At most this many dealers are listed (the widest radius around a large city stays well below it). */
const MAX_DEALERS = 500;

/** Metres as the answer's miles, to one decimal (a half rounded up). */
export const milesOneDecimal = (meters: number) => Math.round((meters / METERS_PER_MILE) * 10) / 10;

type NearDealer = Omit<Dealer, 'distance'> & { meters: number };

/**
 * Dealers within `meters` of a point, nearest first (then by company), at most MAX_DEALERS. earth_box finds the
 * candidates through the GiST index on ll_to_earth(latitude, longitude); earthdistance's great-circle distance
 * then drops the box's corners and orders them. They come back as one JSON array, not 500 rows of 9 columns.
 */
async function dealersNear(db: Db, centre: { latitude: number; longitude: number }, meters: number) {
  const here = sql`ll_to_earth(${centre.latitude}::float8, ${centre.longitude}::float8)`;
  const there = sql`ll_to_earth(${dealers.latitude}, ${dealers.longitude})`;
  const distance = sql<number>`earth_distance(${here}, ${there})`;
  const radius = sql`${meters}::float8`;
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
      meters: distance.as('meters'),
    })
    .from(dealers)
    .where(and(sql`earth_box(${here}, ${radius}) @> ${there}`, sql`${distance} <= ${radius}`))
    .orderBy(asc(distance), asc(dealers.company))
    .limit(MAX_DEALERS)
    .as('near');
  const [found] = await db
    .select({
      dealers: sql<NearDealer[]>`coalesce(json_agg(json_build_object(
        'Acctnum', ${near.acctnum}, 'Company', ${near.company}, 'Address1', ${near.address1}, 'City', ${near.city},
        'State', ${near.state}, 'Zip', ${near.zip}, 'latitude', ${near.latitude}, 'longitude', ${near.longitude},
        'meters', ${near.meters}) order by ${near.meters}, ${near.company}), '[]')`,
    })
    .from(near);
  return found?.dealers ?? [];
}

export type DealersService = ReturnType<typeof createDealersService>;

export function createDealersService(deps: { db: Db; config: Config }) {
  const { db, config } = deps;
  const tiles = config.MAP_TILE_URL
    ? { url: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION }
    : null;

  return {
    /** Dealers within `miles` of the ZIP's centre, nearest first, each with its great-circle distance in miles. */
    async whereToBuy(query: { zip: string; miles: string }): Promise<WhereToBuyResponse> {
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
      const near = await dealersNear(db, centre, miles * METERS_PER_MILE);
      return {
        data: near.map(({ meters, ...dealer }) => ({ ...dealer, distance: milesOneDecimal(meters) })),
        center: [centre.latitude, centre.longitude],
        zip,
        miles,
        tiles,
      };
    },
  };
}
