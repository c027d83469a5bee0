// A signed-in listing or header search reads its session in the page's own statement (docs/decisions/018, "The
// session and the page in one statement"): every rule of the guard still holds on that read — an unknown, revoked,
// ended, idle or too old session is 401 (and an ended one is revoked), a session still owing its TOTP code is 401, a
// credit-hold account is 403 with the account message, a staff sign-in (no account) is 403, a session seen over a minute ago is noted seen — and the
// answer is the one a separately read session gives.
import { messages } from '@mitrebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { bearer, createTestApp, signIn, signInStaff, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let cached: TestApp['app'];

const LISTING = '/api/Products?type=4&page=2&items_per_page=10';
const SEARCH = '/api/Products?TopSearch=walnut&page=1&items_per_page=10';
const get = (app: TestApp['app'], url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const sessionOf = async (token: string) => {
  const [row] = await queryRows<{ revoked: boolean; seen_ago: number }>(
    t.database.db,
    sql`select revoked_at is not null as revoked, extract(epoch from now() - last_seen_at)::float8 as seen_ago
      from sessions where token_hash = encode(sha256(convert_to(${token}, 'utf8')), 'hex')`,
  );
  return row;
};
const age = (token: string, column: 'created_at' | 'last_seen_at', interval: string) =>
  t.database.db.execute(
    sql`update sessions set ${sql.raw(column)} = now() - ${interval}::interval
      where token_hash = encode(sha256(convert_to(${token}, 'utf8')), 'hex')`,
  );

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 400, config: { SESSION_IDLE_MS: 3_600_000 } });
  await t.app.services.catalogue.warmIndex();
}, 120_000);
afterAll(async () => {
  await cached?.close();
  await t?.close();
});
beforeEach(async () => {
  await t.database.db.execute(sql`update accounts set terms = 'Net 30' where acctnum = '10001'`);
});

describe('the signed-in listing reads its session in its own statement', () => {
  it('answers as a session read on its own would, in one statement with the page', async () => {
    const token = await signIn(t.app, '10001');
    for (const url of [LISTING, SEARCH]) {
      const before = t.app.services.catalogue.indexAnswered();
      const res = await get(t.app, url, token);
      expect(res.statusCode, url).toBe(200);
      const after = t.app.services.catalogue.indexAnswered();
      expect(after.pages - before.pages, url).toBe(1);
      // the page's statement read the session: no statement of its own
      expect(after.sessionsInPage - before.sessionsInPage, url).toBe(1);
      const body = res.json();
      expect(body.data.length, url).toBeGreaterThan(0);
      expect(body.data[0].net_price, url).toBeDefined();
      // the same answer as a request whose session was read before the page (the session cache holds it)
      cached ??= (await import('../../app.ts')).buildApp({
        config: { ...t.config, SESSION_CACHE_MS: 60_000 },
        database: t.database,
        serveWeb: false,
        logger: false,
      }) as unknown as TestApp['app'];
      cached = await cached;
      await get(cached, '/api/me', token);
      const again = await get(cached, url, token);
      expect(again.json(), url).toEqual(body);
    }
  });

  it('no token, an unknown token or a signed-out one: 401, and nothing read for the account', async () => {
    const token = await signIn(t.app, '10001');
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    for (const url of [LISTING, SEARCH]) {
      expect((await get(t.app, url)).statusCode, url).toBe(401);
      expect((await get(t.app, url, 'not-a-token')).statusCode, url).toBe(401);
      const res = await get(t.app, url, token);
      expect(res.statusCode, url).toBe(401);
      expect(res.body, url).not.toContain('net_price');
    }
  });

  it('a session past its end, its idle limit or its lifetime: 401, and the session is revoked', async () => {
    for (const [what, end] of [
      [
        'end',
        (token: string) =>
          t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second'
          where token_hash = encode(sha256(convert_to(${token}, 'utf8')), 'hex')`),
      ],
      ['idle', (token: string) => age(token, 'last_seen_at', '61 minutes')],
      ['lifetime', (token: string) => age(token, 'created_at', '8 days')],
    ] as const) {
      for (const url of [LISTING, SEARCH]) {
        const token = await signIn(t.app, '10001');
        expect((await get(t.app, url, token)).statusCode, `${what} ${url}`).toBe(200);
        await end(token);
        expect((await get(t.app, url, token)).statusCode, `${what} ${url}`).toBe(401);
        expect((await sessionOf(token))?.revoked, `${what} ${url}`).toBe(true);
      }
    }
  });

  it('notes the session seen when it was last seen over a minute ago, not on every request', async () => {
    const token = await signIn(t.app, '10001');
    await age(token, 'last_seen_at', '30 seconds');
    expect((await get(t.app, LISTING, token)).statusCode).toBe(200);
    expect((await sessionOf(token))?.seen_ago).toBeGreaterThan(29);
    await age(token, 'last_seen_at', '5 minutes');
    expect((await get(t.app, SEARCH, token)).statusCode).toBe(200);
    expect((await sessionOf(token))?.seen_ago).toBeLessThan(5);
  });

  it('a session still owing its TOTP code: 401', async () => {
    const token = await signIn(t.app, '10001');
    await t.database.db.execute(
      sql`update sessions set mfa_pending = true
        where token_hash = encode(sha256(convert_to(${token}, 'utf8')), 'hex')`,
    );
    for (const url of [LISTING, SEARCH]) expect((await get(t.app, url, token)).statusCode, url).toBe(401);
  });

  it('an account on credit hold: 403 with the account message', async () => {
    const token = await signIn(t.app, '10001');
    await t.database.db.execute(sql`update accounts set terms = 'CREDIT HOLD' where acctnum = '10001'`);
    for (const url of [LISTING, SEARCH]) {
      const res = await get(t.app, url, token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toBe(messages.creditHold.message(t.config.CUSTOMER_SERVICE_PHONE));
    }
  });

  it('a staff sign-in (no account) is refused (403; it was a 500); a view-as session reads as its account', async () => {
    const staff = await signInStaff(t.app);
    for (const url of [LISTING, SEARCH]) {
      const res = await get(t.app, url, staff);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toBe(messages.session.customersOnly);
    }
    const view = (
      await t.app.inject({
        method: 'POST',
        url: '/api/staff/accounts/10001/view-as',
        headers: bearer(staff),
      })
    ).json().token as string;
    const buyer = await signIn(t.app, '10001');
    for (const url of [LISTING, SEARCH]) {
      const res = await get(t.app, url, view);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual((await get(t.app, url, buyer)).json());
    }
  });
});
