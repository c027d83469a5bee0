import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { bearer, signIn } from '../../testing/test-app.ts';
import {
  createPaymentsTestApp,
  openInvoices,
  type PaymentsTestApp,
  reopenInvoices,
} from './payments-testkit.ts';

/**
 * Graceful shutdown and the batch payment job (docs/decisions/017-crashes-shutdown-and-load.md): app.close() — what
 * SIGTERM calls — waits while the job holds an item it has charged, lets it record that item, and the job takes no
 * further item.
 */
let t: PaymentsTestApp;
let a: string;
let hold: { reached: () => void; release: Promise<void> } | null = null;

beforeAll(async () => {
  t = await createPaymentsTestApp({
    faults: {
      batchFaults: {
        // the job has charged the card and is about to record the charge: the shutdown comes now
        afterBatchCharge: async () => {
          const h = hold;
          hold = null;
          if (!h) return;
          h.reached();
          await h.release;
        },
      },
    },
  });
  a = await signIn(t.app, '10001');
  await reopenInvoices(t.database.db, '10001', 3);
});
afterAll(() => t?.close());

it('a shutdown lets the payment job record the item it charged, and the job starts no other', async () => {
  const invs = (await openInvoices(t.database.db, '10001'))
    .filter((i) => Number(i.balance) < 1500)
    .slice(0, 2);
  expect(invs).toHaveLength(2);
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/makeBatchPayments',
    headers: bearer(a),
    payload: invs.map((i) => ({ invoiceid: i.invnum })),
  });
  expect(made.statusCode, made.body).toBe(200);
  const { batchId } = made.json();

  let reached!: () => void;
  let release!: () => void;
  const charged = new Promise<void>((r) => {
    reached = r;
  });
  hold = { reached, release: new Promise<void>((r) => (release = r)) };
  // What happens is written down in order, so the test waits on events, never on a pause: the close asks the job
  // to stop (seen through the service's stopJob, which the close calls) while the job holds its charged item.
  const events: string[] = [];
  const payments = t.app.services.payments;
  const stopJob = payments.stopJob;
  let stopAsked!: () => void;
  const asked = new Promise<void>((r) => {
    stopAsked = r;
  });
  payments.stopJob = async () => {
    stopAsked();
    await stopJob();
    events.push('job stopped');
  };
  const job = payments.runBatchJob().then(() => events.push('item recorded'));
  await charged;

  const closing = t.app.close().then(() => events.push('closed'));
  await asked;
  events.push('released');
  release();
  await closing;
  await job;
  expect(events, 'the shutdown waits for the item the job holds').toEqual([
    'released',
    'item recorded',
    'job stopped',
    'closed',
  ]);

  const items = await queryRows<{ invoice_id: number; status: string | null; payment_id: number | null }>(
    t.database.db,
    sql`select invoice_id, status, payment_id from batch_payments where payment_batch_id = ${batchId} order by id`,
  );
  // the charged item is recorded with its payment row; the next one is left for the next process
  expect(items[0]).toMatchObject({ status: 'Completed', payment_id: expect.any(Number) });
  expect(items[1]).toMatchObject({ status: null, payment_id: null });
  const charges = await queryRows<{ reference: string }>(
    t.database.db,
    sql`select reference from sandbox_gateway_transactions where reference like 'batch-item-%'
        and reference in (select 'batch-item-' || id from batch_payments where payment_batch_id = ${batchId})`,
  );
  expect(charges).toHaveLength(1);
  // and after the shutdown no run starts at all
  await t.app.services.payments.runBatchJob();
  const after = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from batch_payments where payment_batch_id = ${batchId} and status is null`,
  );
  expect(after[0].n).toBe(1);
});
