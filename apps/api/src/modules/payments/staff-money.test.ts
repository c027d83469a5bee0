import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { bearer, signIn, signInStaff } from '../../testing/test-app.ts';
import {
  createPaymentsTestApp,
  invoiceRow,
  manualCard,
  newKey,
  openInvoices,
  type PaymentsTestApp,
  payRequest,
  reopenInvoices,
  TEST_CARDS,
  tokenize,
} from './payments-testkit.ts';
import { staffMoneyMessages as S } from './staff-money.ts';

/**
 * The back office's money: invoices of any account with their payments; refunds and voids through
 * the gateway, once per Idempotency-Key, with the invoice and an audit entry in the same transaction; only
 * admin and accounting may return money.
 */
let t: PaymentsTestApp;
let customer: string; // 10001, who pays
let admin: string;
let accounting: string;
let sales: string;
let open: { invnum: number; balance: string }[];

beforeAll(async () => {
  t = await createPaymentsTestApp();
  const db = t.database.db;
  customer = await signIn(t.app, '10001');
  admin = await signInStaff(t.app, 'admin@mitrebox.example');
  accounting = await signInStaff(t.app, 'accounting@mitrebox.example');
  sales = await signInStaff(t.app, 'sales@mitrebox.example');
  await reopenInvoices(db, '10001', 10);
  open = (await openInvoices(db, '10001')).filter((i) => Number(i.balance) > 50 && Number(i.balance) < 1500);
  expect(open.length).toBeGreaterThan(4);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

/** The customer pays an invoice in full with a new card; answers the payment id. */
async function pay(invnum: number, amount: string) {
  const card = await tokenize(t.app, TEST_CARDS.approve);
  const res = await payRequest(t.app, customer, { Invnum: invnum, amount, ...manualCard(card.token) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().paymentSuccess).toBe(true);
  return Number(res.json().paymentId);
}

/** The gateway's settlement batch has run for this payment (refundable now, no longer voidable). */
async function settle(paymentId: number) {
  await db().execute(
    sql`update sandbox_gateway_transactions set settles_at = now() - interval '1 minute'
        where id = (select gateway_transaction_id from payments where id = ${paymentId})`,
  );
}

const refund = (token: string, paymentId: number, amount?: string, key: string | null = newKey()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/payments/${paymentId}/refund`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: amount === undefined ? {} : { amount },
  });
const voidIt = (token: string, paymentId: number, key: string = newKey()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/payments/${paymentId}/void`,
    headers: { ...bearer(token), 'idempotency-key': key },
  });

const gatewayTx = async (paymentId: number) =>
  (
    await queryRows<{ status: string; refunded: string }>(
      db(),
      sql`select status, refunded::text as refunded from sandbox_gateway_transactions
          where id = (select gateway_transaction_id from payments where id = ${paymentId})`,
    )
  )[0];
const adjustments = async (paymentId: number) =>
  queryRows<{ kind: string; amount: string; status: string }>(
    db(),
    sql`select kind, amount::text as amount, status from payment_adjustments where payment_id = ${paymentId}`,
  );

describe('who may see and return money', () => {
  it('anonymous visitors 401, customers 403 on every staff money route; sales may look but not refund or void', async () => {
    const inv = open[0];
    const routes = [
      { method: 'GET' as const, url: '/api/staff/invoices' },
      { method: 'GET' as const, url: '/api/staff/orders' },
      { method: 'GET' as const, url: `/api/staff/invoices/${inv.invnum}` },
      { method: 'POST' as const, url: '/api/staff/payments/1/refund', payload: {} },
      { method: 'POST' as const, url: '/api/staff/payments/1/void' },
    ];
    for (const r of routes) {
      expect((await t.app.inject(r)).statusCode, r.url).toBe(401);
      expect((await t.app.inject({ ...r, headers: bearer(customer) })).statusCode, r.url).toBe(403);
    }
    expect((await t.app.inject({ ...routes[0], headers: bearer(sales) })).statusCode).toBe(200);
    const paymentId = await pay(open[3].invnum, '10.00');
    const before = await invoiceRow(db(), open[3].invnum);
    for (const res of [await refund(sales, paymentId, '1.00'), await voidIt(sales, paymentId)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(S.roleRefused);
    }
    expect(await invoiceRow(db(), open[3].invnum)).toEqual(before);
    expect(await adjustments(paymentId)).toEqual([]);
  });
});

describe('invoices and orders of any account', () => {
  it('server-paged, sorted and searched by account, number and date; an invoice shows its payments', async () => {
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/staff/invoices?perPage=5&sort=invnum&dir=asc',
      headers: bearer(admin),
    });
    expect(all.statusCode, all.body).toBe(200);
    const page1 = all.json();
    expect(page1.rows).toHaveLength(5);
    expect(page1.total).toBeGreaterThan(5);
    const nums = page1.rows.map((r: { invnum: number }) => r.invnum);
    expect(nums).toEqual([...nums].sort((a, b) => a - b));
    expect(new Set(page1.rows.map((r: { acctnum: string }) => r.acctnum)).size).toBeGreaterThan(0);
    const page2 = (
      await t.app.inject({
        method: 'GET',
        url: '/api/staff/invoices?perPage=5&page=2&sort=invnum&dir=asc',
        headers: bearer(admin),
      })
    ).json();
    expect(page2.rows[0].invnum).toBeGreaterThan(nums[4]);

    const byAccount = (
      await t.app.inject({
        method: 'GET',
        url: '/api/staff/invoices?q=10005&perPage=200',
        headers: bearer(admin),
      })
    ).json();
    expect(byAccount.total).toBeGreaterThan(0);
    expect(byAccount.rows.every((r: { acctnum: string }) => r.acctnum === '10005')).toBe(true);
    const byNumber = (
      await t.app.inject({
        method: 'GET',
        url: `/api/staff/invoices?q=${open[0].invnum}`,
        headers: bearer(admin),
      })
    ).json();
    expect(byNumber.rows.map((r: { invnum: number }) => r.invnum)).toContain(open[0].invnum);
    const day = byAccount.rows[0].invDate.slice(0, 10);
    const byDate = (
      await t.app.inject({
        method: 'GET',
        url: `/api/staff/invoices?from=${day}&to=${day}&perPage=200`,
        headers: bearer(admin),
      })
    ).json();
    expect(byDate.total).toBeGreaterThan(0);
    expect(byDate.rows.every((r: { invDate: string }) => r.invDate.slice(0, 10) === day)).toBe(true);

    const orders = await t.app.inject({
      method: 'GET',
      url: '/api/staff/orders?q=10001&sort=ordnum&dir=desc&perPage=3',
      headers: bearer(accounting),
    });
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json().rows.every((r: { acctnum: string }) => r.acctnum === '10001')).toBe(true);

    const inv = open[2];
    const paymentId = await pay(inv.invnum, '5.00');
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/staff/invoices/${inv.invnum}`,
      headers: bearer(sales),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().acctnum).toBe('10001');
    expect(detail.json().payments).toContainEqual(
      expect.objectContaining({ id: paymentId, amount: '5.00', status: 'succeeded', lastFour: '1111' }),
    );
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/staff/invoices/1999999999',
      headers: bearer(admin),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('refund', () => {
  it('refuses more than was captured, and changes nothing', async () => {
    const inv = open[0];
    const paymentId = await pay(inv.invnum, inv.balance);
    await settle(paymentId);
    const before = await invoiceRow(db(), inv.invnum);
    const over = (Number(inv.balance) + 0.01).toFixed(2);
    for (const amount of [over, '0', '-5', '1.005', 'ten']) {
      const res = await refund(admin, paymentId, amount);
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(422);
    }
    expect((await refund(admin, paymentId, over)).json().message).toBe(S.amountAbove(inv.balance));
    expect(await invoiceRow(db(), inv.invnum)).toEqual(before);
    expect((await gatewayTx(paymentId)).refunded).toBe('0.00');
    expect(await adjustments(paymentId)).toEqual([]);
    // without an Idempotency-Key nothing happens either
    const noKey = await refund(admin, paymentId, '1.00', null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe(S.keyMissing);
  });

  it('the same key twice (and ten at once) refunds once; the invoice balance moves; an audit entry with before and after', async () => {
    const inv = open[1];
    const paymentId = await pay(inv.invnum, inv.balance);
    await settle(paymentId);
    const paid = await invoiceRow(db(), inv.invnum);
    expect(paid.paystatus).toBe(1);
    const key = newKey();
    const first = await refund(accounting, paymentId, '20.00', key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await refund(accounting, paymentId, '20.00', key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => refund(accounting, paymentId, '20.00', key)),
    );
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    // another body under the key is refused
    expect((await refund(accounting, paymentId, '21.00', key)).statusCode).toBe(422);

    expect(await adjustments(paymentId)).toEqual([{ kind: 'refund', amount: '20.00', status: 'done' }]);
    expect((await gatewayTx(paymentId)).refunded).toBe('20.00');
    const after = await invoiceRow(db(), inv.invnum);
    expect(after.balance).toBe('20.00');
    expect(after.paystatus).toBe(3);
    expect(Number(after.payamt)).toBeCloseTo(Number(paid.payamt) - 20, 2);

    const [entry] = await queryRows<{ actor_name: string; action: string; before: unknown; after: unknown }>(
      db(),
      sql`select actor_name, action, before, after from audit_log where entity = 'payment' and entity_id = ${String(paymentId)}`,
    );
    expect(entry.action).toBe('payment.refund');
    expect(entry.actor_name).toBe('accounting@mitrebox.example');
    expect(entry.before).toMatchObject({
      payment: { status: 'succeeded', refunded: '0.00' },
      invoice: { balance: '0.00', paystatus: 1 },
    });
    expect(entry.after).toMatchObject({
      payment: { refunded: '20.00' },
      invoice: { balance: '20.00', paystatus: 3 },
      amount: '20.00',
    });

    // the rest, then nothing more
    const rest = (Number(inv.balance) - 20).toFixed(2);
    const second = await refund(admin, paymentId, undefined);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().amount).toBe(rest);
    expect((await invoiceRow(db(), inv.invnum)).balance).toBe(inv.balance);
    const more = await refund(admin, paymentId, '0.01');
    expect(more.statusCode).toBe(422);
    expect(more.json().message).toBe(S.amountAbove('0.00'));
    expect((await gatewayTx(paymentId)).status).toBe('refunded');
  });
});

describe('void', () => {
  it('voids before settlement: payment voided, invoice open again; refused once settled (refund then)', async () => {
    const inv = open[4];
    const before = await invoiceRow(db(), inv.invnum);
    const paymentId = await pay(inv.invnum, '15.00');
    // not settled yet: a refund is refused by the gateway, a void goes through
    const early = await refund(admin, paymentId, '1.00');
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('Cannot refund a transaction unless it is settled.');
    const key = newKey();
    const res = await voidIt(admin, paymentId, key);
    expect(res.statusCode, res.body).toBe(200);
    expect((await voidIt(admin, paymentId, key)).json()).toEqual(res.json());
    expect((await gatewayTx(paymentId)).status).toBe('voided');
    const [p] = await queryRows<{ status: string; refunded: string }>(
      db(),
      sql`select status, refunded::text as refunded from payments where id = ${paymentId}`,
    );
    expect(p).toEqual({ status: 'voided', refunded: '15.00' });
    expect(await invoiceRow(db(), inv.invnum)).toEqual(before);
    const [{ n }] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_log where action = 'payment.void' and entity_id = ${String(paymentId)}`,
    );
    expect(n).toBe(1);
    // a voided payment cannot be voided or refunded again
    expect((await voidIt(admin, paymentId)).statusCode).toBe(422);
    expect((await refund(admin, paymentId)).statusCode).toBe(422);

    const settled = await pay(inv.invnum, '7.00');
    await settle(settled);
    const late = await voidIt(accounting, settled);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toMatch(/can only be voided/);
    expect((await gatewayTx(settled)).status).toBe('settled');
  });
});
