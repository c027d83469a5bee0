import { createServer } from 'node:net';
import { expect, test } from 'vitest';
import { formatReport, runCrashTest } from './crash.ts';

/**
 * The crash test's short version (npm test, after the build): up to 10 SIGKILLs (as many as fit in 90 s, at
 * least 3) of the compiled API process while clients order, pay, batch and save designs on PostgreSQL; every
 * invariant holds. `npm run crash` runs 100.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

test('up to 10 SIGKILLs during ordering, payments, batches and saved designs lose nothing', async () => {
  const report = await runCrashTest({
    kills: Number(process.env.CRASH_KILLS ?? 10),
    clients: 4,
    serverUrl:
      process.env.CRASH_SERVER_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
    database: process.env.CRASH_DATABASE ?? `mitrebox_crash_test_${process.pid}`,
    port: await freePort(),
    upMs: [800, 2000],
    seed: Number(process.env.CRASH_SEED ?? 16),
    // bounded in time: a restart takes 2–3 s on an idle two-core machine, many times that on a loaded one
    killPhaseMs: Number(process.env.CRASH_KILL_PHASE_MS ?? 90_000),
  });
  console.log(formatReport(report));
  expect(report.kills).toBeGreaterThanOrEqual(3);
  expect(report.acknowledged.order).toBeGreaterThan(0);
  expect(report.acknowledged.payment).toBeGreaterThan(0);
  expect(report.invariants.filter((i) => i.violations.length > 0)).toEqual([]);
}, 600_000);
