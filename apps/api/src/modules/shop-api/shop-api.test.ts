import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../platform/db.ts';
import { bearer, openTestDatabase, signIn } from '../../testing/test-app.ts';

/**
 * The point-of-sale API with real keys on a real database, the request log read as it is written: keys made and
 * revoked by the owner only, scopes, one account's key against another's data, the cart's pricing and rules on an
 * order placed once per Idempotency-Key, the rate limit per key, the audit of every call, and no key in the log.
 */
const OWNER = '10001';
const OTHER = '10005';
const RATE = 30;
const ALL = ['catalogue:read', 'stock:read', 'orders:write', 'orders:read'];

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
const log: string[] = [];
const made: string[] = [];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  db = await openTestDatabase({ seedProducts: 80 });
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean)));
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'trace',
      RATE_LIMIT_PER_MINUTE: 100000,
      POS_RATE_LIMIT_PER_MINUTE: RATE,
      SESSION_CACHE_MS: 0,
      LISTING_CACHE_MS: 0,
      COUNTS_CACHE_MS: 0,
    },
  );
  app = await buildApp({ config, database: db.database, serveWeb: false, logStream: stream });
  await app.ready();
  tokens[OWNER] = await signIn(app, OWNER);
  tokens[OTHER] = await signIn(app, OTHER);
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(db.database.db, q);

async function makeKey(acctnum: string, scopes = ALL, name = 'Counter POS') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/api-keys',
    payload: { name, scopes },
    headers: bearer(tokens[acctnum]),
  });
  expect(res.statusCode, res.body).toBe(201);
  made.push(res.json().key);
  return res.json() as { key: string; data: { id: number; prefix: string; scopes: string[] } };
}

const pos = (key: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: object, headers = {}) =>
  app.inject({ method, url, payload, headers: { ...bearer(key), ...headers } });

describe('API keys in My Account', () => {
  it('are made by the owner, shown once, listed without the secret and revoked at once (then 401)', async () => {
    const { key, data } = await makeKey(OWNER, ['catalogue:read'], 'FrameReady at the counter');
    expect(key).toMatch(/^mbs_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(`mbs_${data.prefix}_`)).toBe(true);
    const list = await app.inject({ url: '/api/account/api-keys', headers: bearer(tokens[OWNER]) });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key.slice(18));
    expect(list.json().data[0]).toMatchObject({ name: 'FrameReady at the counter', revoked_at: null });
    const [stored] = await rows<{ secret_hash: string }>(
      sql`select secret_hash from account_api_keys where id = ${data.id}`,
    );
    expect(stored!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await pos(key, '/api/pos/v1/products?limit=1')).statusCode).toBe(200);

    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/account/api-keys/${data.id}`,
      headers: bearer(tokens[OWNER]),
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revoked_at).not.toBeNull();
    expect((await pos(key, '/api/pos/v1/products?limit=1')).statusCode).toBe(401);
  });

  it("are another account's business: its key is not found, and its list does not show them", async () => {
    const { data } = await makeKey(OWNER, ['orders:read']);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/account/api-keys/${data.id}`,
      headers: bearer(tokens[OTHER]),
    });
    expect(res.statusCode).toBe(404);
    const list = await app.inject({ url: '/api/account/api-keys', headers: bearer(tokens[OTHER]) });
    expect(list.json().data.map((k: { id: number }) => k.id)).not.toContain(data.id);
  });

  it('are for the owner only: a colleague without the manage right gets 403', async () => {
    const [user] = await rows<{ id: number }>(
      sql`insert into users (username, name, email, password_hash)
        select '91500001', 'Counter colleague', 'counter@pos.example', password_hash from users where username = ${OWNER}
        returning id`,
    );
    await rows(
      sql`insert into user_accounts (user_id, acctnum, position, can_order, can_pay, can_see_prices, can_manage)
        values (${user!.id}, ${OWNER}, 0, true, true, true, false)`,
    );
    const colleague = await signIn(app, '91500001');
    for (const [method, url, payload] of [
      ['GET', '/api/account/api-keys', undefined],
      ['POST', '/api/account/api-keys', { name: 'Mine', scopes: ['orders:read'] }],
      ['DELETE', '/api/account/api-keys/1', undefined],
      ['GET', '/api/account/api-keys/calls', undefined],
    ] as const) {
      const res = await app.inject({ method, url, payload, headers: bearer(colleague) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('the point-of-sale API', () => {
  it('refuses a sign-in, no key and a made-up key (401), and a key without the scope (403)', async () => {
    expect((await app.inject({ url: '/api/pos/v1/products' })).statusCode).toBe(401);
    const session = await app.inject({ url: '/api/pos/v1/products', headers: bearer(tokens[OWNER]) });
    expect(session.statusCode).toBe(401);
    expect((await pos(`mbs_${'a'.repeat(12)}_${'b'.repeat(43)}`, '/api/pos/v1/orders')).statusCode).toBe(401);
    const { key } = await makeKey(OWNER, ['catalogue:read']);
    for (const url of ['/api/pos/v1/orders', '/api/pos/v1/invoices', '/api/pos/v1/orders/1']) {
      const res = await pos(key, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('This key does not have the scope orders:read.');
    }
    const order = await pos(
      key,
      '/api/pos/v1/orders',
      'POST',
      { lines: [] },
      { 'idempotency-key': 'k-12345678' },
    );
    expect(order.statusCode).toBe(403);
  });

  it('pages products by cursor, with stock only for a key with stock:read', async () => {
    const plain = (await makeKey(OWNER, ['catalogue:read'])).key;
    const withStock = (await makeKey(OWNER, ['catalogue:read', 'stock:read'])).key;
    const first = (await pos(plain, '/api/pos/v1/products?limit=25')).json();
    expect(first.data).toHaveLength(25);
    expect(first.data[0].stock).toBeUndefined();
    expect(first.data[0].prices.length).toBeGreaterThan(0);
    const second = (await pos(plain, `/api/pos/v1/products?limit=25&cursor=${first.next_cursor}`)).json();
    expect(second.data[0].code > first.data[24].code).toBe(true);
    const stocked = (await pos(withStock, '/api/pos/v1/products?limit=5')).json();
    expect(Array.isArray(stocked.data[0].stock)).toBe(true);
    const mouldings = (await pos(plain, '/api/pos/v1/products?limit=500&type=4')).json();
    expect(mouldings.data.every((p: { type: number }) => p.type === 4)).toBe(true);
  });

  it('filters by updatedSince: a product changed in the back office after the time is in, the rest are not', async () => {
    const { key } = await makeKey(OWNER, ['catalogue:read']);
    const since = new Date(Date.now() + 60_000).toISOString();
    const none = (await pos(key, `/api/pos/v1/products?updatedSince=${encodeURIComponent(since)}`)).json();
    expect(none.data).toEqual([]);
    const [p] = await rows<{ code: string }>(
      sql`select code from products where active = 1 order by code limit 1`,
    );
    await rows(
      sql`insert into audit_log (at, actor_kind, actor_name, action, entity, entity_id)
        values (${new Date(Date.now() + 120_000).toISOString()}::timestamptz, 'staff', 'test', 'product.update', 'product', ${p!.code})`,
    );
    const changed = (await pos(key, `/api/pos/v1/products?updatedSince=${encodeURIComponent(since)}`)).json();
    expect(changed.data.map((x: { code: string }) => x.code)).toEqual([p!.code]);
  });

  it("gives each account its own net prices, the cart's prices (a key of 10001 never prices as 10005)", async () => {
    const mine = (await makeKey(OWNER, ['catalogue:read'])).key;
    const theirs = (await makeKey(OTHER, ['catalogue:read'])).key;
    const page = (key: string) => pos(key, '/api/pos/v1/products?limit=500&type=4').then((r) => r.json());
    const [a, b] = [await page(mine), await page(theirs)];
    const net = (p: { prices: { kind: string; net: string }[] }) =>
      p.prices.find((x) => x.kind === 'length')?.net;
    const differs = a.data.find(
      (p: { code: string; prices: { kind: string; net: string }[] }, i: number) =>
        net(p) !== net(b.data[i]) && b.data[i].code === p.code,
    );
    expect(differs, 'the demo accounts have different discounts').toBeDefined();
    // the cart of 10001 charges the same per foot as its key's length price
    const cart = await app.inject({
      method: 'POST',
      url: '/api/updateCart',
      payload: {
        cartdata: [{ Code: differs.code, productSelection: { type: 'length', length: 10, location: 'C' } }],
      },
      headers: bearer(tokens[OWNER]),
    });
    if (cart.statusCode === 200) expect(cart.json().data[0].calc.unitPrice).toBe(net(differs));
    await app.inject({
      method: 'POST',
      url: '/api/updateCart',
      payload: { cartdata: [] },
      headers: bearer(tokens[OWNER]),
    });
  });

  it('places an order under the cart rules once per Idempotency-Key, and reads it back; not across accounts', async () => {
    const { key } = await makeKey(OWNER);
    const [m] = await rows<{ code: string }>(
      sql`select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
        where p.type = 4 and p.active = 1 and s.onhand - s.commit_amt > 100 order by p.code limit 1`,
    );
    const body = {
      po_number: 'POS1',
      lines: [{ code: m!.code, type: 'length', length: 20, warehouse: 'C' }],
    };
    expect((await pos(key, '/api/pos/v1/orders', 'POST', body)).statusCode).toBe(400);
    const idem = { 'idempotency-key': 'counter-0001-abc' };
    const first = await pos(key, '/api/pos/v1/orders', 'POST', body, idem);
    expect(first.statusCode, first.body).toBe(201);
    const again = await pos(key, '/api/pos/v1/orders', 'POST', body, idem);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const ordnum = first.json().data.Ordnum ?? first.json().data.ordnum;
    expect(again.body).toBe(first.body);
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from orders where source_key = ${`pos:${OWNER}:counter-0001-abc`}`,
    );
    expect(n).toBe(1);
    // a line the cart refuses is refused by name
    const bad = await pos(
      key,
      '/api/pos/v1/orders',
      'POST',
      { lines: [{ code: 'NO-SUCH-ITEM', type: 'item', quantity: 1, warehouse: 'C' }] },
      { 'idempotency-key': 'counter-0002-abc' },
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors ?? {})).toEqual(['lines.0']);

    const list = (await pos(key, '/api/pos/v1/orders?perPage=200')).json();
    expect(list.data.some((o: { Ordnum: number }) => o.Ordnum === ordnum)).toBe(true);
    expect((await pos(key, `/api/pos/v1/orders/${ordnum}`)).statusCode).toBe(200);
    const other = (await makeKey(OTHER)).key;
    expect((await pos(other, `/api/pos/v1/orders/${ordnum}`)).statusCode).toBe(404);
    const theirs = (await pos(other, '/api/pos/v1/orders?perPage=200')).json();
    expect(theirs.data.some((o: { Ordnum: number }) => o.Ordnum === ordnum)).toBe(false);
    expect(theirs.data.every((o: { Acctnum: string }) => o.Acctnum === OTHER)).toBe(true);
  });

  it("lists the account's invoices only", async () => {
    const mine = (
      await pos((await makeKey(OWNER, ['orders:read'])).key, '/api/pos/v1/invoices?perPage=200')
    ).json();
    const theirs = (
      await pos((await makeKey(OTHER, ['orders:read'])).key, '/api/pos/v1/invoices?perPage=200')
    ).json();
    expect(mine.total).toBeGreaterThan(0);
    const owners = await rows<{ invnum: number }>(sql`select invnum from invoices where acctnum = ${OWNER}`);
    const ownerSet = new Set(owners.map((r) => Number(r.invnum)));
    expect(mine.data.every((i: { invnum: number }) => ownerSet.has(i.invnum))).toBe(true);
    expect(theirs.data.some((i: { invnum: number }) => ownerSet.has(i.invnum))).toBe(false);
  });

  it('audits every call of a key and notes its last use', async () => {
    const { key, data } = await makeKey(OWNER, ['catalogue:read']);
    await pos(key, '/api/pos/v1/products?limit=1');
    await pos(key, '/api/pos/v1/orders');
    const calls = await rows<{ method: string; path: string; status: number }>(
      sql`select method, path, status from account_api_calls where key_id = ${data.id} order by id`,
    );
    expect(calls).toEqual([
      { method: 'GET', path: '/api/pos/v1/products?limit=1', status: 200 },
      { method: 'GET', path: '/api/pos/v1/orders', status: 403 },
    ]);
    const [k] = await rows<{ last_used_at: Date | null }>(
      sql`select last_used_at from account_api_keys where id = ${data.id}`,
    );
    expect(k!.last_used_at).not.toBeNull();
    const seen = await app.inject({ url: '/api/account/api-keys/calls', headers: bearer(tokens[OWNER]) });
    expect(seen.json().data[0]).toMatchObject({ key_id: data.id, status: 403 });
  });

  it(`limits each key to ${RATE} calls a minute (429 with Retry-After), other keys unaffected`, async () => {
    const busy = (await makeKey(OWNER, ['catalogue:read'])).key;
    const calm = (await makeKey(OWNER, ['catalogue:read'])).key;
    const statuses: number[] = [];
    let last = await pos(busy, '/api/pos/v1/products?limit=1');
    for (let i = 0; i <= RATE; i++) {
      last = await pos(busy, '/api/pos/v1/products?limit=1');
      statuses.push(last.statusCode);
    }
    expect(statuses).toContain(429);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect((await pos(calm, '/api/pos/v1/products?limit=1')).statusCode).toBe(200);
  });

  it('never writes a key to the log', async () => {
    await new Promise((resolve) => setImmediate(resolve));
    expect(made.length).toBeGreaterThan(5);
    const text = log.join('\n');
    for (const key of made) expect(text).not.toContain(key.slice(18));
    expect(text).toContain('/api/pos/v1/products');
  });
});
