import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { DEMO_PASSWORD, DEMO_STAFF_TOTP_SECRET } from '../demo-data/index.ts';
import { seedDemo } from '../demo-seed.ts';
import { type Database, openDatabase } from '../platform/db.ts';
import type { Mailer } from '../platform/mail.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: in-memory PGlite, or — when DATABASE_URL is set — a new PostgreSQL
 * database created on that server and dropped afterwards. Migrated and seeded with the demo data.
 */
export async function openTestDatabase(
  opts: { seedProducts?: number; seed?: boolean; migrate?: boolean } = {},
) {
  const serverUrl = process.env.DATABASE_URL;
  let dropDb: (() => Promise<void>) | undefined;
  let database: Database;
  if (serverUrl) {
    const name = `mitrebox_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString() });
    dropDb = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    database = await openDatabase({ dataDir: 'memory://' });
  }
  if (opts.migrate !== false) await database.migrate();
  if (opts.seed !== false && opts.migrate !== false)
    await seedDemo(database.db, { products: opts.seedProducts ?? 300 });
  return {
    database,
    async close() {
      // a test may have closed the database itself (to see a failure); the throw-away database goes anyway
      await database.close().catch(() => {});
      await dropDb?.();
    },
  };
}

export async function createTestApp(
  opts: {
    seedProducts?: number;
    seed?: boolean;
    config?: Partial<Record<keyof Config, unknown>>;
    mailer?: Mailer;
  } = {},
): Promise<TestApp> {
  const { database, close } = await openTestDatabase(opts);
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: 100000,
      CONTACT_BURST_PER_MINUTE: 100000,
      // caches are off unless a test turns them on to test them
      SESSION_CACHE_MS: 0,
      LISTING_CACHE_MS: 0,
      COUNTS_CACHE_MS: 0,
      ...opts.config,
    },
  );
  const app = await buildApp({ config, database, mailer: opts.mailer, serveWeb: false, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await close();
    },
  };
}

/** Signs in through the API and answers the bearer token. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password = 'framing-demo',
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  const token = res.json().data.token as string | null;
  if (!token) throw new Error(`sign-in of ${username} gave no token: ${res.body}`);
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Signs a demo staff user in (e-mail, password, then the TOTP code) and answers the bearer token. A code's time
 * step is accepted once per user: sign each staff user in once per test file and reuse the token.
 */
export async function signInStaff(
  app: FastifyInstance,
  email = 'admin@mitrebox.example',
  secret = DEMO_STAFF_TOTP_SECRET,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login/staff',
    payload: { email, password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200)
    throw new Error(`staff sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const token = res.json().token as string;
  const code = await generate({ secret });
  const verified = await app.inject({
    method: 'POST',
    url: '/api/tokenLogin',
    headers: bearer(token),
    payload: { code },
  });
  if (verified.statusCode !== 200 || !verified.json().login)
    throw new Error(`the TOTP step of ${email} failed: ${verified.statusCode} ${verified.body}`);
  return token;
}
