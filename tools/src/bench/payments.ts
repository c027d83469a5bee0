import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type Db, queryRows } from '@mitrebox/api/platform/db';
import { sql } from 'drizzle-orm';
import type { Measurement } from './measure.ts';

const FIRST_BENCH_INVOICE = 1_900_000_000;

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Card payments recorded per second through the sandbox gateway: 16 payers each pay whole invoices of demo
 * account 10001 with its saved (vaulted) card, one Idempotency-Key per payment — the full path: check and
 * reserve, charge, record, receipt. Shown beside order placement of the same run (its ratio is payments/s ÷
 * orders/s). The bench invoices and their payments are removed afterwards.
 */
export async function paymentsRow(
  db: Db,
  appUrl: string,
  rows: { name: string; measured: Measurement }[],
  opts: { payers?: number; seconds?: number } = {},
) {
  const payers = opts.payers ?? 16;
  const seconds = opts.seconds ?? Number(process.env.BENCH_PAYMENT_SECONDS ?? 20);
  const invoices = 40_000;
  await cleanUp(db);
  await db.execute(sql`insert into invoices (invnum, acctnum, location, inv_date, invamt, balance, paystatus)
    select ${FIRST_BENCH_INVOICE} + g, '10001', 'C', now(), 100.00, 100.00, 0 from generate_series(1, ${invoices}) g`);
  const [card] = await queryRows<{ id: number }>(
    db,
    sql`select id from billing_methods where acctnum = '10001' and deleted_at is null order by is_default desc, id limit 1`,
  );
  const login = await fetch(`${appUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: '10001', password: 'framing-demo' }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;

  let next = 1;
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: payers }, async () => {
      while (performance.now() < deadline && next <= invoices) {
        const invnum = FIRST_BENCH_INVOICE + next++;
        const started = performance.now();
        const res = await fetch(`${appUrl}/api/admin/makePayment`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'idempotency-key': `bench-${randomUUID()}`,
          },
          body: JSON.stringify({ Invnum: invnum, accountBillId: card.id, amount: '100.00' }),
        });
        const body = (await res.json()) as { paymentSuccess?: boolean };
        if (res.ok && body.paymentSuccess) latencies.push(performance.now() - started);
        else errors++;
      }
    }),
  );
  await cleanUp(db);
  latencies.sort((a, b) => a - b);
  const measured: Measurement = {
    rps: Math.round((latencies.length / seconds) * 10) / 10,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    errors,
    non2xx: 0,
  };
  const orders = rows.find((r) => r.name.startsWith('order placement'))?.measured ?? measured;
  return {
    name: `card payments through the sandbox gateway, ${payers} payers (saved card)`,
    unit: 'payments/s',
    measured,
    baseline: orders,
    ratio: orders.rps > 0 ? measured.rps / orders.rps : 0,
    target: 'information (beside order placement in the same run)',
    met: errors === 0,
  };
}

async function cleanUp(db: Db) {
  const bench = sql`select invnum from invoices where invnum > ${FIRST_BENCH_INVOICE}`;
  await db.execute(sql`delete from payments where invnum in (${bench})`);
  await db.execute(sql`delete from invoices where invnum > ${FIRST_BENCH_INVOICE}`);
  await db.execute(sql`delete from idempotency_keys where key like 'bench-%'`);
}
