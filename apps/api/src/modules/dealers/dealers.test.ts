import { WhereToBuyResponse } from '@mitrebox/api-contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { fastJsonOf } from '../../platform/fast-json.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { milesOneDecimal } from './dealers.service.ts';
import { dealers } from './dealers.tables.ts';
import { chordBetween, earthPoint, greatCircleOfChord } from './earth.ts';
import { zipCentroid } from './zip-centroids.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 50 });
});
afterAll(async () => {
  await t?.close();
});

const search = (zip: string, miles: string | number = 50) =>
  t.app.inject({ method: 'GET', url: `/api/WhereToBuy?zip=${encodeURIComponent(zip)}&miles=${miles}` });

/** earthdistance's sphere (earth() = 6378168 m): a latitude offset that is exactly `miles` away. */
const northBy = (miles: number) => ((miles * 1609.344) / 6378168) * (180 / Math.PI);

describe('GET /api/WhereToBuy (account-area §2, §7)', () => {
  it('answers the dealers within the radius, nearest first, with the ZIP centre', async () => {
    const res = await search('70115', 50);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const centre = await zipCentroid('70115');
    expect(body.center).toEqual([centre!.latitude, centre!.longitude]);
    expect(body.tiles).toBeNull();
    expect(body.data.length).toBeGreaterThan(10);
    const distances = body.data.map((d: { distance: number }) => d.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(50);
    expect(body.data.every((d: { State: string }) => ['LA', 'MS'].includes(d.State))).toBe(true);
    expect(body.data[0]).toMatchObject({
      Acctnum: expect.any(String),
      Company: expect.any(String),
      Address1: expect.any(String),
      City: expect.any(String),
      Zip: expect.any(String),
    });
  });

  it('keeps a dealer just inside the radius and leaves one just outside', async () => {
    const c = (await zipCentroid('87501'))!; // Santa Fe
    await t.database.db.insert(dealers).values([
      {
        acctnum: 'T-IN',
        company: 'Just Inside Framing',
        address1: '1 A St',
        city: 'Santa Fe',
        state: 'NM',
        zip: '87501',
        latitude: c.latitude + northBy(4.95),
        longitude: c.longitude,
      },
      {
        acctnum: 'T-OUT',
        company: 'Just Outside Framing',
        address1: '2 B St',
        city: 'Santa Fe',
        state: 'NM',
        zip: '87501',
        latitude: c.latitude + northBy(5.05),
        longitude: c.longitude,
      },
      {
        acctnum: 'T-AT',
        company: 'At The Centre Framing',
        address1: '3 C St',
        city: 'Santa Fe',
        state: 'NM',
        zip: '87501',
        latitude: c.latitude,
        longitude: c.longitude,
      },
    ]);
    const five = (await search('87501', 5)).json();
    const names = five.data.map((d: { Company: string }) => d.Company);
    expect(names).toContain('Just Inside Framing');
    expect(names).not.toContain('Just Outside Framing');
    expect(five.data[0]).toMatchObject({ Company: 'At The Centre Framing', distance: 0 });
    expect(five.data.find((d: { Acctnum: string }) => d.Acctnum === 'T-IN').distance).toBe(5);
    const ten = (await search('87501', 10)).json();
    expect(ten.data.map((d: { Company: string }) => d.Company)).toContain('Just Outside Framing');
    // one mile: only the one at the centre (the seeded Santa Fe shops are a few miles out)
    const one = (await search('87501', 1)).json();
    expect(one.data.every((d: { distance: number }) => d.distance <= 1)).toBe(true);
  });

  it('answers an empty list, not an error, where no dealer is near', async () => {
    const res = await search('59001', 25); // rural Montana
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it.each([
    ['abcde'],
    ['1234'],
    ['00000'],
    ['123456'],
    ["70115' OR 1=1 --"],
    ['70115; drop table dealers'],
    [''],
  ])('refuses the ZIP %j with a clear 400', async (zip) => {
    const res = await search(zip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Please enter a 5-digit ZIP code',
      errors: { zip: 'Please enter a 5-digit ZIP code' },
    });
  });

  it('says so when a well-formed ZIP does not exist', async () => {
    const res = await search('99999');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('We could not find ZIP code 99999. Please check it and try again.');
  });

  it.each([['0'], ['99999'], ['-5'], ['7'], ['abc'], ['50.5']])('refuses the radius %s', async (miles) => {
    const res = await search('70115', miles);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose a radius of 1, 5, 10, 15, 20, 25 or 50 miles');
  });

  it("works out each dealer's distance to the last bit as earthdistance's earth_distance does", async () => {
    // the search writes earth_distance(ll_to_earth(…), ll_to_earth(…)) out in plain arithmetic (it is 7 times cheaper)
    const centres = [
      [29.92393, -90.102484],
      [35.687, -105.9378],
      [47.6, -122.3],
      [0, 0],
      [-33.9, 151.2],
      [89.99, 179.99],
      [29.92393, -90.102484 + 180],
    ];
    const values = sql.join(
      centres.map(([lat, lng]) => sql`(${lat}::float8, ${lng}::float8)`),
      sql`, `,
    );
    const [found] = await queryRows<{ pairs: number; differ: number }>(
      t.database.db,
      sql`select count(*)::int as pairs,
            count(*) filter (where ${greatCircleOfChord(
              chordBetween(earthPoint(sql`c.lat`, sql`c.lng`), [
                sql`d.earth_x`,
                sql`d.earth_y`,
                sql`d.earth_z`,
              ]),
            )} is distinct from earth_distance(ll_to_earth(c.lat, c.lng), ll_to_earth(d.latitude, d.longitude)))::int
              as differ
          from dealers d, (values ${values}) c(lat, lng)`,
    );
    expect(found!.pairs).toBeGreaterThan(100);
    expect(found!.differ).toBe(0);
  });

  it('writes the answer the database wrote, byte for byte as the schema writes it from rows read one by one', async () => {
    // names a careless writer would break: quotes, a backslash, a tab, non-ASCII letters, an emoji
    const c = (await zipCentroid('80202'))!; // Denver
    await t.database.db.insert(dealers).values(
      [
        'Quote "Frames" & Co',
        'Back\\slash Gallery',
        'Tab\tFramers',
        'Café Encadrement Ñ',
        'Frame 🖼 Shop',
        "O'Brien's Framing",
      ].map((company, i) => ({
        acctnum: `T-ODD-${i}`,
        company,
        address1: `${i} Lärimer St`,
        city: 'Denver',
        state: 'CO',
        zip: '80202',
        latitude: c.latitude + northBy(0.37 * (i + 1)),
        longitude: c.longitude - northBy(0.11 * i),
      })),
    );
    const whole = fastJsonOf(WhereToBuyResponse);
    for (const [zip, miles] of [
      ['80202', 5],
      ['80202', 50],
      ['70115', 50],
      ['70115', 1],
      ['87501', 25],
      ['59001', 25],
    ] as const) {
      const res = await search(zip, miles);
      expect(res.statusCode).toBe(200);
      const centre = (await zipCentroid(zip))!;
      // the rows as earthdistance measures them, read one by one and written by the schema's writer
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
        t.database.db,
        sql`select * from (select acctnum, company, address1, city, state, zip, latitude, longitude,
              earth_distance(ll_to_earth(${centre.latitude}::float8, ${centre.longitude}::float8),
                ll_to_earth(latitude, longitude)) as meters from dealers) d
            where meters <= ${miles * 1609.344}::float8 order by meters, company limit 500`,
      );
      const expected = whole({
        data: rows.map((r) => ({
          Acctnum: r.acctnum,
          Company: r.company,
          Address1: r.address1,
          City: r.city,
          State: r.state,
          Zip: r.zip,
          latitude: Number(r.latitude),
          longitude: Number(r.longitude),
          distance: Math.round((Number(r.meters) / 1609.344) * 10) / 10,
        })),
        center: [centre.latitude, centre.longitude],
        zip,
        miles,
        tiles: null,
      });
      expect(res.body, `${zip} within ${miles} miles`).toBe(expected);
      if (zip === '80202' && miles === 5) expect(res.json().data.length).toBeGreaterThanOrEqual(6);
    }
  });

  it('rounds miles to one decimal as Math.round does: a half up, not to even', async () => {
    const tenths = [0, 0.5, 1.5, 2.5, 24.5, 499.5, 0.49999999999999994, 2.4999999999999996, 7.05, 123.45];
    const meters = [
      ...tenths.map((x) => (x / 10) * 1609.344),
      ...Array.from({ length: 400 }, (_, i) => ((i * 7919) % 80467) + i / 7),
    ];
    const rows = await queryRows<{ m: number; miles: number }>(
      t.database.db,
      sql`select m, ${milesOneDecimal(sql`m`)} as miles
          from unnest(${`{${meters.join(',')}}`}::float8[]) m`,
    );
    expect(rows).toHaveLength(meters.length);
    for (const r of rows)
      expect(Number(r.miles), `${r.m} m`).toBe(Math.round((Number(r.m) / 1609.344) * 10) / 10);
  });

  it('the dealers table still holds every row after the SQL attempts', async () => {
    expect((await search('70115', 50)).statusCode).toBe(200);
  });
});
