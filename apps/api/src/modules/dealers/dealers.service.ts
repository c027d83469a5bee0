import type { WhereToBuyResponse } from '@mitrebox/api-contract';
import { DEALER_RADIUS_MILES, dealerMessages, isValidZip } from '@mitrebox/domain';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, queryRows } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { dealers } from './dealers.tables.ts';
import { zipCentroid } from './zip-centroids.ts';

const METERS_PER_MILE = 1609.344;
/** At most this many dealers are listed (the widest radius around a large city stays well below it). */
const MAX_DEALERS = 500;

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
      const meters = miles * METERS_PER_MILE;
      const here = sql`ll_to_earth(${centre.latitude}::float8, ${centre.longitude}::float8)`;
      const there = sql`ll_to_earth(${dealers.latitude}, ${dealers.longitude})`;
      const rows = await queryRows<{
        acctnum: string;
        company: string;
        address1: string;
        city: string;
        state: string;
        zip: string;
        latitude: number;
        longitude: number;
        meters: number;
      }>(
        db,
        sql`select acctnum, company, address1, city, state, zip, latitude, longitude, meters from (
              select ${dealers.acctnum} as acctnum, ${dealers.company} as company, ${dealers.address1} as address1,
                ${dealers.city} as city, ${dealers.state} as state, ${dealers.zip} as zip,
                ${dealers.latitude} as latitude, ${dealers.longitude} as longitude,
                earth_distance(${here}, ${there}) as meters
              from ${dealers}
              where earth_box(${here}, ${meters}::float8) @> ${there}
            ) d
            where meters <= ${meters}::float8
            order by meters, company
            limit ${MAX_DEALERS}`,
      );
      return {
        data: rows.map((r) => ({
          Acctnum: r.acctnum,
          Company: r.company,
          Address1: r.address1,
          City: r.city,
          State: r.state,
          Zip: r.zip,
          latitude: Number(r.latitude),
          longitude: Number(r.longitude),
          distance: Math.round((Number(r.meters) / METERS_PER_MILE) * 10) / 10,
        })),
        center: [centre.latitude, centre.longitude],
        zip,
        miles,
        tiles,
      };
    },
  };
}
