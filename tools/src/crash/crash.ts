import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Action, type Client, createWorkload, NoAnswer, setUpClients } from './crash-clients.ts';
import { checkInvariants, type Invariant } from './crash-invariants.ts';
import { ApiProcess, dbUrl, recreateDatabase, SERVER_BUILD, sleep } from './crash-process.ts';

/**
 * The crash test: on PostgreSQL, N clients place orders, pay invoices (sandbox gateway), make payment batches
 * and save frame designs in a loop while the compiled API process (apps/api/dist/server.mjs) is SIGKILLed at
 * random moments and started again; afterwards every invariant is checked against the database and what the
 * clients were told (an acknowledged answer is a 2xx). Used by `npm run crash` and its short version in
 * `npm test` (tools/src/crash/crash.test.ts). Its parts: the process (crash-process.ts), the clients
 * (crash-clients.ts) and the invariants (crash-invariants.ts).
 */

export type { Invariant } from './crash-invariants.ts';
export { ApiProcess, dbUrl, REPO_ROOT, recreateDatabase, SERVER_BUILD } from './crash-process.ts';

export interface CrashOptions {
  kills: number;
  clients: number;
  /** PostgreSQL server URL (any database on it); the test makes and drops its own database there. */
  serverUrl: string;
  /** Name of the test's database (dropped and created afresh). */
  database: string;
  port: number;
  /** The process lives this long between kills (ms, uniformly random). */
  upMs?: [number, number];
  /** Seed for the harness's random choices (kill moments, actions), so a run can be repeated. */
  seed?: number;
  /**
   * At most this long for the kill phase (ms): on a loaded machine (restarts are slow) fewer kills are made
   * and the report says how many. Unbounded by default.
   */
  killPhaseMs?: number;
  /** Keep the database afterwards (to look at it). */
  keepDatabase?: boolean;
  log?: (line: string) => void;
}

export interface CrashReport {
  kills: number;
  seconds: number;
  attempts: Record<Action, number>;
  acknowledged: Record<Action, number>;
  /** Calls that got no answer (the process died under them): their outcome is whatever the database says. */
  unanswered: number;
  invariants: Invariant[];
  violations: number;
}

/** mulberry32: a small seeded generator, so a failing run can be repeated with its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The compiled API process on the test's database; its first start seeds the demo data. */
function crashApi(opts: CrashOptions, url: string, dataDir: string, baseUrl: string) {
  return new ApiProcess(
    {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      SEED_DEMO: 'true',
      SEED_PRODUCTS: '50',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '10000000',
      REDIS_URL: '',
      // the job sweeps often and a dead process's claims and pending payments are taken over quickly
      BATCH_JOB_INTERVAL_MS: '1000',
      BATCH_LEASE_MS: '2000',
      PAYMENT_RECONCILE_AFTER_MS: '3000',
    },
    baseUrl,
  );
}

/**
 * The clients' loop and the killer: every client acts until the kills are done, while the process is SIGKILLed
 * at random moments and started again. While it is down, clients wait for it (as a shop's users would retry)
 * instead of spinning.
 */
async function workWhileKilling(
  api: ApiProcess,
  clients: Client[],
  workload: ReturnType<typeof createWorkload>,
  run: { opts: CrashOptions; rnd: () => number; log: (line: string) => void },
) {
  const { opts, rnd, log } = run;
  const [upMin, upMax] = opts.upMs ?? [300, 1500];
  let unanswered = 0;
  let running = true;
  let upNow: Promise<void> = Promise.resolve();
  let markUp = () => {};
  const refused: string[] = [];
  const loops = clients.map(async (c) => {
    while (running) {
      try {
        await workload.act(c);
      } catch (err) {
        if (err instanceof NoAnswer) {
          unanswered++;
          await upNow;
        } else if (refused.length < 20) refused.push((err as Error).message);
      }
    }
  });

  // ---- the killer -----------------------------------------------------------------------------------
  const killsUntil = Date.now() + (opts.killPhaseMs ?? Number.POSITIVE_INFINITY);
  let kills = 0;
  for (let k = 1; k <= opts.kills && Date.now() < killsUntil; k++) {
    await sleep(upMin + rnd() * (upMax - upMin));
    upNow = new Promise<void>((resolve) => {
      markUp = resolve;
    });
    await api.kill('SIGKILL');
    await api.start();
    markUp();
    kills = k;
    if (k % 10 === 0 || k === opts.kills) log(`kill ${k}/${opts.kills} survived`);
  }
  await sleep(upMin);
  running = false;
  await Promise.all(loops);
  if (refused.length > 0) log(`refused calls (answered, not 2xx):\n  ${refused.join('\n  ')}`);
  return { kills, unanswered };
}

/** The last process's job takes over what the dead ones left: open batch items and pending payments (60 s at most). */
async function waitForSettled(db: pg.Pool) {
  const settleUntil = Date.now() + 60_000;
  for (;;) {
    const { rows } = await db.query<{ open: number; pending: number }>(
      `select (select count(*)::int from batch_payments where status is null or status = '') as open,
              (select count(*)::int from payments where status = 'pending') as pending`,
    );
    if ((rows[0].open === 0 && rows[0].pending === 0) || Date.now() > settleUntil) break;
    await sleep(500);
  }
}

export async function runCrashTest(opts: CrashOptions): Promise<CrashReport> {
  if (!existsSync(SERVER_BUILD))
    throw new Error('apps/api/dist/server.mjs is missing: run `npm run build -w apps/api` first.');
  const log = opts.log ?? (() => {});
  const rnd = random(opts.seed ?? Date.now());
  const started = Date.now();
  await recreateDatabase(opts.serverUrl, opts.database);
  const url = dbUrl(opts.serverUrl, opts.database);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mitrebox-crash-'));
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const api = crashApi(opts, url, dataDir, baseUrl);
  const db = new pg.Pool({ connectionString: url, max: 4 });
  // the API process never outlives the harness (a test runner that times out, Ctrl-C)
  const orphan = () => api.child?.kill('SIGKILL');
  process.once('exit', orphan);

  try {
    log('starting the API (first start seeds the demo data)…');
    await api.start(240_000);

    // ---- set-up: clients, stock, invoices, the default card ------------------------------------------
    const { clients, codes, cardId } = await setUpClients(db, baseUrl, opts.clients);
    const workload = createWorkload({ baseUrl, codes, cardId, rnd });

    const { kills, unanswered } = await workWhileKilling(api, clients, workload, { opts, rnd, log });

    await waitForSettled(db);
    await api.kill('SIGTERM');

    // ---- the invariants -------------------------------------------------------------------------------
    const invariants = await checkInvariants(db, workload.acks);
    const violations = invariants.reduce((n, i) => n + i.violations.length, 0);
    return {
      kills,
      seconds: Math.round((Date.now() - started) / 1000),
      attempts: workload.attempts,
      acknowledged: workload.acknowledged,
      unanswered,
      invariants,
      violations,
    };
  } catch (err) {
    throw new Error(`${(err as Error).message}\n--- API output ---\n${api.output()}`);
  } finally {
    process.off('exit', orphan);
    await api.kill('SIGKILL');
    await db.end();
    await rm(dataDir, { recursive: true, force: true });
    if (!opts.keepDatabase) await recreateDatabase(opts.serverUrl, opts.database, true).catch(() => {});
  }
}

/** The report as lines for a terminal. */
export function formatReport(r: CrashReport): string {
  const lines = [
    `Crash test: ${r.kills} SIGKILLs survived in ${r.seconds} s; ${r.unanswered} calls cut off by a kill`,
    `  calls (acknowledged/attempted): orders ${r.acknowledged.order}/${r.attempts.order}, payments ${r.acknowledged.payment}/${r.attempts.payment}, batches ${r.acknowledged.batch}/${r.attempts.batch}, frame designs ${r.acknowledged.frame}/${r.attempts.frame}`,
  ];
  for (const i of r.invariants) {
    lines.push(`  ${i.violations.length === 0 ? '✓' : '✗'} ${i.name} (${i.checked} checked)`);
    for (const v of i.violations.slice(0, 10)) lines.push(`      ${v}`);
    if (i.violations.length > 10) lines.push(`      … and ${i.violations.length - 10} more`);
  }
  lines.push(r.violations === 0 ? '  0 invariant violations' : `  ${r.violations} INVARIANT VIOLATIONS`);
  return lines.join('\n');
}
