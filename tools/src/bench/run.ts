// `npm run bench`: every figure beside a baseline measured in the same run on the same machine.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../../../apps/api/src/app.ts';
import { loadConfig } from '../../../apps/api/src/config.ts';
import { openDatabase } from '../../../apps/api/src/platform/db.ts';
import { databaseIsEmpty, seedDemoData } from '../seed/index.ts';
import { type Measurement, measure } from './measure.ts';

interface Row {
  name: string;
  measured: Measurement;
  baseline: Measurement;
  ratio: number;
  target: string;
  met: boolean;
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

async function listen(app: {
  listen: (o: { port: number; host: string }) => Promise<string>;
  server: { address(): unknown };
}) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function main() {
  const config = loadConfig(process.env, { LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: 100_000_000 });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : 'memory://',
  });
  await database.migrate();
  if (await databaseIsEmpty(database.db))
    await seedDemoData(database.db, { products: Number(process.env.BENCH_PRODUCTS ?? 3000) });
  const app = await buildApp({ config, database, serveWeb: false, logger: false });
  const appUrl = await listen(app);

  const rows: Row[] = [];

  // Health: the app's full plugin stack (helmet, rate limit, validation, one query) vs a bare Fastify route.
  const healthBody = (await (await fetch(`${appUrl}/api/health`)).text()).length;
  const bare = Fastify({ logger: false });
  const bareBody = JSON.stringify({ status: 'ok', database: database.kind, time: new Date().toISOString() });
  bare.get('/bare', async (_req, reply) => reply.type('application/json').send(bareBody));
  const bareUrl = await listen(bare);
  const baseline = await measure(`${bareUrl}/bare`, { connections, seconds });
  const health = await measure(`${appUrl}/api/health`, { connections, seconds });
  rows.push({
    name: `health (${healthBody} B) vs bare Fastify`,
    measured: health,
    baseline,
    ratio: health.rps / baseline.rps,
    target: 'information only',
    met: true,
  });

  await app.close();
  await bare.close();
  await database.close();

  mkdirSync('bench', { recursive: true });
  const out = { at: new Date().toISOString(), database: database.kind, connections, seconds, rows };
  writeFileSync(path.join('bench', 'results.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nBenchmarks (${database.kind}, ${connections} connections, ${seconds} s each)`);
  for (const r of rows) {
    console.log(
      `${r.met ? '✓' : '✗'} ${r.name}: ${r.measured.rps} req/s (p50 ${r.measured.p50} ms, p99 ${r.measured.p99} ms) — baseline ${r.baseline.rps} req/s — ratio ${r.ratio.toFixed(2)} — target ${r.target}`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
