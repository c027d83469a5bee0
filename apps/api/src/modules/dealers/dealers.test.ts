import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { chordMeters, greatCircleOfChord } from './dealers.service.ts';
import { dealers } from './dealers.tables.ts';
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
              chordMeters(sql`c.lat`, sql`c.lng`, sql`d.latitude`, sql`d.longitude`),
            )} is distinct from earth_distance(ll_to_earth(c.lat, c.lng), ll_to_earth(d.latitude, d.longitude)))::int
              as differ
          from dealers d, (values ${values}) c(lat, lng)`,
    );
    expect(found!.pairs).toBeGreaterThan(100);
    expect(found!.differ).toBe(0);
  });

  it('the dealers table still holds every row after the SQL attempts', async () => {
    expect((await search('70115', 50)).statusCode).toBe(200);
  });
});
