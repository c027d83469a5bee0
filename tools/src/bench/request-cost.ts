// `npx tsx tools/src/bench/request-cost.ts <postgres url>`: the CPU time the compiled API process
// (apps/api/dist/server.mjs, `npm start`) spends per request of each kind of the mixed load, read from the
// process's own counters (/proc/<pid>/stat: user + system), so a busy machine does not skew it the way wall-clock
// times are. REQUEST_COST_N requests a kind (default 300), REQUEST_COST_PORT the port (default a free one).
// Use a copy of the bench database: it adds a user and invoices of its own (request-kinds.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase, queryRows } from '../../../apps/api/src/platform/db.ts';
import { requestKinds } from './request-kinds.ts';

const url = process.argv[2] ?? process.env.DATABASE_URL;
if (!url) throw new Error('usage: request-cost.ts <postgres url of a copy of the bench database>');
const n = Number(process.env.REQUEST_COST_N ?? 300);
const port = Number(process.env.REQUEST_COST_PORT ?? 4164);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** CPU milliseconds (user + system) the process has used so far (0 once it has gone). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in ticks of 1/100 s
  } catch {
    return 0;
  }
}

/**
 * The CPU the PostgreSQL backends of the database spend (the server's pool; not this script's own connection):
 * each backend's ticks are followed every 100 ms, so one that closes meanwhile still counts up to its last look.
 */
function postgresCpu(db: Db) {
  const seen = new Map<number, { first: number; last: number }>();
  const look = async () => {
    const rows = await queryRows<{ pid: number }>(
      db,
      sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    for (const { pid } of rows) {
      const now = cpuMs(pid);
      const entry = seen.get(pid);
      if (entry) entry.last = Math.max(entry.last, now);
      else seen.set(pid, { first: now, last: now });
    }
  };
  const timer = setInterval(() => void look().catch(() => {}), 100);
  return {
    /** CPU ms since the last call. */
    async lap(): Promise<number> {
      await look();
      let used = 0;
      for (const e of seen.values()) {
        used += e.last - e.first;
        e.first = e.last;
      }
      return used;
    },
    stop: () => clearInterval(timer),
  };
}

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
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error('the server did not start');
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
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
    const mix = [
      'browse',
      'search',
      'product',
      'browse',
      'product',
      'search',
      'browse',
      'add to cart',
      'order',
      'pay',
    ];
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
