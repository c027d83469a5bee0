// `npx tsx tools/src/bench/request-cost.ts <postgres url>`: the CPU time the compiled API process
// (apps/api/dist/server.mjs, `npm start`) spends per request of each kind of the mixed load, read from the
// process's own counters (/proc/<pid>/stat: user + system), so a busy machine does not skew it the way wall-clock
// times are. REQUEST_COST_N requests a kind (default 300), REQUEST_COST_PORT the port (default a free one).
// Use a copy of the bench database: it adds a user and invoices of its own (request-kinds.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@mitrebox/api/platform/db';
import { cpuMs, postgresCpu } from './cpu.ts';
import { KINDS } from './load-loop.ts';
import { requestKinds } from './request-kinds.ts';
import { waitHealthy } from './wait-healthy.ts';

const url = process.argv[2] ?? process.env.DATABASE_URL;
if (!url) throw new Error('usage: request-cost.ts <postgres url of a copy of the bench database>');
const n = Number(process.env.REQUEST_COST_N ?? 300);
const port = Number(process.env.REQUEST_COST_PORT ?? 4164);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// REQUEST_COST_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: a profile of the server (written when it stops)
const nodeArgs = (process.env.REQUEST_COST_NODE_ARGS ?? '').split(' ').filter(Boolean);
const child: ChildProcess = spawn(
  process.execPath,
  [...nodeArgs, path.join(root, 'apps/api/dist/server.mjs')],
  {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      RATE_LIMIT_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
const base = `http://127.0.0.1:${port}`;
const database = await openDatabase({ url });
try {
  await waitHealthy(base);
  const { kinds, cleanUp } = await requestKinds(database.db, base);
  try {
    for (let i = 0; i < 20; i++) for (const [, run] of kinds) await (await run()).text();
    // each kind on its own; an order needs a fresh cart version: each order follows a cart update, whose CPU
    // (measured just before) is taken off
    const perKind = new Map<string, number>();
    const pgPerKind = new Map<string, number>();
    const pgCpu = postgresCpu(database.db);
    for (const [name, run] of kinds) {
      const cart = kinds.find(([k]) => k === 'add to cart')![1];
      await pgCpu.lap();
      const before = cpuMs(child.pid!);
      for (let i = 0; i < n; i++) {
        if (name === 'order') await (await cart()).text();
        const res = await run();
        await res.text();
        if (!res.ok) throw new Error(`${name}: ${res.status}`);
      }
      const used =
        cpuMs(child.pid!) - before - (name === 'order' ? (perKind.get('add to cart') ?? 0) * n : 0);
      const pgUsed = (await pgCpu.lap()) - (name === 'order' ? (pgPerKind.get('add to cart') ?? 0) * n : 0);
      perKind.set(name, used / n);
      pgPerKind.set(name, pgUsed / n);
      console.log(
        `${name.padEnd(12)} API ${(used / n).toFixed(2)} ms, PostgreSQL ${(pgUsed / n).toFixed(2)} ms CPU a request (${n} requests)`,
      );
    }
    pgCpu.stop();
    // the mixed load's loop (load-loop.ts): what one pass of it costs
    const mix: readonly string[] = KINDS;
    const cycle = mix.reduce((sum, k) => sum + (perKind.get(k) ?? 0), 0);
    console.log(
      `the load's cycle of 10: ${cycle.toFixed(1)} ms CPU, ${(cycle / 10).toFixed(2)} ms a request`,
    );
  } finally {
    await cleanUp();
  }
} finally {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  await database.close();
}
