import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per scheduled job run: the primary key makes a run happen once across API processes. */
export const jobRuns = pgTable('job_runs', {
  runKey: text('run_key').primaryKey(), // e.g. 'clear-carts:2026-11-21'
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
