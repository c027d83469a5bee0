import { type SQL, sql } from 'drizzle-orm';

/**
 * earthdistance's `earth_distance(ll_to_earth(a, b), ll_to_earth(lat, lng))` in plain float8 arithmetic, step for step
 * as earthdistance and cube compute it, so it gives the same metres to the last bit (dealers.test.ts compares them):
 * each point's x, y, z as ll_to_earth makes them on the sphere of earth() = 6378168 m (`earthPoint`), then
 * cube_distance (the square root of the squares summed in x, y, z order) — the chord — then sec_to_gc (chord to
 * great-circle metres). Through the `earth` domain and the SQL function sec_to_gc, which PostgreSQL cannot inline as
 * its argument is used three times, the same figure cost about 7 µs a dealer (docs/decisions/018).
 */

/** earthdistance's earth(): the sphere's radius in metres. */
const EARTH = sql`6378168::float8`;

/** A point's x, y and z on the sphere, as ll_to_earth works them out (the same float8 steps). */
export function earthPoint(latitude: SQL, longitude: SQL): [SQL<number>, SQL<number>, SQL<number>] {
  return [
    sql<number>`(${EARTH} * cos(radians(${latitude})) * cos(radians(${longitude})))`,
    sql<number>`(${EARTH} * cos(radians(${latitude})) * sin(radians(${longitude})))`,
    sql<number>`(${EARTH} * sin(radians(${latitude})))`,
  ];
}

/** cube_distance of two points: the chord between them, in metres. */
export function chordBetween(a: SQL[], b: SQL[]): SQL<number> {
  const square = (i: number) => sql`((${a[i]} - ${b[i]}) * (${a[i]} - ${b[i]}))`;
  return sql<number>`sqrt(${square(0)} + ${square(1)} + ${square(2)})`;
}

/** earthdistance's sec_to_gc: a chord of the sphere as the great-circle distance, in metres. */
export function greatCircleOfChord(chord: SQL): SQL<number> {
  return sql<number>`(case when ${chord} < 0 then 0::float8 when ${chord} / (2 * ${EARTH}) > 1 then pi() * ${EARTH}
    else 2 * ${EARTH} * asin(${chord} / (2 * ${EARTH})) end)`;
}
