import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { bearer, createTestApp, signInStaff, type TestApp } from '../../testing/test-app.ts';

/** Orders of any account in the back office: the list and one order with its lines. */
let t: TestApp;
let sales: string;

beforeAll(async () => {
  t = await createTestApp();
  sales = await signInStaff(t.app, 'sales@mitrebox.example');
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(sales) });

interface Row {
  ordnum: number;
  acctnum: string;
  company: string | null;
  status: string;
  invTotal: string;
  custPo: string | null;
}

describe('staff orders', () => {
  it('lists every account with company, status and total; filters by account; sorts by total', async () => {
    const all = (await get('/api/staff/orders?perPage=200')).json();
    expect(all.total).toBeGreaterThan(0);
    expect(new Set(all.rows.map((r: Row) => r.acctnum)).size).toBeGreaterThan(1);
    const states = await queryRows<{ ordnum: number; status: string }>(
      t.database.db,
      sql`select o.ordnum, case when exists (select 1 from invoices i where i.ordnum = o.ordnum) then 'invoiced'
            when o.synced = 1 then 'synced' else 'pending' end as status from orders o`,
    );
    expect(all.total).toBe(states.length);
    const want = new Map(states.map((s) => [s.ordnum, s.status]));
    for (const r of all.rows as Row[]) expect(r.status, String(r.ordnum)).toBe(want.get(r.ordnum));
    expect(new Set(all.rows.map((r: Row) => r.status)).size).toBeGreaterThan(1);
    const one = all.rows.find((r: Row) => r.acctnum === '10001') as Row;
    expect(one.company).toBe('Crescent City Frame Works');

    const mine = (await get('/api/staff/orders?acctnum=10001&sort=invTotal&dir=desc&perPage=200')).json();
    expect(mine.total).toBeGreaterThan(1);
    expect(mine.rows.every((r: Row) => r.acctnum === '10001')).toBe(true);
    const totals = mine.rows.map((r: Row) => Number(r.invTotal));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it('shows one order of any account with its lines and invoices; 404 for an unknown number', async () => {
    const [order] = await queryRows<{ ordnum: number; lines: number }>(
      t.database.db,
      sql`select o.ordnum, count(oi.*)::int as lines from orders o join order_items oi using (ordnum)
        where o.acctnum <> '10001' group by o.ordnum order by count(oi.*) desc, o.ordnum limit 1`,
    );
    const res = await get(`/api/staff/orders/${order!.ordnum}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.ordnum).toBe(order!.ordnum);
    expect(body.lines).toHaveLength(order!.lines);
    expect(body.lines[0]).toMatchObject({
      seqnum: 1,
      code: expect.any(String),
      totPrice: expect.any(String),
    });
    const sum = body.lines.reduce((s: number, l: { totPrice: string }) => s + Number(l.totPrice), 0);
    expect(sum).toBeCloseTo(Number(body.itemTotal), 2);
    expect((await get('/api/staff/orders/1999999999')).statusCode).toBe(404);
  });
});
