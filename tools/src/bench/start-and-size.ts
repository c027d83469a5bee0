// The start and the catalogue index's size (issue 33, docs/decisions/018 "The start" and "What is kept"):
// - cold start: launch of the compiled server (`npm start`) on the bench database → first 200 of the readiness
//   check and of /Shop, beside a bare `node -e` that opens the same database and answers one query;
// - the index's own heap per product, beside the same columns held as plain objects (what node-postgres gives).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CatalogueIndex } from '@mitrebox/api/modules/catalogue/catalogue-index';
import { indexedProducts } from '@mitrebox/api/modules/catalogue/catalogue-index.repository';
import type { Db } from '@mitrebox/api/platform/db';
import type { BenchRow, Measurement } from './measure.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER = path.join(ROOT, 'apps/api/dist/server.mjs');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Launch → first 200 of each path (polled every 10 ms), one start of the compiled server. */
async function oneStart(databaseUrl: string, paths: string[]): Promise<number[]> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DATABASE_URL: databaseUrl,
    },
    stdio: 'ignore',
  });
  try {
    return await Promise.all(
      paths.map(async (p) => {
        for (;;) {
          if (child.exitCode !== null) throw new Error('the server stopped during its start');
          if (performance.now() - started > 120_000) throw new Error(`no 200 on ${p} within 120 s`);
          const ok = await fetch(`http://127.0.0.1:${port}${p}`).then(
            (r) => r.arrayBuffer().then(() => r.status === 200),
            () => false,
          );
          if (ok) return performance.now() - started;
          await sleep(10);
        }
      }),
    );
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
  }
}

/** Launch → answer of a bare `node -e` that opens the same database (node-postgres) and answers one query. */
async function bareStart(databaseUrl: string): Promise<number> {
  const started = performance.now();
  const script = `const pg = require('pg'); const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    c.connect().then(() => c.query('select count(*) from products')).then((r) => { console.log(r.rows[0].count); return c.end(); });`;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: path.join(ROOT, 'apps/api'),
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`the bare start failed (${code})`);
  return performance.now() - started;
}

const asMeasurement = (times: number[]): Measurement => ({
  // the row's figure is the median in ms (printed where a rate is)
  rps: Math.round(median(times)),
  p50: Math.round(median(times)),
  p99: Math.round(Math.max(...times)),
  errors: 0,
  non2xx: 0,
});

/**
 * Launch → ready of `npm start` on this database (the later of the readiness check's and /Shop's first 200; median
 * of `runs`), beside a bare `node -e` opening the same database and answering one query. Goal (issue 33): ≤ 1 s at
 * 3,000 products, ≤ 2 s at 100,000.
 */
export async function coldStartRow(databaseUrl: string, products: number, runs = 3): Promise<BenchRow> {
  const ready: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs; i++) {
    bare.push(await bareStart(databaseUrl));
    const [health, shop] = await oneStart(databaseUrl, ['/api/health', '/Shop']);
    ready.push(Math.max(health!, shop!));
  }
  const goal = products <= 3_000 ? 1_000 : 2_000;
  const measured = asMeasurement(ready);
  const baseline = asMeasurement(bare);
  return {
    name: 'cold start: launch → first 200 of /api/health and /Shop (median of 3)',
    unit: 'ms',
    measured,
    baseline,
    ratio: measured.rps / baseline.rps,
    target: `≤ ${goal} ms (beside a bare node -e opening the database and answering one query)`,
    met: measured.rps <= goal,
  };
}

/** The heap in use after a full collection (the bench process may collect at will: `--expose-gc` at run time). */
function heapAfterGc(): number {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/**
 * The catalogue index's own heap per product (its columns, position lists and search structures; not the rows, texts
 * and net prices it keeps beside them, which are bounded: catalogue-index.ts), beside the same columns as plain
 * objects, as node-postgres reads them.
 */
export async function indexSizeRow(db: Db): Promise<BenchRow> {
  const empty = heapAfterGc();
  const { version, products } = await indexedProducts(db);
  const n = Math.max(1, products.length);
  // the columns as plain objects (strings and all), as read
  const rowsBytes = heapAfterGc() - empty;
  const index = new CatalogueIndex(products, version);
  products.length = 0;
  // the index alone (it holds the item # and name strings it shares with the objects read)
  const indexBytes = heapAfterGc() - empty;
  if (index.size !== n && n > 1) throw new Error('the index lost products');
  const figure = (bytes: number): Measurement => ({
    rps: Math.round(bytes / n),
    p50: Math.round(bytes / n),
    p99: Math.round(bytes / n),
    errors: 0,
    non2xx: 0,
  });
  const measured = figure(indexBytes);
  const baseline = figure(rowsBytes);
  return {
    name: `catalogue index: its own heap per product (${n} products; ${(indexBytes / 1048576).toFixed(1)} MB)`,
    unit: 'bytes/product',
    measured,
    baseline,
    ratio: measured.rps / Math.max(1, baseline.rps),
    target:
      'information (beside the same columns as plain objects); rows and texts kept beside it are bounded',
    met: true,
  };
}
