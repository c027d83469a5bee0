import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, credits, erpKeys, invoiceItems, invoices, orders, products } from '../../schema.ts';
import { ROUTE_ACCESS } from '../../testing/route-access.ts';
import { bearer, createTestApp, signIn, signInStaff, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let customer: string;
let admin: string;
let sales: string;
const keys: Record<string, string> = {};

const makeKey = async (scopes: string[], name = scopes.join('+')) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/staff/erp-keys',
    headers: bearer(admin),
    payload: { name, scopes },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { key: string; data: { id: number; prefix: string } };
};

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 40 });
  customer = await signIn(t.app, '10001');
  admin = await signInStaff(t.app, 'admin@mitrebox.example');
  sales = await signInStaff(t.app, 'sales@mitrebox.example');
  for (const scope of ['orders:read', 'invoices:write', 'payments:write', 'stock:write', 'prices:write'])
    keys[scope] = (await makeKey([scope])).key;
});
afterAll(async () => {
  await t?.close();
});

const erp = (key: string, method: 'GET' | 'POST', url: string, payload?: unknown, csv = false) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(key), ...(csv ? { 'content-type': 'text/csv' } : {}) },
    payload: payload as string,
  });
const audits = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0].n;

describe('ERP API keys', () => {
  it('are made and revoked by an administrator only, shown once and kept hashed', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/staff/erp-keys', payload: {} });
    expect(anon.statusCode).toBe(401);
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: '/api/staff/erp-keys',
      headers: bearer(customer),
      payload: { name: 'x', scopes: ['orders:read'] },
    });
    expect(asCustomer.statusCode).toBe(403);
    const asSales = await t.app.inject({
      method: 'POST',
      url: '/api/staff/erp-keys',
      headers: bearer(sales),
      payload: { name: 'x', scopes: ['orders:read'] },
    });
    expect(asSales.statusCode).toBe(403);

    const made = await makeKey(['orders:read', 'stock:write'], 'Nightly ERP');
    expect(made.key).toMatch(/^mbx_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(erpKeys).where(eq(erpKeys.id, made.data.id));
    expect(row.secretHash).not.toContain(made.key.slice(17));
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    // the keys' list is the admins' too (the role matrix)
    expect((await t.app.inject({ url: '/api/staff/erp-keys', headers: bearer(sales) })).statusCode).toBe(403);
    const list = await t.app.inject({ url: '/api/staff/erp-keys', headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.key);
    expect(list.json().data[0]).toMatchObject({
      name: 'Nightly ERP',
      scopes: ['orders:read', 'stock:write'],
    });

    expect((await erp(made.key, 'GET', '/api/erp/orders')).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/erp-keys/${made.data.id}`,
      headers: bearer(admin),
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().data.revoked_at).not.toBeNull();
    expect((await erp(made.key, 'GET', '/api/erp/orders')).statusCode).toBe(401);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'erp_key.revoke'), eq(auditLog.entityId, String(made.data.id))));
    expect(entry).toMatchObject({ actorName: 'admin@mitrebox.example', before: { revokedAt: null } });
  });

  it('every ERP route (from the route table) refuses anonymous callers, sessions, other scopes and revoked keys', async () => {
    const routes = Object.entries(ROUTE_ACCESS).filter(([, a]) => a.kind === 'erp');
    expect(routes.length).toBeGreaterThanOrEqual(7);
    const revoked = await makeKey([
      'orders:read',
      'invoices:write',
      'payments:write',
      'stock:write',
      'prices:write',
    ]);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/erp-keys/${revoked.data.id}`,
      headers: bearer(admin),
    });
    const wrong: string[] = [];
    for (const [route, access] of routes) {
      if (access.kind !== 'erp') continue;
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      const probe = access.probe ?? { method, url: path, payload: {} };
      const send = (headers: Record<string, string>) =>
        t.app.inject({ method: probe.method, url: probe.url, headers, payload: probe.payload as object });
      const other = Object.entries(keys).find(([s]) => s !== access.scope)![1];
      const answers = {
        anonymous: (await send({})).statusCode,
        customer: (await send(bearer(customer))).statusCode,
        staff: (await send(bearer(admin))).statusCode,
        otherScope: (await send(bearer(other))).statusCode,
        revoked: (await send(bearer(revoked.key))).statusCode,
        scoped: (await send(bearer(keys[access.scope]))).statusCode,
      };
      const expected = { anonymous: 401, customer: 401, staff: 401, otherScope: 403, revoked: 401 };
      for (const [who, status] of Object.entries(expected))
        if (answers[who as keyof typeof answers] !== status)
          wrong.push(`${route} ${who}: ${answers[who as keyof typeof answers]} (expected ${status})`);
      if ([401, 403].includes(answers.scoped) || answers.scoped >= 500)
        wrong.push(`${route} with its scope: ${answers.scoped}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('ERP exchanges', () => {
  it('exports new orders and marks them synced; marking again changes nothing', async () => {
    await t.database.db.update(orders).set({ synced: 0 }).where(eq(orders.acctnum, '10001'));
    const first = await erp(keys['orders:read'], 'GET', '/api/erp/orders?limit=1000');
    expect(first.statusCode).toBe(200);
    const listed = first.json().data as { ordnum: number; items: unknown[] }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed[0].items.length).toBeGreaterThan(0);
    const ordnums = listed.map((o) => o.ordnum);
    const mark = await erp(keys['orders:read'], 'POST', '/api/erp/orders/synced', { ordnums });
    expect(mark.json()).toEqual({ marked: ordnums.length, already: 0 });
    expect((await erp(keys['orders:read'], 'GET', '/api/erp/orders?limit=1000')).json().data).toEqual([]);
    const again = await erp(keys['orders:read'], 'POST', '/api/erp/orders/synced', { ordnums });
    expect(again.json()).toEqual({ marked: 0, already: ordnums.length });
  });

  const invoice = (invnum: number, extra: Record<string, unknown> = {}) => ({
    invnum,
    acctnum: '10001',
    location: 'C',
    inv_date: '2026-11-20',
    due_date: '2026-12-20',
    terms: 'NET30',
    item_total: '120.00',
    tax: '9.00',
    invamt: '129.00',
    items: [
      { seqnum: 1, code: 'FER-133-0412', qty: 10, shipped: 8, unit_price: '10.00', tot_price: '100.00' },
      { seqnum: 2, code: 'GLS-1', qty: 2, shipped: 2, unit_price: '10.00', tot_price: '20.00' },
    ],
    ...extra,
  });

  it('imports invoices with items and shipped quantities, all or none, and a repeated file changes nothing', async () => {
    const before = await audits();
    const bad = await erp(keys['invoices:write'], 'POST', '/api/erp/invoices', {
      invoices: [invoice(900001), invoice(900002, { acctnum: '99999' }), invoice(900003, { invamt: 'lots' })],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().row_errors).toEqual([
      { row: 3, column: 'invamt', message: 'must be an amount like 12.50' },
    ]);
    const bad2 = await erp(keys['invoices:write'], 'POST', '/api/erp/invoices', {
      invoices: [invoice(900001), invoice(900002, { acctnum: '99999' }), invoice(900001)],
    });
    expect(bad2.json().row_errors).toEqual([
      { row: 3, column: 'invnum', message: 'The same invnum 900001 is already in row 1.' },
      { row: 2, column: 'acctnum', message: 'There is no account 99999.' },
    ]);
    expect(bad2.json().message).toBe('Nothing was imported: 2 errors (first in row 3).');
    expect(await t.database.db.select().from(invoices).where(eq(invoices.invnum, 900001))).toEqual([]);
    expect(await audits()).toBe(before);

    const file = {
      invoices: [invoice(900001), invoice(900002, { invamt: '50.00', item_total: '50.00', tax: '0' })],
    };
    const ok = await erp(keys['invoices:write'], 'POST', '/api/erp/invoices', file);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ applied: true, created: 2, updated: 0, unchanged: 0 });
    const [inv] = await t.database.db.select().from(invoices).where(eq(invoices.invnum, 900001));
    expect(inv).toMatchObject({ invamt: '129.00', balance: '129.00', paystatus: 0 });
    expect(await audits()).toBe(before + 2);

    const again = await erp(keys['invoices:write'], 'POST', '/api/erp/invoices', file);
    expect(again.json()).toMatchObject({ applied: false, created: 0, updated: 0, unchanged: 2 });
    expect(again.json().message).toBe('Nothing to change: all 2 rows match (0 new, 0 changed, 2 unchanged).');
    expect(await audits()).toBe(before + 2);

    // the customer sees the invoice with its shipped quantities
    const token = await signIn(t.app, '10001');
    const shown = await t.app.inject({
      url: '/api/admin/invoices?Invoicenum=900001',
      headers: bearer(token),
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('FER-133-0412');
  });

  it('keeps every field the account area shows, and takes negative quantities on a credit memo only', async () => {
    const line = {
      seqnum: 1,
      code: 'FER-133-0412',
      pcode: 'J',
      qty: '-8',
      shipped: '-8',
      footage: '-8',
      unit_price: '2.50',
      tot_price: '-20.00',
      calc_join: '0',
      h_int: 11,
      h_frac: 8,
      w_int: 14,
      w_frac: 0,
      size_code: 'STD',
      instructions: 'RETURN - warped stick',
    };
    const onInvoice = await erp(keys['invoices:write'], 'POST', '/api/erp/invoices', {
      invoices: [invoice(900060, { items: [line] })],
    });
    expect(onInvoice.json().row_errors).toEqual([
      { row: 1, column: 'items.0.qty', message: 'must not be negative (only on a credit memo)' },
      { row: 1, column: 'items.0.shipped', message: 'must not be negative (only on a credit memo)' },
      { row: 1, column: 'items.0.footage', message: 'must not be negative (only on a credit memo)' },
    ]);
    const memo = {
      invoices: [
        invoice(900061, {
          invamt: '-21.50',
          item_total: '-20.00',
          tax: '-1.50',
          disc_rate: '2',
          pay_by: 'ON ACCOUNT',
          operator: 'JB',
          sls: 'KM',
          ship_company: 'Crescent City Frame Works',
          ship_city: 'New Orleans',
          items: [line],
        }),
      ],
    };
    expect((await erp(keys['invoices:write'], 'POST', '/api/erp/invoices', memo)).json()).toMatchObject({
      created: 1,
    });
    const [head] = await t.database.db.select().from(invoices).where(eq(invoices.invnum, 900061));
    expect(head).toMatchObject({
      paystatus: 4,
      tax: '-1.50',
      discRate: '2.00',
      payBy: 'ON ACCOUNT',
      operator: 'JB',
      sls: 'KM',
      shipCompany: 'Crescent City Frame Works',
      shipCity: 'New Orleans',
    });
    const [item] = await t.database.db.select().from(invoiceItems).where(eq(invoiceItems.invnum, 900061));
    expect(item).toMatchObject({
      pcode: 'J',
      qty: '-8.00',
      footage: '-8.00',
      hInt: 11,
      hFrac: 8,
      wInt: 14,
      sizeCode: 'STD',
      instructions: 'RETURN - warped stick',
    });
    expect((await erp(keys['invoices:write'], 'POST', '/api/erp/invoices', memo)).json()).toMatchObject({
      unchanged: 1,
    });
  });

  it('imports payments (the balance follows) and credits, idempotently', async () => {
    const pay = {
      payments: [
        { invnum: 900001, seqnum: 1, tran_date: '2026-11-21', amount: '29.00' },
        { invnum: 900002, seqnum: 1, tran_date: '2026-11-21', amount: 50 },
      ],
    };
    const bad = await erp(keys['payments:write'], 'POST', '/api/erp/payments', {
      payments: [...pay.payments, { invnum: 123, seqnum: 1, tran_date: '2026-11-21', amount: '-1' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().row_errors).toEqual([{ row: 3, column: 'amount', message: 'must not be negative' }]);
    const ok = await erp(keys['payments:write'], 'POST', '/api/erp/payments', pay);
    expect(ok.json()).toMatchObject({ applied: true, created: 2 });
    const rows = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.acctnum, '10001'))
      .orderBy(asc(invoices.invnum));
    expect(rows.find((r) => r.invnum === 900001)).toMatchObject({
      payamt: '29.00',
      balance: '100.00',
      paystatus: 3,
    });
    expect(rows.find((r) => r.invnum === 900002)).toMatchObject({
      payamt: '50.00',
      balance: '0.00',
      paystatus: 1,
    });
    expect((await erp(keys['payments:write'], 'POST', '/api/erp/payments', pay)).json()).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 2,
    });

    const credit = {
      credits: [{ invnum: 900100, acctnum: '10001', tran_date: '2026-11-22', invamt: '25.00', payamt: '5' }],
    };
    expect((await erp(keys['payments:write'], 'POST', '/api/erp/credits', credit)).json()).toMatchObject({
      created: 1,
    });
    expect((await erp(keys['payments:write'], 'POST', '/api/erp/credits', credit)).json()).toMatchObject({
      unchanged: 1,
    });
    // kept as the account area shows credits: negative, in red and in parentheses
    const [c] = await t.database.db.select().from(credits).where(eq(credits.invnum, 900100));
    expect(c).toMatchObject({ invamt: '-25.00', payamt: '-5.00', balance: '-20.00' });
    const token = await signIn(t.app, '10001');
    const shown = await t.app.inject({ url: '/api/accountCredits', headers: bearer(token) });
    expect(shown.json().data).toContainEqual(
      expect.objectContaining({ Invnum: 900100, invamt: '-25.00', payamt: '-5.00', balance: '-20.00' }),
    );
  });

  it('imports prices and stock from CSV with their own scopes; an unknown code imports nothing', async () => {
    const [p] = await t.database.db.select().from(products).orderBy(asc(products.code)).limit(1);
    const csv = `code,length\n${p.code},77.70\n`;
    expect((await erp(keys['stock:write'], 'POST', '/api/erp/prices', csv, true)).statusCode).toBe(403);
    const bad = await erp(keys['prices:write'], 'POST', '/api/erp/prices', `${csv}NOPE-1,1.00\n`, true);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().row_errors).toEqual([
      { row: 3, column: 'code', message: 'No product has the code NOPE-1.' },
    ]);
    const ok = await erp(keys['prices:write'], 'POST', '/api/erp/prices', csv, true);
    expect(ok.json()).toMatchObject({ applied: true, updated: 1 });
    const [after] = await t.database.db.select().from(products).where(eq(products.code, p.code));
    expect(after.length).toBe('77.70');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorKind, 'erp'), eq(auditLog.entityId, p.code)));
    expect(entry).toMatchObject({
      actorName: 'prices:write',
      before: { length: p.length },
      after: { length: '77.70' },
    });
    const stockInPrices = await erp(
      keys['prices:write'],
      'POST',
      '/api/erp/prices',
      `code,stock_C\n${p.code},1\n`,
      true,
    );
    expect(stockInPrices.json().row_errors).toEqual([
      { row: 1, column: 'stock_c', message: 'A prices file may not carry this column.' },
    ]);
    const stock = await erp(
      keys['stock:write'],
      'POST',
      '/api/erp/stock',
      `code,stock_C\n${p.code},12\n`,
      true,
    );
    expect(stock.json()).toMatchObject({ applied: true, updated: 1 });
  });
});
