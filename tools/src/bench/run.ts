// `npm run bench`: every figure beside a baseline measured in the same run on the same machine.
// Runs on PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else a `mitrebox_bench` database created on the
// local server (127.0.0.1:5432). It is seeded with BENCH_PRODUCTS (default 100,000) products the first time.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { databaseIsEmpty, seedDemoData } from '@mitrebox/demo-data';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../../apps/api/src/app.ts';
import { loadConfig } from '../../../apps/api/src/config.ts';
import { openDatabase, queryRows } from '../../../apps/api/src/platform/db.ts';
import { benchWhereToBuy } from './dealers.ts';
import { benchFrames } from './frames.ts';
import { benchFuzz, type FuzzFigures } from './fuzz.ts';
import {
  buildIfNeeded,
  lighthousePages,
  type PageScore,
  signInSession,
  startProduction,
  startToReady,
} from './lighthouse.ts';
import { type Measurement, measure } from './measure.ts';
import { placeOrders, prepareBuyers } from './orders.ts';
import { paymentsRow } from './payments.ts';

interface Row {
  name: string;
  unit: string;
  measured: Measurement;
  baseline: Measurement;
  ratio: number;
  target: string;
  met: boolean;
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
/** BENCH_PARTS=api, =lighthouse or =fuzz runs one part only (all by default). */
const parts = new Set((process.env.BENCH_PARTS ?? 'api,lighthouse,fuzz').split(','));

function readPrevious(): { lighthouse?: PageScore[]; startToReadyMs?: number[] } | undefined {
  try {
    return JSON.parse(readFileSync(path.join('bench', 'results.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** One chop in the cart of the signed-in account, so /Cart shows a real cart. */
async function putInCart(baseUrl: string, token: string, code: string) {
  const res = await fetch(`${baseUrl}/api/updateCart`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      cartdata: [
        {
          Code: code,
          productSelection: {
            type: 'chop',
            quantity: 1,
            location: 'C',
            dimension: { length: 11, length_fraction: 0, width: 14, width_fraction: 0 },
          },
          backtype: 'backremq',
        },
      ],
    }),
  });
  if (!res.ok) throw new Error(`could not fill the cart: ${res.status} ${await res.text()}`);
}

/** The Lighthouse table, each figure beside the previous run's (in brackets). */
function printLighthouse(now: PageScore[], before: PageScore[]) {
  const prev = (page: string) => before.find((b) => b.page === page);
  const cell = (v: number, p: number | undefined, fmt: (n: number) => string) =>
    p === undefined ? fmt(v) : `${fmt(v)} (${fmt(p)})`;
  const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;
  const kb = (n: number) => `${Math.round(n / 1024)} KB`;
  const table = now.map((r) => {
    const p = prev(r.page);
    return {
      page: `${r.page}${r.signedIn ? ' (signed in)' : ''}`,
      performance: cell(r.performance, p?.performance, String),
      accessibility: cell(r.accessibility, p?.accessibility, String),
      FCP: cell(r.fcp, p?.fcp, ms),
      LCP: cell(r.lcp, p?.lcp, ms),
      TBT: cell(r.tbt, p?.tbt, (n) => `${n} ms`),
      CLS: cell(r.cls, p?.cls, (n) => n.toFixed(3)),
      bytes: cell(r.bytes, p?.bytes, kb),
      goal:
        r.performance >= 95 && r.accessibility === 100 && r.lcp <= 2500 && r.tbt <= 200 && r.cls <= 0.1
          ? '✓'
          : '✗',
    };
  });
  console.log(
    '\nLighthouse, mobile profile (previous run in brackets); goal: performance ≥ 95, accessibility 100, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1',
  );
  console.table(table);
}

async function listen(app: {
  listen: (o: { port: number; host: string }) => Promise<string>;
  server: { address(): unknown };
}) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function benchDatabaseUrl(): Promise<string> {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (given) return given;
  const server = 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const exists = await admin.query(`select 1 from pg_database where datname = 'mitrebox_bench'`);
  if (exists.rowCount === 0) await admin.query('create database mitrebox_bench');
  await admin.end();
  return 'postgres://postgres@127.0.0.1:5432/mitrebox_bench';
}

/** A bare Fastify route that answers the same bytes: what the framework alone can do on this machine. */
async function bareRoute(body: string, contentType = 'application/json; charset=utf-8') {
  const bare = Fastify({ logger: false });
  bare.get('/bare', (_req, reply) => reply.type(contentType).send(body));
  return { app: bare, url: `${await listen(bare)}/bare` };
}

async function main() {
  const url = await benchDatabaseUrl();
  const config = loadConfig(process.env, {
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: 100_000_000,
  });
  const database = await openDatabase({ url });
  await database.migrate();
  if (await databaseIsEmpty(database.db)) {
    console.log(`seeding ${productCount} products into the bench database…`);
    await seedDemoData(database.db, { products: productCount, log: (m) => console.log(`  ${m}`) });
  }
  await database.db.execute(sql`analyze`);
  const app = await buildApp({ config, database, serveWeb: false, logger: false });
  const appUrl = await listen(app);
  const rows: Row[] = [];

  if (parts.has('api')) {
    const login = await fetch(`${appUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '10001', password: 'framing-demo' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const auth = { authorization: `Bearer ${token}` };

    // 1. Signed-in listing with two filters (a collection and a width range), 50 a page.
    const listing = `${appUrl}/api/Products?type=4&items_per_page=50&filters=${encodeURIComponent(
      JSON.stringify({ collection: [133, 159], width: { from: '1', to: '3' } }),
    )}`;
    const listingBody = await (await fetch(listing, { headers: auth })).text();
    {
      const bare = await bareRoute(listingBody);
      const baseline = await measure(bare.url, { connections, seconds });
      const measured = await measure(listing, { connections, seconds, headers: auth });
      const ratio = measured.rps / baseline.rps;
      rows.push({
        name: `signed-in listing, 2 filters (${listingBody.length} B)`,
        unit: 'req/s',
        measured,
        baseline,
        ratio,
        target: 'ratio ≥ 0.25',
        met: ratio >= 0.25 && measured.non2xx === 0,
      });
      await bare.app.close();
      rows.push(await benchWhereToBuy(database.db, appUrl, measured, { connections, seconds }));
    }

    // 2. Header search: top 10 by name or item #.
    const search = `${appUrl}/api/Products?TopSearch=walnut&page=1&items_per_page=10`;
    const searchBody = await (await fetch(search, { headers: auth })).text();
    {
      const bare = await bareRoute(searchBody);
      const baseline = await measure(bare.url, { connections, seconds });
      const measured = await measure(search, { connections, seconds, headers: auth });
      rows.push({
        name: `header search 'walnut' (${searchBody.length} B)`,
        unit: 'req/s',
        measured,
        baseline,
        ratio: measured.rps / baseline.rps,
        target: 'p99 ≤ 30 ms',
        met: measured.p99 <= 30 && measured.non2xx === 0,
      });
      await bare.app.close();
    }

    // 3. Order placement: 16 buyers fill a cart and place it, over and over, for 20 s.
    {
      const buyers = await prepareBuyers(database.db, appUrl, 16);
      const baselinePool = new pg.Pool({ connectionString: url, max: 20 });
      await baselinePool.query(
        'create table if not exists bench_inserts (id serial primary key, at timestamptz default now(), body text)',
      );
      const bare = Fastify({ logger: false });
      bare.post('/bare-insert', async () => {
        const r = await baselinePool.query('insert into bench_inserts (body) values ($1) returning id', [
          'order',
        ]);
        return { orderNumber: r.rows[0].id };
      });
      const bareUrl = `${await listen(bare)}/bare-insert`;
      const orderSeconds = Number(process.env.BENCH_ORDER_SECONDS ?? 20);
      const baseline = await measure(bareUrl, {
        connections: 16,
        seconds: orderSeconds,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const measured = await placeOrders(appUrl, buyers, orderSeconds);
      rows.push({
        name: 'order placement, 16 buyers (cart update + order)',
        unit: 'orders/s',
        measured,
        baseline,
        ratio: measured.rps / baseline.rps,
        target: 'information (beside a bare insert route)',
        met: measured.errors === 0,
      });
      await bare.close();
      await baselinePool.query('drop table if exists bench_inserts');
      await baselinePool.end();
    }
    rows.push(...(await benchFrames(appUrl, { seconds, connections }))); // the Frame Creator's renders (frames.ts)
  }

  // 4. Lighthouse on a production start (the compiled server) of this database, and its start-to-ready time.
  let lighthouseRows: PageScore[] = [];
  let readyMs: number[] = [];
  if (parts.has('lighthouse')) {
    buildIfNeeded();
    const env = { DATABASE_URL: url };
    readyMs = await startToReady(env);
    const prod = await startProduction(env);
    try {
      const session = await signInSession(prod.url);
      const [product] = await queryRows<{ code: string }>(
        database.db,
        sql`select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
            where p.type = 4 and s.onhand > 100 order by p.code limit 1`,
      );
      if (!product) throw new Error('the bench database has no moulding in stock');
      await putInCart(prod.url, session.token, product.code);
      lighthouseRows = await lighthousePages(
        prod.url,
        [
          { path: '/', signedIn: false },
          { path: '/Shop', signedIn: false },
          { path: `/productDetail/${product.code}`, signedIn: false },
          { path: '/Cart', signedIn: true },
          { path: '/FrameBuilder', signedIn: true },
          { path: '/Admin/userListOrders', signedIn: true },
        ],
        session,
      );
    } finally {
      await prod.stop();
    }
  }

  rows.push(await paymentsRow(database.db, appUrl, rows)); // 4. card payments, beside order placement

  // 5. Hostile input, longer than in npm test: every operation of the OpenAPI document, FUZZ_RUNS random cases.
  let fuzzFigures: FuzzFigures | undefined;
  if (parts.has('fuzz')) {
    fuzzFigures = await benchFuzz(appUrl, Number(process.env.FUZZ_RUNS ?? 150));
  }

  await app.close();
  await database.close();

  mkdirSync('bench', { recursive: true });
  const previous = readPrevious();
  const out = {
    at: new Date().toISOString(),
    database: 'postgres',
    products: productCount,
    connections,
    seconds,
    rows,
    lighthouse: lighthouseRows,
    startToReadyMs: readyMs,
    fuzz: fuzzFigures,
  };
  writeFileSync(path.join('bench', 'results.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(
    `\nBenchmarks (PostgreSQL, ${productCount} products; ${connections} connections, ${seconds} s each unless noted)`,
  );
  for (const r of rows) {
    console.log(
      `${r.met ? '✓' : '✗'} ${r.name}: ${r.measured.rps} ${r.unit} (p50 ${r.measured.p50} ms, p99 ${r.measured.p99} ms, errors ${r.measured.errors + r.measured.non2xx})` +
        ` — baseline ${r.baseline.rps}/s (p99 ${r.baseline.p99} ms) — ratio ${r.ratio.toFixed(2)} — target ${r.target}`,
    );
  }
  if (lighthouseRows.length > 0) printLighthouse(lighthouseRows, previous?.lighthouse ?? []);
  if (readyMs.length > 0) {
    const median = [...readyMs].sort((x, y) => x - y)[Math.floor(readyMs.length / 2)]!;
    const before = previous?.startToReadyMs?.length
      ? ` (previous run: ${[...previous.startToReadyMs].sort((x, y) => x - y)[Math.floor(previous.startToReadyMs.length / 2)]} ms)`
      : '';
    console.log(
      `${median <= 3000 ? '✓' : '✗'} start-to-ready of npm start on the existing database: ${median} ms median of ${readyMs.join(', ')} ms${before} — target ≤ 3000 ms`,
    );
  }
  if (fuzzFigures) {
    const f = fuzzFigures;
    console.log(
      `${f.serverErrors === 0 && !f.findings ? '✓' : '✗'} fuzz: ${f.operations} operations × (systematic + ${f.runsPerOperation} random) = ${f.requests} requests, ` +
        `${f.serverErrors} answers ≥ 500 (seed ${f.seed}; statuses ${JSON.stringify(f.statuses)}) — target 0`,
    );
    if (f.findings) console.log(f.findings);
  }
  if (rows.some((r) => !r.met) || fuzzFigures?.findings) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
