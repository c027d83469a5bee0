import { addToCartMessages } from '@mitrebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let token: string;
let other: string;
let codes: { priced: string; short: string; gone: string };
let ordnum: number;

const inject = (method: 'GET' | 'POST', url: string, who = token, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who), payload });
const cart = async () => (await inject('GET', '/api/getCart')).json();
const emptyCart = () => inject('POST', '/api/updateCart', token, { cartdata: [] });
const sqlRun = (q: ReturnType<typeof sql>) => queryRows<Record<string, number | string>>(t.database.db, q);

/** Three mouldings with plenty in New Orleans (C), in code order. */
async function mouldings(): Promise<string[]> {
  const rows = await sqlRun(
    sql`select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
        where p.type = 4 and p.active = 1 and s.onhand - s.commit_amt > 200 order by p.code limit 3`,
  );
  return rows.map((r) => String(r.code));
}

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 300 });
  token = await signIn(t.app, '10001');
  other = await signIn(t.app, '10005');
  const [priced, short, gone] = await mouldings();
  codes = { priced: priced!, short: short!, gone: gone! };
  const cartdata = [
    {
      Code: codes.priced,
      productSelection: {
        type: 'chop',
        quantity: 2,
        location: 'C',
        dimension: { length: 11, length_fraction: 0, width: 14, width_fraction: 8 },
      },
      backtype: 'backremq',
    },
    { Code: codes.short, productSelection: { type: 'length', length: 20, location: 'C' } },
    { Code: codes.gone, productSelection: { type: 'length', length: 12, location: 'C' } },
  ];
  const filled = await inject('POST', '/api/updateCart', token, { cartdata });
  expect(filled.statusCode, filled.body).toBe(200);
  const placed = await inject('POST', '/api/admin/orders', token, { poNumber: 'AGAIN1' });
  expect(placed.statusCode, placed.body).toBe(200);
  ordnum = placed.json().orderNumber;
});
afterAll(() => t?.close());

describe('order again', () => {
  it("puts an order's lines into the cart at today's prices and stock, and says what changed by line", async () => {
    // between the order and now: a price goes up, a warehouse runs dry, an item is withdrawn
    await sqlRun(sql`update products set chop = chop * 2, length = length * 2 where code = ${codes.priced}`);
    await sqlRun(sql`update product_stock set onhand = 0, commit_amt = 0 where code = ${codes.short}`);
    await sqlRun(sql`update products set active = 0 where code = ${codes.gone}`);
    await emptyCart();

    const res = await inject('POST', `/api/orders/${ordnum}/order-again`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ added: 2, notAdded: 1 });
    const [priced, short, gone] = body.lines;
    expect(priced).toMatchObject({
      Code: codes.priced,
      outcome: 'added',
      asked: 'Chop 11 x 14 1/2 in, 2 frames',
    });
    expect(priced.changes).toHaveLength(1);
    expect(priced.changes[0].kind).toBe('priceUp');
    expect(Number(priced.changes[0].now)).toBeGreaterThan(Number(priced.changes[0].was));
    expect(short).toMatchObject({ Code: codes.short, outcome: 'added' });
    expect(short.changes).toEqual([
      { kind: 'short', locationName: expect.any(String), available: 0, backorder: 'backremq' },
    ]);
    expect(gone).toMatchObject({
      Code: codes.gone,
      outcome: 'noLongerSold',
      message: 'No longer sold — not added',
    });

    // the cart holds the two lines at the same sizes and today's price; nothing of the withdrawn item
    const now = await cart();
    expect(now.data.map((l: { Code: string }) => l.Code)).toEqual([codes.priced, codes.short]);
    expect(now.data[0].productSelection).toMatchObject({
      type: 'chop',
      quantity: 2,
      dimension: { length: 11, length_fraction: 0, width: 14, width_fraction: 8 },
    });
    expect(now.data[0].calc.unitPrice).toBe(priced.changes[0].now);
    expect(now.data[1]).toMatchObject({ stockState: 2, backtype: 'backremq', ShipVal: 0 });
  });

  it('adds to what the cart holds, and refuses a size the cart refuses today instead of changing it', async () => {
    await sqlRun(sql`update products set active = 1 where code = ${codes.gone}`);
    // a kept chop of 3 inches: under today's smallest size
    await sqlRun(sql`update order_items set h_int = 3, w_int = 3 where ordnum = ${ordnum} and seqnum = 1`);
    const before = (await cart()).count;
    const res = await inject('POST', `/api/orders/${ordnum}/order-again`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lines[0]).toMatchObject({
      outcome: 'refused',
      message: `${addToCartMessages.smallest} — not added`,
    });
    expect(res.json().added).toBe(2);
    expect((await cart()).count).toBe(before + 2);
  });

  it("another account's order or invoice is not found, the same as one that does not exist", async () => {
    const [invoice] = await sqlRun(sql`select invnum from invoices where acctnum = '10001' limit 1`);
    const theirs = await inject('POST', `/api/orders/${ordnum}/order-again`, other);
    const missing = await inject('POST', '/api/orders/999999999/order-again', other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
    const theirInvoice = await inject('POST', `/api/invoices/${invoice!.invnum}/order-again`, other);
    expect(theirInvoice.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/orders/${ordnum}/order-again` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("an invoice's lines go in the same way, from the invoice's warehouse", async () => {
    await emptyCart();
    const [invoice] = await sqlRun(
      sql`select v.invnum, count(i.*)::int as n from invoices v join invoice_items i on i.invnum = v.invnum
          where v.acctnum = '10001' group by v.invnum order by v.invnum limit 1`,
    );
    const res = await inject('POST', `/api/invoices/${invoice!.invnum}/order-again`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.lines).toHaveLength(Number(invoice!.n));
    expect(body.added + body.notAdded).toBe(Number(invoice!.n));
    expect((await cart()).count).toBe(body.added);
  });
});
