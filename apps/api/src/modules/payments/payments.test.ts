import { paymentMessages as M } from '@mitrebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { startSmtpServer } from '../../testing/smtp.ts';
import { bearer, signIn } from '../../testing/test-app.ts';
import {
  createPaymentsTestApp,
  dumpDatabase,
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

let t: PaymentsTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: string; // 10001
let open: { invnum: number; balance: string }[];
let other: { invnum: number; balance: string }[];

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createPaymentsTestApp({ smtpUrl: smtp.url });
  a = await signIn(t.app, '10001');
  await reopenInvoices(t.database.db, '10001', 12);
  open = (await openInvoices(t.database.db, '10001')).filter((i) => Number(i.balance) < 1500);
  other = await openInvoices(t.database.db, '10005');
  expect(open.length).toBeGreaterThan(6);
  expect(other.length).toBeGreaterThan(0);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const db = () => t.database.db;
const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(db(), query))[0].n);
const nextOpen = () => {
  const inv = open.shift();
  if (!inv) throw new Error('no more open invoices');
  return inv;
};

describe('gateway configuration and the hosted card fields', () => {
  it('accountBToken answers the sandbox configuration: the card fields on an origin of their own', async () => {
    const fields = t.app.sandboxFields;
    if (!fields) throw new Error('no sandbox');
    await fields.listen();
    const port = fields.port();
    expect(port).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/accountBToken',
      headers: { ...bearer(a), host: 'localhost:3000' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      gateway: 'sandbox',
      clientToken: null,
      fieldsUrl: `http://localhost:${port}/sandbox-gateway/card-fields`,
      fieldsOrigin: `http://localhost:${port}`,
    });
    expect(res.json().fieldsOrigin).not.toBe('http://localhost:3000');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/accountBToken' })).statusCode).toBe(401);
    // the shop page may frame that origin (its own CSP's frame-src)
    const home = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: 'localhost:3000' },
    });
    const frameSrc = /frame-src ([^;]*)/.exec(String(home.headers['content-security-policy']))?.[1] ?? '';
    expect(frameSrc.split(' ')).toContain(`http://localhost:${port}`);
  });

  it('the hosted page is served by its own listener (over HTTP) with a strict CSP, framed by the shop only', async () => {
    const fields = t.app.sandboxFields;
    if (!fields) throw new Error('no sandbox');
    await fields.listen();
    const base = `http://127.0.0.1:${fields.port()}`;
    const res = await fetch(`${base}/sandbox-gateway/card-fields?origin=http://localhost:3000`);
    expect(res.status).toBe(200);
    const csp = String(res.headers.get('content-security-policy'));
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'sha256-[^']+'/);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain('frame-ancestors http://localhost:3000');
    expect(csp).not.toContain('unsafe-inline');
    expect(await res.text()).toContain('autocomplete="cc-number"');
    // the shop on this machine at its own port may frame it too; an origin that is not the shop's is not trusted
    const local = await fetch(`${base}/sandbox-gateway/card-fields?origin=http://127.0.0.1:${t.config.PORT}`);
    expect(local.headers.get('content-security-policy')).toContain(
      `frame-ancestors http://127.0.0.1:${t.config.PORT}`,
    );
    const evil = await fetch(`${base}/sandbox-gateway/card-fields?origin=https://evil.example`);
    expect(String(evil.headers.get('content-security-policy'))).not.toContain('evil.example');
    // nothing of the shop is served there
    expect((await fetch(`${base}/api/health`)).status).toBe(404);
  });

  it("the shop's own origin serves no card page and its API takes no card number, not even the tokenizer's path", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sandbox-gateway/card-fields' });
    expect(page.statusCode).toBe(404);
    const tokenizeHere = await t.app.inject({
      method: 'POST',
      url: '/sandbox-gateway/tokenize',
      payload: { number: TEST_CARDS.approve, cvv: '123', expmonth: 12, expyear: 2099 },
    });
    expect(tokenizeHere.statusCode).toBe(400);
    expect(tokenizeHere.json().message).toBe(M.cardNumberRefused);
  });

  it('tokenize refuses a number failing the Luhn check and answers only a token, last four and type', async () => {
    const bad = await t.app.sandboxFields?.server.inject({
      method: 'POST',
      url: '/sandbox-gateway/tokenize',
      payload: { number: '4111111111111112', cvv: '123', expmonth: 12, expyear: 2099 },
    });
    expect(bad?.statusCode).toBe(422);
    expect(bad?.json().message).toBe(M.checkCardNumber);
    const ok = await tokenize(t.app, TEST_CARDS.approve);
    expect(Object.keys(ok).sort()).toEqual(['cardType', 'lastFour', 'token']);
    expect(ok).toMatchObject({ lastFour: '1111', cardType: 'Visa' });
  });
});

describe('the API refuses card numbers', () => {
  it('a body carrying a Luhn-valid 13–19 digit run is refused before any route', async () => {
    for (const number of [TEST_CARDS.approve, '4111 1111 1111 1111', '5105-1051-0510-5100']) {
      const res = await payRequest(t.app, a, {
        Invnum: open[0].invnum,
        amount: '1.00',
        ...manualCard(number),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.cardNumberRefused);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/accountBillingMethods',
      headers: bearer(a),
      payload: { name: 'x', note: `card ${TEST_CARDS.amex}` },
    });
    expect(res.statusCode).toBe(400);
    expect(await count(sql`select count(*)::int as n from payments where status = 'pending'`)).toBe(0);
  });
});

describe('makePayment', () => {
  it('pays with a new card: payment, balance, paystatus and the Payments row together; a receipt is e-mailed', async () => {
    const inv = nextOpen();
    const card = await tokenize(t.app, TEST_CARDS.approve);
    const res = await payRequest(t.app, a, {
      Invnum: inv.invnum,
      amount: inv.balance,
      ...manualCard(card.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      paymentSuccess: true,
      msg: M.paymentCompleted,
      balance: '0.00',
      paystatus: 1,
    });
    expect(await invoiceRow(db(), inv.invnum)).toMatchObject({ balance: '0.00', paystatus: 1 });
    const [pay] = await queryRows<{ status: string; last_four: string; amount: string }>(
      db(),
      sql`select status, last_four, amount::text from payments where invnum = ${inv.invnum} order by id desc limit 1`,
    );
    expect(pay).toEqual({ status: 'succeeded', last_four: '1111', amount: inv.balance });
    expect(
      await count(sql`select count(*)::int as n from invoice_payments where invnum = ${inv.invnum}`),
    ).toBe(1);
    const mails = await smtp.waitFor(1);
    const mail = mails.find((m) => m.subject.includes(String(inv.invnum)));
    expect(mail?.to).toEqual(['marie@crescentcityframes.example']);
    expect(mail?.text).toContain('Visa ending in 1111');
    // the invoice now shows paid; paying again is refused
    const again = await payRequest(t.app, a, {
      Invnum: inv.invnum,
      amount: '1.00',
      ...manualCard((await tokenize(t.app, TEST_CARDS.approve)).token),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(M.notPayable);
  });

  it('pays part of a balance with a saved card: paystatus 3 with the rest open', async () => {
    const inv = nextOpen();
    const res = await payRequest(t.app, a, { Invnum: inv.invnum, amount: '1.50', accountBillId: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const expected = (Number(inv.balance) - 1.5).toFixed(2);
    expect(res.json()).toMatchObject({ success: true, balance: expected, paystatus: 3 });
  });

  it('each message of §5 and §8, and nothing changes', async () => {
    const inv = open[0];
    const before = await invoiceRow(db(), inv.invnum);
    const tooHigh = M.amountTooHigh(inv.balance);
    const token = (await tokenize(t.app, TEST_CARDS.approve)).token;
    // three decimals: the reason is the cents, not the balance (issue 31)
    const decimals = await payRequest(t.app, a, {
      Invnum: inv.invnum,
      amount: '1.005',
      ...manualCard(token),
    });
    expect(decimals.statusCode).toBe(422);
    expect(decimals.json()).toMatchObject({
      message: 'Enter the amount in dollars and cents (at most two decimals).',
      errors: { amount: 'Enter the amount in dollars and cents (at most two decimals).' },
    });
    for (const amount of ['0', '-5', '1e2', 'ten', '99999999', '', (Number(inv.balance) + 0.01).toFixed(2)]) {
      const res = await payRequest(t.app, a, { Invnum: inv.invnum, amount, ...manualCard(token) });
      expect(res.statusCode, amount).toBe(422);
      expect(res.json().message).toBe(tooHigh);
    }
    const cases: [object, string][] = [
      [{ accountBillId: undefined }, M.chooseMethod],
      [{ billing_name: ' ' }, M.chooseName],
      [{ billing_city: '' }, M.fillAddress],
      [{ expmonth: '' }, M.chooseExpMonth],
      [{ expyear: '' }, M.chooseExpYear],
      [{ token: '' }, M.checkCardNumber],
    ];
    for (const [change, message] of cases) {
      const res = await payRequest(t.app, a, {
        Invnum: inv.invnum,
        amount: '1.00',
        ...manualCard(token),
        ...change,
      });
      expect(res.statusCode, message).toBe(422);
      expect(res.json().message).toBe(message);
    }
    const noKey = await payRequest(
      t.app,
      a,
      { Invnum: inv.invnum, amount: '1.00', ...manualCard(token) },
      null,
    );
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe(M.idempotencyKeyMissing);
    expect(await invoiceRow(db(), inv.invnum)).toEqual(before);
    // the token was never charged, so it still pays
    const ok = await payRequest(t.app, a, { Invnum: inv.invnum, amount: '1.00', ...manualCard(token) });
    expect(ok.json()).toMatchObject({ success: true });
    open.shift();
  });

  it('a decline shows the gateway message and leaves balance and paystatus unchanged', async () => {
    const inv = nextOpen();
    const before = await invoiceRow(db(), inv.invnum);
    const declined = await payRequest(t.app, a, {
      Invnum: inv.invnum,
      amount: '10.00',
      ...manualCard((await tokenize(t.app, TEST_CARDS.decline)).token),
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({
      success: false,
      paymentSuccess: false,
      msg: 'Do Not Honor (2000)',
    });
    const unverified = await payRequest(t.app, a, {
      Invnum: inv.invnum,
      amount: '10.00',
      ...manualCard((await tokenize(t.app, TEST_CARDS.verifyFail)).token),
    });
    expect(unverified.json()).toMatchObject({
      success: false,
      msg: 'Card verification failed (Do Not Honor)',
    });
    // amounts 2000.00–2999.99 decline with that processor code
    await t.database.db.execute(
      sql`update invoices set balance = 5000, invamt = 5000 where invnum = ${inv.invnum}`,
    );
    const byAmount = await payRequest(t.app, a, { Invnum: inv.invnum, amount: '2001.00', accountBillId: 1 });
    expect(byAmount.json()).toMatchObject({ success: false, msg: 'Insufficient Funds (2001)' });
    await t.database.db.execute(
      sql`update invoices set balance = ${before.balance}, invamt = ${before.balance} where invnum = ${inv.invnum}`,
    );
    expect(await invoiceRow(db(), inv.invnum)).toEqual(before);
    expect(
      await count(sql`select count(*)::int as n from invoice_payments where invnum = ${inv.invnum}`),
    ).toBe(0);
  });

  it('refuses a reused, expired or forged token', async () => {
    const inv = nextOpen();
    const card = await tokenize(t.app, TEST_CARDS.approve);
    expect(
      (await payRequest(t.app, a, { Invnum: inv.invnum, amount: '1.00', ...manualCard(card.token) })).json()
        .success,
    ).toBe(true);
    const reused = await payRequest(t.app, a, {
      Invnum: open[0].invnum,
      amount: '1.00',
      ...manualCard(card.token),
    });
    expect(reused.json()).toMatchObject({ success: false });
    expect(reused.json().msg).toMatch(/expired or were already used/);
    const stale = await tokenize(t.app, TEST_CARDS.approve);
    await t.database.db.execute(
      sql`update sandbox_gateway_tokens set expires_at = now() - interval '1 second' where token = ${stale.token}`,
    );
    expect(
      (
        await payRequest(t.app, a, { Invnum: open[0].invnum, amount: '1.00', ...manualCard(stale.token) })
      ).json().success,
    ).toBe(false);
    expect(
      (
        await payRequest(t.app, a, { Invnum: open[0].invnum, amount: '1.00', ...manualCard('sbxn_forged') })
      ).json().success,
    ).toBe(false);
    const before = await invoiceRow(db(), open[0].invnum);
    expect(before.paystatus).toBe(0);
  });

  it("another account's invoice or billing method answers 404; an unknown or paid invoice is refused", async () => {
    const theirs = await payRequest(t.app, a, { Invnum: other[0].invnum, amount: '1.00', accountBillId: 1 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(M.invoiceNotFound);
    const theirCard = await payRequest(t.app, a, {
      Invnum: open[0].invnum,
      amount: '1.00',
      accountBillId: 3,
    });
    expect(theirCard.statusCode).toBe(404);
    expect(theirCard.json().message).toBe(M.billingMethodNotFound);
    expect(
      (await payRequest(t.app, a, { Invnum: 1999999999, amount: '1.00', accountBillId: 1 })).statusCode,
    ).toBe(404);
    const [paid] = await queryRows<{ invnum: number }>(
      db(),
      sql`select invnum from invoices where acctnum = '10001' and paystatus = 1 limit 1`,
    );
    expect(
      (await payRequest(t.app, a, { Invnum: paid.invnum, amount: '1.00', accountBillId: 1 })).statusCode,
    ).toBe(422);
    expect(await invoiceRow(db(), other[0].invnum)).toMatchObject({ paystatus: 0 });
  });
});

describe('idempotency', () => {
  it('the same key and body answer the first result; another body under the key is refused', async () => {
    const inv = nextOpen();
    const key = newKey();
    const body = { Invnum: inv.invnum, amount: '2.00', accountBillId: 1 };
    const first = await payRequest(t.app, a, body, key);
    const second = await payRequest(t.app, a, body, key);
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    const changed = await payRequest(t.app, a, { ...body, amount: '3.00' }, key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json().message).toBe(M.idempotencyKeyReused);
    expect(await count(sql`select count(*)::int as n from payments where idempotency_key = ${key}`)).toBe(1);
  });

  it('20 concurrent requests with one key charge exactly once', async () => {
    const inv = nextOpen();
    const key = newKey();
    const body = { Invnum: inv.invnum, amount: '5.00', accountBillId: 1 };
    const answers = await Promise.all(Array.from({ length: 20 }, () => payRequest(t.app, a, body, key)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok.length).toBe(20);
    expect(new Set(ok.map((r) => r.json().paymentId)).size).toBe(1);
    expect(await count(sql`select count(*)::int as n from payments where invnum = ${inv.invnum}`)).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from invoice_payments where invnum = ${inv.invnum}`),
    ).toBe(1);
    const [{ n }] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from sandbox_gateway_transactions where reference = ${`payment-${ok[0].json().paymentId}`}`,
    );
    expect(n).toBe(1);
    expect(await invoiceRow(db(), inv.invnum)).toMatchObject({
      balance: (Number(inv.balance) - 5).toFixed(2),
    });
  });
});

describe('a charge whose recording fails is voided', () => {
  it('voids the charge and leaves the invoice as it was', async () => {
    const faulty = await createPaymentsTestApp({
      faults: { faults: { beforeRecord: () => Promise.reject(new Error('database went away')) } },
    });
    try {
      const token = await signIn(faulty.app, '10001');
      const [inv] = await openInvoices(faulty.database.db, '10001');
      const res = await payRequest(faulty.app, token, {
        Invnum: inv.invnum,
        amount: '4.00',
        accountBillId: 1,
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe(M.recordFailed);
      expect(await invoiceRow(faulty.database.db, inv.invnum)).toMatchObject({
        balance: inv.balance,
        paystatus: 0,
      });
      const txs = await queryRows<{ status: string }>(
        faulty.database.db,
        sql`select status from sandbox_gateway_transactions`,
      );
      expect(txs.map((x) => x.status)).toEqual(['voided']);
    } finally {
      await faulty.close();
    }
  });
});

describe('a process that dies between the charge and its record', () => {
  it('leaves a pending payment that the payment job settles from the gateway, once', async () => {
    // the request stops after the approved charge, before recording it: as a SIGKILLed process would
    let resume: () => void = () => {};
    const stalled = new Promise<void>((r) => {
      resume = r;
    });
    const dying = await createPaymentsTestApp({
      faults: { faults: { beforeRecord: () => stalled }, reconcileAfterMs: 0 },
    });
    try {
      const token = await signIn(dying.app, '10001');
      const [inv] = await openInvoices(dying.database.db, '10001');
      const inFlight = payRequest(
        dying.app,
        token,
        { Invnum: inv.invnum, amount: '7.00', accountBillId: 1 },
        'dying-process-key-1',
      );
      const charged = async () =>
        (
          await queryRows<{ n: number }>(
            dying.database.db,
            sql`select count(*)::int as n from sandbox_gateway_transactions where status = 'settled'`,
          )
        )[0].n;
      for (let i = 0; i < 100 && (await charged()) === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await charged()).toBe(1);
      expect(await invoiceRow(dying.database.db, inv.invnum)).toMatchObject({ balance: inv.balance });

      // the payment job (any process) finds the pending payment, asks the gateway and records the charge
      await dying.app.services.payments.runBatchJob();
      const expected = (Number(inv.balance) - 7).toFixed(2);
      expect(await invoiceRow(dying.database.db, inv.invnum)).toMatchObject({
        balance: expected,
        paystatus: 3,
      });
      const [p] = await queryRows<{ status: string }>(
        dying.database.db,
        sql`select status from payments where invnum = ${inv.invnum}`,
      );
      expect(p.status).toBe('succeeded');
      // a retry with the request's Idempotency-Key answers the settled payment (and charges nothing more)
      const retried = await payRequest(
        dying.app,
        token,
        { Invnum: inv.invnum, amount: '7.00', accountBillId: 1 },
        'dying-process-key-1',
      );
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ paymentSuccess: true, balance: expected });

      // had the request lived on after all, its own recording must not count the charge a second time
      resume();
      const res = await inFlight;
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ paymentSuccess: true, balance: expected });
      expect(await invoiceRow(dying.database.db, inv.invnum)).toMatchObject({ balance: expected });
      const [{ n }] = await queryRows<{ n: number }>(
        dying.database.db,
        sql`select count(*)::int as n from invoice_payments where invnum = ${inv.invnum}`,
      );
      expect(n).toBe(1);
    } finally {
      resume();
      await dying.close();
    }
  }, 120_000);
});

describe('a process that dies after claiming the Idempotency-Key, before anything else', () => {
  it('leaves a running key that the payment job gives up, so the retry pays instead of waiting for ever', async () => {
    const dying = await createPaymentsTestApp({ faults: { reconcileAfterMs: 0 } });
    try {
      const token = await signIn(dying.app, '10001');
      const [inv] = await openInvoices(dying.database.db, '10001');
      const body = { Invnum: inv.invnum, amount: '5.00', accountBillId: 1 };
      // the hash of this body as the route takes it, from a first payment that went through
      expect((await payRequest(dying.app, token, body, 'first-of-two-1')).statusCode).toBe(200);
      // what the dead request left: its key claimed (scope of its accounts), no payment row, no charge
      await dying.database.db.execute(
        sql`insert into idempotency_keys (scope, key, request_hash, state)
            select scope, 'died-after-claim-1', request_hash, 'running' from idempotency_keys
            where key = 'first-of-two-1'`,
      );
      // and the invoice open again, as it was when that request came
      await dying.database.db.execute(
        sql`update invoices set balance = ${inv.balance}, paystatus = ${inv.paystatus} where invnum = ${inv.invnum}`,
      );
      await dying.app.services.payments.runBatchJob();
      const keys = await queryRows<{ n: number }>(
        dying.database.db,
        sql`select count(*)::int as n from idempotency_keys where key = 'died-after-claim-1'`,
      );
      expect(keys[0].n).toBe(0);
      const retried = await payRequest(dying.app, token, body, 'died-after-claim-1');
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toMatchObject({ paymentSuccess: true });
    } finally {
      await dying.close();
    }
  }, 120_000);

  it('keeps a running key whose payment row exists: that one is settled from the gateway instead', async () => {
    const keep = await createPaymentsTestApp({ faults: { reconcileAfterMs: 0 } });
    try {
      await signIn(keep.app, '10001');
      const [inv] = await openInvoices(keep.database.db, '10001');
      await keep.database.db.execute(
        sql`insert into idempotency_keys (scope, key, request_hash, state)
            values ('makePayment:10001', 'has-a-row-1', 'x', 'running')`,
      );
      await keep.database.db.execute(
        sql`insert into payments (acctnum, invnum, amount, status, gateway, idempotency_key, created_at)
            values ('10001', ${inv.invnum}, '5.00', 'failed', 'sandbox', 'has-a-row-1', now())`,
      );
      await keep.app.services.payments.runBatchJob();
      const keys = await queryRows<{ n: number }>(
        keep.database.db,
        sql`select count(*)::int as n from idempotency_keys where key = 'has-a-row-1'`,
      );
      expect(keys[0].n).toBe(1);
    } finally {
      await keep.close();
    }
  }, 120_000);
});

describe('no card numbers anywhere', () => {
  it('after every test above, neither the database nor the log holds a test card number', async () => {
    const dump = await dumpDatabase(db());
    const log = t.log();
    expect(log.length).toBeGreaterThan(0);
    for (const number of Object.values(TEST_CARDS)) {
      expect(dump).not.toContain(number);
      expect(log).not.toContain(number);
      expect(smtp.received.map((m) => m.raw).join('')).not.toContain(number);
    }
  });
});
