// `npm run bench`: every figure beside a baseline measured in the same run on the same machine.
// Runs on PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else a `mitrebox_bench` database created on the
// local server (127.0.0.1:5432). It is seeded with BENCH_PRODUCTS (default 100,000) products the first time.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@mitrebox/api';
import { loadConfig } from '@mitrebox/api/config';
import { databaseIsEmpty } from '@mitrebox/api/demo-data';
import { seedDemo } from '@mitrebox/api/demo-seed';
import { openDatabase, queryRows } from '@mitrebox/api/platform/db';
import { chopCart } from '@mitrebox/api/testing/cart-lines';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { benchCatalogue, searchTerms, spread } from './catalogue.ts';
import { benchWhereToBuy } from './dealers.ts';
import { benchFrames } from './frames.ts';
import { benchFuzz, type FuzzFigures } from './fuzz.ts';
import { benchImport, type ImportFigures } from './import.ts';
import {
  benchPages,
  buildIfNeeded,
  lighthousePages,
  type PageScore,
  signInSession,
  startProduction,
  startToReady,
} from './lighthouse.ts';
import { benchLoad, type LoadFigures } from './load.ts';
import { measure, type BenchRow as Row } from './measure.ts';
import { placeOrders, prepareBuyers } from './orders.ts';
import { paymentsRow } from './payments.ts';
import { posProductsRow } from './pos-api.ts';
import { priceListRows } from './price-list.ts';
import { type BenchResults, printResults, readPrevious } from './run-results.ts';
import { coldStartRow, indexSizeRow } from './start-and-size.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
/**
 * BENCH_PARTS=api, =catalogue (the catalogue's rows of api only), =lighthouse, =fuzz, =load, =import, =price-list
 * (the price-list export and the point-of-sale API's product pages, also in api) or =pos (the point-of-sale API's
 * product pages only) runs one part only (all by default; several: comma-separated).
 */
const parts = new Set((process.env.BENCH_PARTS ?? 'api,lighthouse,fuzz,load,import').split(','));

/** One chop in the cart of the signed-in account, so /Cart shows a real cart. */
async function putInCart(baseUrl: string, token: string, code: string) {
  const res = await fetch(`${baseUrl}/api/updateCart`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(chopCart(code)),
  });
  if (!res.ok) throw new Error(`could not fill the cart: ${res.status} ${await res.text()}`);
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

/** Single cold searches on a PGlite data directory (BENCH_PGLITE_DIR, seeded with as many products). */
async function coldSearchOnPglite(dataDir: string, config: ReturnType<typeof loadConfig>) {
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await database.db.execute(sql`analyze`);
  const app = await buildApp({
    config: {
      ...config,
      CATALOGUE_CACHE_MS: 0,
      LISTING_CACHE_MS: 0,
      SESSION_CACHE_MS: 0,
      COUNTS_CACHE_MS: 0,
    },
    database,
    serveWeb: false,
    logger: false,
  });
  // as `npm start` does once it listens: the catalogue index (and its search) is built before the first search
  await app.services.catalogue.warmIndex();
  const words = (
    await queryRows<{ w: string }>(
      database.db,
      sql`select distinct lower(w) as w from (select display_name from products limit 20000) p,
          regexp_split_to_table(p.display_name, '[^A-Za-z]+') w where length(w) >= 3 order by 1`,
    )
  ).map((r) => r.w);
  const codes = (
    await queryRows<{ code: string }>(database.db, sql`select code from products limit 5000`)
  ).map((r) => r.code);
  const times: number[] = [];
  for (const term of searchTerms(words, codes, 60, 99)) {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: `/api/Shop/Products?TopSearch=${encodeURIComponent(term)}&page=1&items_per_page=10`,
    });
    if (res.statusCode !== 200) throw new Error(`PGlite search '${term}': ${res.statusCode}`);
    times.push(performance.now() - t0);
  }
  const { searches } = app.services.catalogue.indexAnswered();
  console.log(`  PGlite cold searches: ${searches} of ${times.length} answered from the catalogue index`);
  await app.close();
  await database.close();
  return spread(times.slice(10));
}

/**
 * 1-2. The catalogue, caches on and caches off: signed-in listings with random filters and pages, and the header
 * search with distinct terms (tools/src/bench/catalogue.ts), and a single cold search; WhereToBuy beside it.
 */
async function benchCatalogueParts(
  database: Awaited<ReturnType<typeof openDatabase>>,
  url: string,
  config: ReturnType<typeof loadConfig>,
) {
  const rows: Row[] = [];
  const coldSearches: BenchResults['coldSearches'] = [];
  // the start (launch → ready, beside a bare node -e on the same database) and the index's own size per product
  buildIfNeeded();
  rows.push(await coldStartRow(url, productCount));
  rows.push(await indexSizeRow(database.db));
  const catalogue = await benchCatalogue(database, url, { connections, seconds });
  rows.push(...catalogue.rows);
  const cold = spread(catalogue.coldSearchMs);
  coldSearches.push({ engine: 'PostgreSQL', ...cold });
  const listing = catalogue.rows[0]!.measured; // caches on: WhereToBuy's reference, as before
  // against the compiled server too, as the listing it is compared with
  const server = await startProduction({
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  try {
    rows.push(await benchWhereToBuy(database.db, server.url, listing, { connections, seconds }));
  } finally {
    await server.stop();
  }
  const pgliteDir = process.env.BENCH_PGLITE_DIR;
  if (pgliteDir) coldSearches.push({ engine: 'PGlite', ...(await coldSearchOnPglite(pgliteDir, config)) });
  return { rows, coldSearches };
}

/** 3. Order placement: 16 buyers fill a cart and place it, over and over, for 20 s, beside a bare insert route. */
async function benchOrderPlacement(
  database: Awaited<ReturnType<typeof openDatabase>>,
  appUrl: string,
  url: string,
): Promise<Row> {
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
  const row = {
    name: 'order placement, 16 buyers (cart update + order)',
    unit: 'orders/s',
    measured,
    baseline,
    ratio: measured.rps / baseline.rps,
    target: 'information (beside a bare insert route)',
    met: measured.errors === 0,
  };
  await bare.close();
  await baselinePool.query('drop table if exists bench_inserts');
  await baselinePool.end();
  return row;
}

/** 4. Lighthouse on a production start (the compiled server) of this database, and its start-to-ready time. */
async function benchLighthouse(database: Awaited<ReturnType<typeof openDatabase>>, url: string) {
  buildIfNeeded();
  const env = { DATABASE_URL: url };
  const readyMs = await startToReady(env);
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
    const lighthouseRows: PageScore[] = await lighthousePages(
      prod.url,
      // every public page and the main signed-in ones, each run LIGHTHOUSE_RUNS times (its medians)
      benchPages(product.code),
      '10001',
    );
    return { lighthouseRows, readyMs };
  } finally {
    await prod.stop();
  }
}

async function main() {
  const url = await benchDatabaseUrl();
  const config = loadConfig(process.env, {
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: 100_000_000,
    POS_RATE_LIMIT_PER_MINUTE: 100_000_000,
    // the cached render is loaded far past a buyer's 3,000 images a minute
    IMAGE_RATE_LIMIT_PER_MINUTE: 100_000_000,
  });
  const database = await openDatabase({ url });
  await database.migrate();
  if (await databaseIsEmpty(database.db)) {
    console.log(`seeding ${productCount} products into the bench database…`);
    await seedDemo(database.db, { products: productCount, log: (m) => console.log(`  ${m}`) });
  }
  await database.db.execute(sql`analyze`);
  const app = await buildApp({ config, database, serveWeb: false, logger: false });
  const appUrl = await listen(app);
  const rows: Row[] = [];
  const coldSearches: BenchResults['coldSearches'] = [];

  if (parts.has('api') || parts.has('catalogue')) {
    const catalogue = await benchCatalogueParts(database, url, config);
    rows.push(...catalogue.rows);
    coldSearches.push(...catalogue.coldSearches);
  }

  if (parts.has('api')) {
    rows.push(await benchOrderPlacement(database, appUrl, url));
    rows.push(...(await benchFrames(appUrl, { seconds, connections }))); // the Frame Creator's renders (frames.ts)
  }

  let lighthouseRows: PageScore[] = [];
  let readyMs: number[] = [];
  if (parts.has('lighthouse')) ({ lighthouseRows, readyMs } = await benchLighthouse(database, url));

  // 4. card payments, beside order placement
  if (parts.has('api') || parts.has('payments')) rows.push(await paymentsRow(database.db, appUrl, rows));

  // the price-list export of 10001 (CSV streamed, PDF price book) beside a bare COPY … TO STDOUT (price-list.ts)
  if (parts.has('api') || parts.has('price-list'))
    rows.push(...(await priceListRows(database.db, appUrl, url)));
  // a point-of-sale system's product pages with a key of 10001, beside the same page of plain SQL (pos-api.ts)
  if (parts.has('api') || parts.has('price-list') || parts.has('pos'))
    rows.push(await posProductsRow(database.db, appUrl, url, { connections, seconds }));

  // 5. Hostile input, longer than in npm test: every operation of the OpenAPI document, FUZZ_RUNS random cases.
  let fuzzFigures: FuzzFigures | undefined;
  if (parts.has('fuzz')) {
    fuzzFigures = await benchFuzz(appUrl, Number(process.env.FUZZ_RUNS ?? 150));
  }

  // 6. The mixed workload (browse, search, product, cart, order, pay) at BENCH_LOAD_USERS users: one compiled
  // API process, then two behind nginx.
  let loadFigures: LoadFigures[] | undefined;
  if (parts.has('load')) {
    buildIfNeeded();
    loadFigures = await benchLoad(database.db, url);
  }

  // 7. CSV import of 100,000 products (back office and ERP), beside a bare COPY of the same rows.
  let importFigures: ImportFigures | undefined;
  if (parts.has('import')) importFigures = await benchImport(database.db);

  await app.close();
  await database.close();

  mkdirSync('bench', { recursive: true });
  const previous = readPrevious();
  const out: BenchResults = {
    at: new Date().toISOString(),
    database: 'postgres',
    products: productCount,
    connections,
    seconds,
    rows,
    coldSearches,
    loadAverage: os.loadavg(),
    lighthouse: lighthouseRows,
    startToReadyMs: readyMs,
    // a part that did not run keeps its figures of the previous run
    fuzz: fuzzFigures ?? previous?.fuzz,
    load: loadFigures ?? previous?.load,
    import: importFigures ?? previous?.import,
  };
  writeFileSync(path.join('bench', 'results.json'), `${JSON.stringify(out, null, 2)}\n`);
  printResults(out, previous, { fuzzFigures, loadFigures, importFigures });
  if (rows.some((r) => !r.met) || fuzzFigures?.findings) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
