import { orderTotal } from '@mitrebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let a: string; // 10001
let b: string; // 10005
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 300 });
  a = await signIn(t.app, '10001');
  b = await signIn(t.app, '10005');
});
afterAll(() => t?.close());

const list = (body: object, who = a) =>
  t.app.inject({ method: 'POST', url: '/api/accountOrders', headers: bearer(who), payload: body });
const rowsOf = async (body: object, who = a) => {
  const res = await list(body, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { total: number; data: Record<string, unknown>[] };
};

describe('orders list', () => {
  it('defaults: 25 a page, newest order first, only the own account', async () => {
    const page = await rowsOf({});
    expect(page.data).toHaveLength(25);
    expect(page.total).toBeGreaterThan(25);
    const dates = page.data.map((r) => r.OrdDate as string);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(page.data.every((r) => r.Acctnum === '10001')).toBe(true);
    const theirs = await rowsOf({}, b);
    const mine = new Set(page.data.map((r) => r.Ordnum));
    expect(theirs.data.some((r) => mine.has(r.Ordnum))).toBe(false);
  });

  it('pages through every order once, at each allowed page size', async () => {
    const { total } = await rowsOf({ perPage: 400 });
    for (const perPage of [25, 50, 100, 200]) {
      const seen = new Set<unknown>();
      for (let page = 1; page <= Math.ceil(total / perPage); page++)
        for (const r of (await rowsOf({ perPage, page })).data) seen.add(r.Ordnum);
      expect(seen.size).toBe(total);
    }
    const past = await rowsOf({ page: 999 });
    expect(past.data).toEqual([]);
    expect(past.total).toBe(total);
  });

  it('filters by status: credits, paid, not paid and pending', async () => {
    const credits = await rowsOf({ paystatus: '4', perPage: 400 });
    expect(credits.total).toBeGreaterThan(0);
    expect(credits.data.every((r) => r.paystatus === 4)).toBe(true);
    for (const s of ['0', '1']) {
      const page = await rowsOf({ paystatus: s, perPage: 400 });
      expect(page.total).toBeGreaterThan(0);
      expect(page.data.every((r) => r.paystatus === Number(s))).toBe(true);
    }
    const pending = await rowsOf({ paystatus: '9', perPage: 400 });
    expect(pending.total).toBeGreaterThan(0);
    expect(pending.data.every((r) => r.synced !== 1 && r.InvoiceNumbers === '')).toBe(true);
  });

  it('filters by invoice number or order number', async () => {
    const any = (await rowsOf({ paystatus: '0' })).data[0];
    const inv = (any.invoices as number[])[0];
    const byInv = await rowsOf({ Invoicenum: inv });
    expect(byInv.total).toBe(1);
    expect(byInv.data[0].Ordnum).toBe(any.Ordnum);
    const byOrd = await rowsOf({ Ordernum: any.Ordnum });
    expect(byOrd.data.map((r) => r.Ordnum)).toEqual([any.Ordnum]);
    // another account's number finds nothing
    const other = (await rowsOf({}, b)).data[0];
    expect((await rowsOf({ Ordernum: other.Ordnum })).total).toBe(0);
  });

  it('filters by invoice date and order date ranges (inclusive)', async () => {
    const all = (await rowsOf({ perPage: 400 })).data.filter((r) => r.InvDate);
    const mid = all[Math.floor(all.length / 2)];
    const day = (mid.InvDate as string).slice(0, 10);
    const from = new Date(Date.parse(day) - 30 * 86_400_000).toISOString().slice(0, 10);
    const ranged = await rowsOf({ invDateFrom: from, invDateTo: day, perPage: 400 });
    expect(ranged.total).toBeGreaterThan(0);
    for (const r of ranged.data) expect((r.InvDate as string) >= from).toBe(true);
    const ordDay = (mid.OrdDate as string).slice(0, 10);
    const byOrd = await rowsOf({ ordDateFrom: ordDay, ordDateTo: ordDay, perPage: 400 });
    expect(byOrd.data.map((r) => r.Ordnum)).toContain(mid.Ordnum);
  });

  it('sorts by any whitelisted column, both ways, and refuses others', async () => {
    for (const orderCol of ['Ordnum', 'OrderInvTotal', 'InvDate', 'paystatus', 'location']) {
      const asc = await rowsOf({ orderCol, orderDir: 'asc', perPage: 50 });
      const desc = await rowsOf({ orderCol, orderDir: 'DESC', perPage: 50 });
      expect(asc.data.length).toBeGreaterThan(0);
      expect(desc.data[0]).not.toEqual(asc.data[0]);
    }
    const byNum = (await rowsOf({ orderCol: 'Ordnum', orderDir: 'asc', perPage: 50 })).data.map(
      (r) => r.Ordnum as number,
    );
    expect(byNum).toEqual([...byNum].sort((x, y) => x - y));
    for (const bad of [
      { orderCol: 'password' },
      { orderCol: 'Ordnum; drop table orders' },
      { orderDir: 'sideways' },
      { perPage: 30 },
      { page: 0 },
      { invDateFrom: '2026-13-45' },
      { Invoicenum: 'abc' },
    ]) {
      const res = await list(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('refuses in plain sentences on the field concerned, never the validator’s text', async () => {
    const cases: [object, string, string][] = [
      [{ Invoicenum: '99999999999' }, 'Invoicenum', 'Invoice number is too large. Check the number.'],
      [{ Invoicenum: 'abc' }, 'Invoicenum', 'Invoice number must be a number (digits only).'],
      [{ Ordernum: 0 }, 'Ordernum', 'Order number must be greater than 0.'],
      [{ orderDir: 'sideways' }, 'orderDir', 'Sort direction is not one of the choices.'],
      [{ page: 'x' }, 'page', 'Page must be a number.'],
    ];
    for (const [body, field, sentence] of cases) {
      const res = await list(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ message: sentence, errors: { [field]: sentence } });
    }
    const invoice = await t.app.inject({
      method: 'GET',
      url: '/api/admin/invoices?Invoicenum=99999999999',
      headers: bearer(a),
    });
    expect(invoice.statusCode).toBe(400);
    expect(invoice.json().message).toBe('Invoice number is too large. Check the number.');
  });

  it('an Acctnum of another account is refused; the own one is accepted', async () => {
    const res = await list({ Acctnum: '10005' });
    expect(res.statusCode).toBe(403);
    expect((await rowsOf({ Acctnum: '10001' })).total).toBeGreaterThan(0);
  });

  it('the older path answers the same', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/orders/listOrders',
      headers: bearer(a),
      payload: { perPage: 25 },
    });
    expect(res.json().data.total).toBe((await rowsOf({})).total);
  });

  it('batch status shows on rows of invoices in a payment batch', async () => {
    const rows = (await rowsOf({ perPage: 400 })).data.filter((r) => r.batchStatus);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(['Approved', 'Declined', 'In-Process']).toContain(r.batchStatus);
  });
});

describe('order and invoice details', () => {
  it('an invoiced order: every total obeys item total + tax + shipping + ship cost + packing − discount', async () => {
    const rows = (await rowsOf({ paystatus: '1', perPage: 25 })).data.slice(0, 10);
    for (const r of rows) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/orders/listOrderDetails',
        headers: bearer(a),
        payload: { orderid: r.Ordnum },
      });
      const o = res.json().data;
      expect(o.synced).toBe(1);
      expect(o.InvoiceNumbers.length).toBeGreaterThan(0);
      const inv = (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/invoices?Invoicenum=${o.InvoiceNumbers[0]}`,
          headers: bearer(a),
        })
      ).json().data.data[0];
      expect(inv.invamt).toBe(
        orderTotal({
          itemTotal: inv.ItemTotal,
          tax: inv.Tax,
          shipping: inv.Shipping,
          shipCost: inv.ShipCost,
          packing: inv.Packing,
          discount: inv.Discount,
        }),
      );
      expect(inv.invoice_items.length).toBeGreaterThan(0);
      expect(inv.paystatus).toBe(1);
      expect(inv.payments.length).toBeGreaterThan(0);
    }
  });

  it("another account's order, invoice, credits and batches answer 404 or nothing", async () => {
    const theirOrder = (await rowsOf({ paystatus: '1' }, b)).data[0];
    const theirInvoice = (theirOrder.invoices as number[])[0];
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/ordersDetails?Ordernum=${theirOrder.Ordnum}`,
          headers: bearer(a),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/orders/listOrderDetails',
          headers: bearer(a),
          payload: { orderid: theirOrder.Ordnum },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/invoices?Invoicenum=${theirInvoice}`,
          headers: bearer(a),
        })
      ).statusCode,
    ).toBe(404);
    const myCredits = (
      await t.app.inject({ method: 'GET', url: '/api/accountCredits', headers: bearer(a) })
    ).json().data;
    const theirCredits = (
      await t.app.inject({ method: 'GET', url: '/api/accountCredits', headers: bearer(b) })
    ).json().data;
    const mine = new Set(myCredits.map((c: { Invnum: number }) => c.Invnum));
    expect(theirCredits.some((c: { Invnum: number }) => mine.has(c.Invnum))).toBe(false);
    const batchesA = (
      await t.app.inject({ method: 'POST', url: '/api/searchPaymentBatch', headers: bearer(a), payload: {} })
    ).json();
    const batchesB = (
      await t.app.inject({ method: 'POST', url: '/api/searchPaymentBatch', headers: bearer(b), payload: {} })
    ).json();
    const batchOfB = batchesB.data[0].payment_batch_id;
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/searchPaymentBatch',
      headers: bearer(a),
      payload: { batchId: batchOfB },
    });
    expect(
      cross
        .json()
        .data.every(
          (r: { invoice_id: number }) =>
            !batchesB.data.some((x: { invoice_id: number }) => x.invoice_id === r.invoice_id),
        ),
    ).toBe(true);
    expect(batchesA.total).toBeGreaterThan(0);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/accountDetails?Acctnum=10005',
          headers: bearer(a),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('credits list days open; 5000… numbers are on-account credits', async () => {
    const credits = (
      await t.app.inject({ method: 'GET', url: '/api/accountCredits', headers: bearer(a) })
    ).json().data;
    expect(credits.length).toBeGreaterThan(0);
    for (const c of credits) expect(c.days_open).toBeGreaterThanOrEqual(0);
    expect(credits.some((c: { Invnum: number }) => String(c.Invnum).startsWith('5000'))).toBe(true);
  });

  it('payment batches filter by batch and carry times', async () => {
    const all = (
      await t.app.inject({
        method: 'POST',
        url: '/api/searchPaymentBatch',
        headers: bearer(a),
        payload: { page: 1, perPage: 25 },
      })
    ).json();
    const id = all.data[0].payment_batch_id;
    const one = (
      await t.app.inject({
        method: 'POST',
        url: '/api/searchPaymentBatch',
        headers: bearer(a),
        payload: { batchId: id },
      })
    ).json();
    expect(one.data.every((r: { payment_batch_id: number }) => r.payment_batch_id === id)).toBe(true);
    expect(Date.parse(one.data[0].created_at)).toBeGreaterThan(0);
  });
});

describe('My Account', () => {
  it('account details with billing methods, the account listing, e-mail update', async () => {
    const details = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/accountDetails?Acctnum=10001',
        headers: bearer(a),
      })
    ).json().data;
    expect(details).toMatchObject({ Acctnum: '10001', Company: 'Crescent City Frame Works' });
    expect(JSON.stringify(details.billing)).not.toMatch(/token|sandbox_pm/);
    const accounts = (
      await t.app.inject({ method: 'GET', url: '/admin/listAccounts', headers: bearer(a) })
    ).json().data;
    expect(accounts.map((x: { Acctnum: string }) => x.Acctnum)).toEqual(['10001']);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/userAccount',
      headers: bearer(a),
      payload: { email: 'orders@crescentcity.example', currentPassword: 'framing-demo' },
    });
    // a confirmation link goes to the new address; the change itself: accounts/email-change.test.ts
    expect(res.json()).toMatchObject({ success: true, pendingEmail: 'orders@crescentcity.example' });
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/userAccount',
      headers: bearer(a),
      payload: { email: 'sam@milehighframes.example', currentPassword: 'framing-demo' },
    });
    expect(taken.statusCode).toBe(422);
    const [row] = await queryRows<{ email: string }>(
      t.database.db,
      sql`select email from users where username = '10001'`,
    );
    expect(row.email).toBe('marie@crescentcityframes.example');
  });
});
