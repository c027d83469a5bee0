import { paymentMessages as M } from '@mitrebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { bearer, signIn } from '../../testing/test-app.ts';
import {
  createPaymentsTestApp,
  invoiceRow,
  openInvoices,
  type PaymentsTestApp,
  reopenInvoices,
} from './payments-testkit.ts';

let t: PaymentsTestApp;
let a: string;
let crashes = 0;
const crashOnce = new Set<number>();

beforeAll(async () => {
  t = await createPaymentsTestApp({
    faults: {
      leaseMs: 0,
      batchFaults: {
        afterBatchCharge: (id) => {
          if (crashOnce.has(id)) {
            crashOnce.delete(id);
            crashes++;
            throw new Error('process killed between charge and record');
          }
        },
      },
    },
  });
  a = await signIn(t.app, '10001');
  await reopenInvoices(t.database.db, '10001', 12);
});
afterAll(() => t?.close());

const post = (url: string, who: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: bearer(who), payload: payload as object });
const ids = (invs: { invnum: number }[]) => invs.map((i) => ({ invoiceid: i.invnum }));
const payable = async () =>
  (await openInvoices(t.database.db, '10001')).filter((i) => Number(i.balance) < 1500);
const itemsOf = (batchId: number) =>
  queryRows<{ id: number; invoice_id: number; status: string | null }>(
    t.database.db,
    sql`select id, invoice_id, status from batch_payments where payment_batch_id = ${batchId} order by id`,
  );
const chargesOf = (reference: string) =>
  queryRows<{ id: string }>(
    t.database.db,
    sql`select id from sandbox_gateway_transactions where reference = ${reference}`,
  );

describe('batch payments', () => {
  it('sumBatchPayments: the default card and the sum; makeBatchPayments answers at once; the job settles each invoice', async () => {
    const invs = (await payable()).slice(0, 3);
    // the middle invoice declines: amounts 2000.00–2999.99 decline with that processor code
    await t.database.db.execute(
      sql`update invoices set balance = 2046.00, invamt = 2046.00 where invnum = ${invs[1].invnum}`,
    );
    const expected = (Number(invs[0].balance) + 2046 + Number(invs[2].balance)).toFixed(2);
    const sum = await post('/api/sumBatchPayments', a, ids(invs));
    expect(sum.statusCode, sum.body).toBe(200);
    expect(sum.json()).toEqual([{ lastfour: '1111', sum: expected }]);

    const made = await post('/api/makeBatchPayments', a, ids(invs));
    expect(made.statusCode, made.body).toBe(200);
    const { success, batchId } = made.json();
    expect(success).toBe(true);
    expect((await itemsOf(batchId)).map((i) => i.status)).toEqual([null, null, null]);
    // the orders list and PaymentBatch show In-Process until the job runs
    const search = await post('/api/searchPaymentBatch', a, { batchId });
    expect(search.json().data.map((r: { status: string }) => r.status)).toEqual([
      'In-Process',
      'In-Process',
      'In-Process',
    ]);
    // the same invoices cannot go into a second batch meanwhile
    const twice = await post('/api/makeBatchPayments', a, ids(invs.slice(0, 1)));
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe(M.batchAlreadyInProcess(invs[0].invnum));

    expect(await t.app.services.payments.batch.process()).toBe(3);
    const items = await itemsOf(batchId);
    const statusOf = (invnum: number) => items.find((i) => i.invoice_id === invnum)?.status;
    expect(invs.map((i) => statusOf(i.invnum))).toEqual(['Completed', 'Failed', 'Completed']);
    expect(await invoiceRow(t.database.db, invs[0].invnum)).toMatchObject({ balance: '0.00', paystatus: 1 });
    expect(await invoiceRow(t.database.db, invs[1].invnum)).toMatchObject({
      balance: '2046.00',
      paystatus: 0,
    });
    const [failed] = await queryRows<{ message: string }>(
      t.database.db,
      sql`select message from payments where batch_id = ${batchId} and status = 'failed'`,
    );
    expect(failed.message).toBe('Declined (2046)');
    const list = await post('/api/accountOrders', a, { Invoicenum: invs[1].invnum });
    expect(list.json().data.data[0].batchStatus).toBe('Failed');
  });

  it('a job killed between charge and record, then restarted, charges no invoice twice', async () => {
    const invs = (await payable()).slice(0, 2);
    const { batchId } = (await post('/api/makeBatchPayments', a, ids(invs))).json();
    const [first] = await itemsOf(batchId);
    crashOnce.add(first.id);
    await expect(t.app.services.payments.batch.process('worker-1')).rejects.toThrow(/killed/);
    expect(crashes).toBe(1);
    expect(await chargesOf(`batch-item-${first.id}`)).toHaveLength(1);
    expect((await itemsOf(batchId))[0].status).toBeNull();
    // restart: the lease has run out, another worker takes the item over
    expect(await t.app.services.payments.batch.process('worker-2')).toBe(2);
    expect((await itemsOf(batchId)).map((i) => i.status)).toEqual(['Completed', 'Completed']);
    expect(await chargesOf(`batch-item-${first.id}`)).toHaveLength(1);
    const paid = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from invoice_payments where invnum = ${invs[0].invnum}`,
    );
    expect(paid[0].n).toBe(1);
    expect(await invoiceRow(t.database.db, invs[0].invnum)).toMatchObject({ balance: '0.00', paystatus: 1 });
  });

  it('two job runners in parallel charge each invoice once', async () => {
    const invs = (await payable()).slice(0, 4);
    const { batchId } = (await post('/api/makeBatchPayments', a, ids(invs))).json();
    const jobs = t.app.services.payments.batch;
    const [x, y] = await Promise.all([jobs.process('runner-a'), jobs.process('runner-b')]);
    expect(x + y).toBe(4);
    for (const item of await itemsOf(batchId)) {
      expect(item.status).toBe('Completed');
      expect(await chargesOf(`batch-item-${item.id}`)).toHaveLength(1);
    }
  });

  it('bad batches: none ticked, another account, unknown, paid; nothing is created', async () => {
    const before = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from payment_batches`,
    );
    expect((await post('/api/makeBatchPayments', a, [])).statusCode).toBe(400);
    const [theirs] = await openInvoices(t.database.db, '10005');
    const [mine] = await payable();
    const mixed = await post('/api/makeBatchPayments', a, ids([mine, theirs]));
    expect(mixed.statusCode).toBe(404);
    expect((await post('/api/sumBatchPayments', a, ids([theirs]))).statusCode).toBe(404);
    expect((await post('/api/makeBatchPayments', a, [{ invoiceid: 1999999999 }])).statusCode).toBe(404);
    const [paid] = await queryRows<{ invnum: number }>(
      t.database.db,
      sql`select invnum from invoices where acctnum = '10001' and paystatus = 1 limit 1`,
    );
    expect((await post('/api/makeBatchPayments', a, ids([paid]))).statusCode).toBe(422);
    const after = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from payment_batches`,
    );
    expect(after[0].n).toBe(before[0].n);
  });
});
