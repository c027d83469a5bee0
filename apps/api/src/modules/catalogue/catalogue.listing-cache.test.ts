// The signed-in listings' micro-cache (LISTING_CACHE_MS) keeps answers by the account's pricing — its warehouse, its
// glass and mat levels and every discount entry, exactly — not by account number (docs/decisions/018): accounts
// priced alike share an answer, and accounts priced differently in any way never do.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let uncached: Awaited<ReturnType<typeof buildApp>>;
const LISTING = '/api/Products?type=4&page=1&items_per_page=10';

/** Gives `acctnum` the pricing of 10001 (warehouse, levels, discounts in the same order), then `change`s it. */
async function pricedAs10001(acctnum: string, change = sql``) {
  const { db } = t.database;
  await db.execute(sql`update accounts a set location = b.location, g_disc = b.g_disc, b_disc = b.b_disc
    from accounts b where b.acctnum = '10001' and a.acctnum = ${acctnum}`);
  await db.execute(sql`delete from discounts where acctnum = ${acctnum}`);
  await db.execute(sql`insert into discounts (acctnum, vendor, key, disc_rate, join_fee, join_os_fee)
    select ${acctnum}, vendor, key, disc_rate, join_fee, join_os_fee from discounts where acctnum = '10001'
    order by id`);
  await db.execute(change);
}

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 300, config: { LISTING_CACHE_MS: 60_000 } });
  uncached = await buildApp({
    config: { ...t.config, LISTING_CACHE_MS: 0 },
    database: t.database,
    serveWeb: false,
    logger: false,
  });
  // these demo users sign in plainly here (no first sign-in, e-mail check or TOTP step)
  await t.database.db.execute(sql`update users set first_login = false, email_verify_required = false,
    totp_secret = null where username in ('10004', '10006', '10007')`);
  await pricedAs10001('10004');
  await pricedAs10001('10006', sql`update discounts set disc_rate = disc_rate + 1 where acctnum = '10006'`);
  await pricedAs10001('10007', sql`update accounts set location = 'E' where acctnum = '10007'`);
}, 120_000);
afterAll(async () => {
  await uncached?.close();
  await t?.close();
});

describe('listings micro-cached by pricing', () => {
  it('an account priced as another shares its answer; one priced differently in anything does not', async () => {
    const get = async (app: typeof uncached, acctnum: string) =>
      (
        await app.inject({ method: 'GET', url: LISTING, headers: bearer(await signIn(t.app, acctnum)) })
      ).json();
    const first = await get(t.app, '10001');
    expect(first.data.length).toBe(10);
    expect(first.data.some((p: { net_price?: unknown }) => p.net_price)).toBe(true);
    // stock changes after the first answer: a shared (cached) answer still shows the old stock
    const code = first.data[0].Code as string;
    await t.database.db.execute(sql`update product_stock set onhand = onhand + 7 where code = ${code}`);

    expect(await get(t.app, '10004')).toEqual(first);
    for (const other of ['10006', '10007']) {
      const answer = await get(t.app, other);
      expect(answer, other).not.toEqual(first);
      // its own answer, as the uncached route gives it now
      expect(answer, other).toEqual(await get(uncached, other));
    }
    // discounts differ: other net prices
    const netOf = (page: { data: { net_price: unknown }[] }) => page.data.map((p) => p.net_price);
    expect(netOf(await get(t.app, '10006'))).not.toEqual(netOf(first));
  });
});
