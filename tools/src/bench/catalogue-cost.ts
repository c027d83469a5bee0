// `npx tsx tools/src/bench/catalogue-cost.ts <postgres url>`: the benchmark's caches-off catalogue streams (signed-in
// listings with random filter sets, header searches with distinct terms; catalogue.ts) and WhereToBuy 70115 within
// 50 miles, each loaded for CATALOGUE_COST_SECONDS (default 10) with 32 connections against the compiled server
// (apps/api/dist/server.mjs, a fresh process, caches off), with the CPU each request cost the API process and the
// database's backends (/proc, cpu.ts) beside req/s and latency: on a shared machine the CPU a request is the figure
// to compare before and after a change. CATALOGUE_COST_PARTS=listing,search,dealers picks the streams;
// CATALOGUE_COST_SERVER runs another compiled server (A/B against an earlier build, interleaved);
// CATALOGUE_COST_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, profiles the server (written when it stops);
// CATALOGUE_COST_STDOUT=1 shows the server's standard output (with `--trace-gc`, its collections).
// Use a copy of the bench database (the dealers of dealers.ts must be in it: run the bench once on it).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@mitrebox/api/platform/db';
import { catalogueStreams } from './catalogue.ts';
import { cpuSplitMs, postgresCpu } from './cpu.ts';
import { measure } from './measure.ts';
import { waitHealthy } from './wait-healthy.ts';

const url = process.argv[2] ?? process.env.DATABASE_URL;
if (!url) throw new Error('usage: catalogue-cost.ts <postgres url of a copy of the bench database>');
const seconds = Number(process.env.CATALOGUE_COST_SECONDS ?? 10);
const connections = Number(process.env.CATALOGUE_COST_CONNECTIONS ?? 32);
const port = Number(process.env.CATALOGUE_COST_PORT ?? 4165);
const parts = new Set((process.env.CATALOGUE_COST_PARTS ?? 'listing,search,dealers').split(','));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const nodeArgs = (process.env.CATALOGUE_COST_NODE_ARGS ?? '').split(' ').filter(Boolean);

const database = await openDatabase({ url });
const { terms, searchPath, listingPaths } = await catalogueStreams(database.db);
const child: ChildProcess = spawn(
  process.execPath,
  [...nodeArgs, path.resolve(root, process.env.CATALOGUE_COST_SERVER ?? 'apps/api/dist/server.mjs')],
  {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      RATE_LIMIT_PER_MINUTE: '100000000',
      CATALOGUE_CACHE_MS: '0',
      LISTING_CACHE_MS: '0',
      SESSION_CACHE_MS: '0',
    },
    stdio: ['ignore', process.env.CATALOGUE_COST_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  },
);
const base = `http://127.0.0.1:${port}`;
try {
  await waitHealthy(base);
  // the catalogue index is built (and filled) in the background once the server listens; the benchmark waits for
  // it before the load: so does this, until the server has been idle for two seconds running (on a busy machine a
  // starved build can look idle for one)
  for (let last = cpuSplitMs(child.pid!), idle = 0, i = 0; i < 180 && idle < 2; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuSplitMs(child.pid!);
    idle = i >= 2 && now.user + now.system - last.user - last.system < 30 ? idle + 1 : 0;
    last = now;
  }
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: '10001', password: 'framing-demo' }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const cycle = (paths: string[]) => {
    let i = 0;
    return () => paths[i++ % paths.length]!;
  };
  const streams: [string, Parameters<typeof measure>[1] & {}][] = [];
  if (parts.has('listing'))
    streams.push(['listing', { connections, seconds, headers, paths: cycle(listingPaths) }]);
  if (parts.has('search'))
    streams.push(['search', { connections, seconds, headers, paths: cycle(terms.map(searchPath)) }]);
  if (parts.has('dealers'))
    streams.push(['dealers', { connections, seconds, paths: () => '/api/WhereToBuy?zip=70115&miles=50' }]);
  // CATALOGUE_COST_PATHS=/api/me,/api/health/live: more single paths, signed in (what a request costs around the work)
  for (const extra of (process.env.CATALOGUE_COST_PATHS ?? '').split(',').filter(Boolean))
    streams.push([extra, { connections, seconds, headers, paths: () => extra }]);
  const pg = postgresCpu(database.db);
  for (const [name, opts] of streams) {
    await pg.lap();
    const before = cpuSplitMs(child.pid!);
    const m = await measure(base, opts);
    const after = cpuSplitMs(child.pid!);
    const user = after.user - before.user;
    const system = after.system - before.system;
    const api = user + system;
    const db = await pg.lap();
    const n = m.rps * seconds;
    console.log(
      `${name.padEnd(16)} ${String(m.rps).padStart(5)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms` +
        ` (${m.non2xx} non-2xx, ${m.errors} errors); CPU a request: API ${(api / n).toFixed(3)} ms,` +
        ` PostgreSQL ${(db / n).toFixed(3)} ms (API in the kernel: ${((100 * system) / Math.max(api, 1)).toFixed(0)}%)`,
    );
  }
  pg.stop();
} finally {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  await database.close();
}
