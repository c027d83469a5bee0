import { Cron } from 'croner';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { jobRuns } from './jobs.tables.ts';

/** The calendar day of a moment in the business time zone, e.g. '2026-11-21'. */
export function businessDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/**
 * Runs `work` once per key across every API process: the first to insert the job_runs row does it.
 * Answers true when this process ran it.
 */
export async function runOnce(db: Db, runKey: string, work: () => Promise<void>): Promise<boolean> {
  const claimed = await db
    .insert(jobRuns)
    .values({ runKey })
    .onConflictDoNothing()
    .returning({ runKey: jobRuns.runKey });
  if (claimed.length === 0) return false;
  await work();
  await db.update(jobRuns).set({ finishedAt: sql`now()` }).where(eq(jobRuns.runKey, runKey));
  return true;
}

export interface ScheduledJob {
  stop(): void;
}

/**
 * Carts empty at midnight in the business time zone (storefront §4). Every process schedules it; one runs it.
 */
export function scheduleMidnightCartClearing(opts: {
  db: Db;
  timeZone: string;
  clearCarts: () => Promise<number>;
  log: FastifyBaseLogger;
}): ScheduledJob {
  const job = new Cron('0 0 * * *', { timezone: opts.timeZone, protect: true }, async () => {
    const key = `clear-carts:${businessDay(new Date(), opts.timeZone)}`;
    try {
      await runOnce(opts.db, key, async () => {
        const n = await opts.clearCarts();
        opts.log.info({ carts: n, key }, 'carts emptied at midnight');
      });
    } catch (err) {
      opts.log.error({ err, key }, 'midnight cart clearing failed');
    }
  });
  return { stop: () => job.stop() };
}

/**
 * Clean-up every hour (at `minute` past): every process schedules it, the first to claim the hour's job_runs
 * row runs it. `work` answers what it did, for the log.
 */
export function scheduleHourly(opts: {
  db: Db;
  name: string;
  minute: number;
  work: () => Promise<Record<string, number>>;
  log: FastifyBaseLogger;
}): ScheduledJob {
  const job = new Cron(`${opts.minute} * * * *`, { protect: true }, async () => {
    const key = `${opts.name}:${new Date().toISOString().slice(0, 13)}`;
    try {
      await runOnce(opts.db, key, async () => {
        opts.log.info({ key, ...(await opts.work()) }, `${opts.name} done`);
      });
    } catch (err) {
      opts.log.error({ err, key }, `${opts.name} failed`);
    }
  });
  return { stop: () => job.stop() };
}
