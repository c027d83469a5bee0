import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePortPair } from './ports.ts';
import { type ScaleDemo, startScaleDemo } from './scale.ts';

/**
 * Two API processes on one PostgreSQL database behind nginx are one shop: a sign-out on one is honoured by
 * the other within SESSION_CACHE_MS, a price change is seen by both within CATALOGUE_CACHE_MS (plus the
 * listing micro-cache), sign-in failures count across both, and artwork uploaded to one is served by the other.
 * After `npm run build` (the compiled server); nginx is Debian's, installed by tools/src/scale when missing.
 */
const SESSION_CACHE_MS = 2000;
const CATALOGUE_CACHE_MS = 4000;
const LISTING_CACHE_MS = 1000;
/** Slack for a loaded machine: a poll's own round trip and scheduling. */
const SLACK_MS = 1500;

const server =
  process.env.SCALE_SERVER_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = process.env.SCALE_DATABASE ?? `mitrebox_two_instances_${process.pid}`;
const databaseUrl = (() => {
  const u = new URL(server);
  u.pathname = `/${database}`;
  return u.toString();
})();

let demo: ScaleDemo;
let a: string;
let b: string;

async function dropDatabase() {
  const admin = new URL(server);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists ${database} with (force)`);
  await client.end();
}

async function signIn(base: string, username: string, password: string) {
  return fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
}

async function tokenOn(base: string, username = '10001') {
  const res = await signIn(base, username, 'framing-demo');
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Polls until `done` answers true; answers the milliseconds it took. */
async function within(limitMs: number, done: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs + 5000) {
    if (await done()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  return Number.POSITIVE_INFINITY;
}

beforeAll(async () => {
  await dropDatabase();
  const port = await freePortPair(3);
  demo = await startScaleDemo({
    instances: 2,
    port,
    databaseUrl,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/6',
    seedProducts: 50,
    env: {
      SESSION_CACHE_MS: String(SESSION_CACHE_MS),
      CATALOGUE_CACHE_MS: String(CATALOGUE_CACHE_MS),
      LISTING_CACHE_MS: String(LISTING_CACHE_MS),
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
    },
  });
  [a, b] = demo.instanceUrls;
}, 300_000);

afterAll(async () => {
  await demo?.stop();
  await dropDatabase().catch(() => {});
});

describe('two API processes are one shop', () => {
  test('a sign-out on one process is honoured by the other within SESSION_CACHE_MS', async () => {
    const token = await tokenOn(a);
    // the other process has resolved (and cached) the token
    expect((await fetch(`${b}/api/me`, { headers: auth(token) })).status).toBe(200);
    const out = await fetch(`${a}/api/logout`, { method: 'POST', headers: auth(token) });
    expect(out.status).toBeLessThan(300);
    expect((await fetch(`${a}/api/me`, { headers: auth(token) })).status).toBe(401);
    const took = await within(SESSION_CACHE_MS, async () => {
      return (await fetch(`${b}/api/me`, { headers: auth(token) })).status === 401;
    });
    expect(took).toBeLessThanOrEqual(SESSION_CACHE_MS + SLACK_MS);
  });

  test('a price change is seen by both processes within CATALOGUE_CACHE_MS', async () => {
    const token = await tokenOn(demo.url);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ code: string; chop: string }>(
        `select code, chop::text from products where type = 4 and chop is not null order by code limit 1`,
      );
      const { code, chop } = rows[0];
      const chopOn = async (base: string) => {
        const res = await fetch(`${base}/api/Products?TopSearch=${encodeURIComponent(code)}`, {
          headers: auth(token),
        });
        const body = (await res.json()) as { data: { Code: string; Chop: string | null }[] };
        return body.data.find((p) => p.Code === code)?.Chop;
      };
      // both processes have the listing in their caches
      expect(Number(await chopOn(a))).toBe(Number(chop));
      expect(Number(await chopOn(b))).toBe(Number(chop));
      const newChop = (Number(chop) + 1.25).toFixed(2);
      await db.query('update products set chop = $1 where code = $2', [newChop, code]);
      const [tookA, tookB] = await Promise.all(
        [a, b].map((base) =>
          within(CATALOGUE_CACHE_MS, async () => Number(await chopOn(base)) === Number(newChop)),
        ),
      );
      expect(tookA).toBeLessThanOrEqual(CATALOGUE_CACHE_MS + LISTING_CACHE_MS + SLACK_MS);
      expect(tookB).toBeLessThanOrEqual(CATALOGUE_CACHE_MS + LISTING_CACHE_MS + SLACK_MS);
    } finally {
      await db.end();
    }
  });

  test('sign-in failures count across both processes', async () => {
    // wrong passwords from one address, alternating between the processes, until one is refused outright:
    // a shared counter locks at LOGIN_MAX_FAILURES_ACCOUNT (5) attempts in all; counters per process would
    // let 2 × 5 through
    let attempts = 0;
    for (;;) {
      const res = await signIn(attempts % 2 === 0 ? a : b, '10003', 'not-the-password');
      attempts++;
      if (res.status !== 401) {
        expect(res.status).toBe(429);
        break;
      }
      expect(attempts).toBeLessThan(10);
    }
    expect(attempts).toBeLessThanOrEqual(6);
    // the right password is now refused on either process: the address is locked out of the account
    for (const base of [a, b]) {
      const res = await signIn(base, '10003', 'framing-demo');
      expect(res.status).not.toBe(200);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
  });

  test('artwork uploaded to one process is served by the other (it is kept in the database)', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8a5a2b' } })
      .png()
      .toBuffer();
    const up = await fetch(`${a}/api/framebuilder/uploadImage`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(png),
    });
    expect(up.status).toBe(200);
    const { file } = (await up.json()) as { file: string };
    const got = await fetch(`${b}/api/framebuilder/image/${file}.jpg`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toContain('image/jpeg');
    // and through nginx, whichever process answers
    expect((await fetch(`${demo.url}/api/framebuilder/image/${file}.jpg`)).status).toBe(200);
  });
});
