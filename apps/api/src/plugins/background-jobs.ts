// The background jobs of a running server (clearing carts at midnight, purging unused frame images, the batch
// payment job), started when asked (the server does; tests run jobs directly) and stopped on close.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import {
  type MonthlyStatementDeps,
  monthlyStatementDeps,
  scheduleMonthlyStatements,
} from '../modules/invoices/statement-mail.ts';
import {
  type ScheduledJob,
  scheduleHourly,
  scheduleMidnightCartClearing,
} from '../modules/jobs/jobs.service.ts';
import type { Db } from '../platform/db.ts';

export interface BackgroundJobsOptions {
  db: Db;
  config: Pick<Config, 'BUSINESS_TZ' | 'FRAME_IMAGE_GRACE_HOURS' | 'BATCH_JOB_INTERVAL_MS'> &
    MonthlyStatementDeps['config'];
  /** Schedule the jobs; the payment job is stopped on close either way (a test may have run it). */
  start: boolean;
  services: Pick<FastifyInstance['services'], 'cart' | 'frames' | 'payments' | 'mailer' | 'notifications'>;
}

export const backgroundJobs = fp(
  async (app: FastifyInstance, { db, config, start, services }: BackgroundJobsOptions) => {
    const { cart, frames, payments } = services;
    const jobs: ScheduledJob[] = [];
    if (start) {
      jobs.push(
        scheduleMidnightCartClearing({
          db,
          timeZone: config.BUSINESS_TZ,
          clearCarts: () => cart.clearAll(),
          log: app.log,
        }),
      );
      jobs.push(
        scheduleHourly({
          db,
          name: 'purge-frame-images',
          minute: 17,
          work: () => frames.purgeUnused(config.FRAME_IMAGE_GRACE_HOURS),
          log: app.log,
        }),
      );
      // the monthly statement e-mails, on the first of the month (modules/invoices/statement-mail.ts)
      jobs.push(
        scheduleMonthlyStatements(
          monthlyStatementDeps({
            db,
            config,
            mailer: services.mailer,
            notifications: services.notifications,
            log: app.log,
          }),
        ),
      );
      // The batch payment job: right after a batch is made, and every BATCH_JOB_INTERVAL_MS for what is left
      // (another process's crash, a restart). Items are claimed in the database, so processes share the work.
      payments.kickBatchJob = () => void payments.runBatchJob();
      const timer = setInterval(() => void payments.runBatchJob(), config.BATCH_JOB_INTERVAL_MS);
      timer.unref();
      jobs.push({ stop: () => clearInterval(timer) });
      setTimeout(() => void payments.runBatchJob(), 1000).unref();
    }
    // Graceful shutdown (app.close on SIGTERM): the server stops accepting and waits for requests in flight;
    // here the schedules stop and a payment job under way finishes the item it holds before the database closes.
    app.addHook('onClose', async () => {
      for (const job of jobs) job.stop();
      await payments.stopJob();
    });
  },
  { name: 'background-jobs' },
);
