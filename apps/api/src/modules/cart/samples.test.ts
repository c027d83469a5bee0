import { nextSampleMonth } from '@mitrebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { bearer, createTestApp, signIn, signInStaff, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let buyer: string;
let other: string;
let admin: string;
let mouldings: string[];
let mat: string;
let collection: { id: number; n: number };

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 400 });
  buyer = await signIn(t.app, '10001');
  other = await signIn(t.app, '10005');
  admin = await signInStaff(t.app, 'admin@mitrebox.example');
  mouldings = (
    await queryRows<{ code: string }>(
      t.database.db,
      sql`select code from products where type = 4 and active = 1 order by code limit 5`,
    )
  ).map((r) => r.code);
  [{ code: mat }] = await queryRows<{ code: string }>(
    t.database.db,
    sql`select code from products where type = 1 and active = 1 order by code limit 1`,
  );
  // a collection of several mouldings, none of them the first one sampled below
  [collection] = await queryRows<{ id: number; n: number }>(
    t.database.db,
    sql`select collection_id as id, count(*)::int as n from products
        where type = 4 and active = 1 and collection_id is not null and code <> ${mouldings[0]}
        group by collection_id having count(*) >= 4 order by count(*) desc limit 1`,
  );
  expect(collection).toBeTruthy();
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? bearer(who) : {}, payload });
const samples = (payload: object, who = buyer) => call('POST', '/api/cart/samples', who, payload);
const status = (who: string | null = buyer) => call('GET', '/api/cart/samples', who);
const setSamples = (value: object) =>
  call('PUT', '/api/staff/settings/corner_samples', admin, { value: JSON.stringify(value) });
const month = () => nextSampleMonth(new Date(), 'America/New_York');

describe('corner samples', () => {
  it('are free, 10 a month, until the back office says otherwise', async () => {
    expect((await status(null)).statusCode).toBe(401);
    const res = await status();
    expect(res.json()).toMatchObject({
      price: '0.00',
      priceLabel: 'Free',
      monthlyLimit: 10,
      ordered: 0,
      left: 10,
    });
    const list = await call('GET', '/api/staff/settings', admin);
    const setting = list.json().data.find((s: { name: string }) => s.name === 'corner_samples');
    expect(JSON.parse(setting.value)).toEqual({ price: '0.00', monthlyLimit: 10 });
  });

  it('take a price and a monthly limit in the back office, checked', async () => {
    const bad = await setSamples({ price: 'two', monthlyLimit: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/price per sample/);
    expect((await setSamples({ price: '2.5', monthlyLimit: -1 })).statusCode).toBe(400);
    const ok = await setSamples({ price: '2.5', monthlyLimit: 3 });
    expect(ok.statusCode).toBe(200);
    expect(JSON.parse(ok.json().value)).toEqual({ price: '2.50', monthlyLimit: 3 });
    expect((await status()).json()).toMatchObject({ priceLabel: '$2.50', monthlyLimit: 3, left: 3 });
  });

  it('go into the cart as a line of type S at the configured price, one per moulding', async () => {
    const res = await samples({ codes: [mouldings[0]], shipping: 'ship_now' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ added: 1, leftOut: 0, already: 0 });
    const [line] = res.json().cart.data;
    expect(line.Code).toBe(mouldings[0]);
    expect(line.calc).toMatchObject({ pcode: 'S', quantity: 1, unitPrice: '2.50', totalPrice: '2.50' });
    expect(line.productSelection).toMatchObject({ type: 'sample', sampleShipping: 'ship_now', quantity: 1 });
    expect(res.json().cart.total).toBe('2.50');

    const again = await samples({ codes: [mouldings[0]] });
    expect(again.json()).toMatchObject({ added: 0, already: 1 });
    expect(again.json().cart.count).toBe(1);
    // a mat has no corner; the same moulding twice is refused through updateCart too
    const item = await samples({ codes: [mat] });
    expect(item.statusCode).toBe(422);
    expect(item.json().message).toBe('Corner samples are offered for mouldings only.');
    const twice = await call('POST', '/api/updateCart', buyer, {
      cartdata: [
        line,
        { ...line, productSelection: { ...line.productSelection, sampleShipping: 'with_next_order' } },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({
      'cartdata.1': 'A corner sample of this moulding is in your cart already.',
    });
  });

  it('a sample set adds one corner of each moulding of a collection, up to the limit, and says what it left out', async () => {
    const res = await samples({ collection: collection.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ added: 2, leftOut: collection.n - 2 });
    expect(res.json().message).toBe(
      `Added 2 corner samples to your cart. ${collection.n - 2} samples left out: your account's limit is 3 a month.`,
    );
    expect(
      res.json().cart.data.filter((l: { calc: { pcode: string } }) => l.calc.pcode === 'S'),
    ).toHaveLength(3);
    expect(res.json().status).toMatchObject({ inCart: 3, left: 0 });
    expect((await samples({ collection: 2_000_000 })).statusCode).toBe(404);
  });

  it('are refused past the monthly limit at the cart', async () => {
    const res = await samples({ codes: [mouldings[4]] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      `Your account's 3 corner samples this month are ordered or in your cart. More can be ordered from ${month()}.`,
    );
    const cart = (await call('GET', '/api/getCart', buyer)).json().data;
    const more = await call('POST', '/api/updateCart', buyer, {
      cartdata: [...cart, { Code: mouldings[4], productSelection: { type: 'sample' } }],
    });
    expect(more.statusCode).toBe(422);
    // taking one out is never refused
    expect((await call('POST', '/api/updateCart', buyer, { cartdata: cart.slice(1) })).statusCode).toBe(200);
    expect((await call('POST', '/api/updateCart', buyer, { cartdata: cart })).statusCode).toBe(200);
  });

  it('are refused past the limit when the order is placed', async () => {
    await setSamples({ price: '2.50', monthlyLimit: 2 });
    const placed = await call('POST', '/api/admin/orders', buyer, {});
    expect(placed.statusCode).toBe(422);
    expect(placed.json().message).toMatch(
      /^Your account's 2 corner samples this month are ordered or in your cart/,
    );
    await setSamples({ price: '2.50', monthlyLimit: 3 });
  });

  it('are ordered as S lines the ERP export carries, and counted against the month', async () => {
    const placed = await call('POST', '/api/admin/orders', buyer, {});
    expect(placed.statusCode).toBe(200);
    const { orderNumber } = placed.json();
    const key = await call('POST', '/api/staff/erp-keys', admin, {
      name: 'samples',
      scopes: ['orders:read'],
    });
    const erp = await call('GET', '/api/erp/orders?limit=1000', key.json().key);
    const order = erp.json().data.find((o: { ordnum: number }) => o.ordnum === orderNumber);
    expect(order.items).toHaveLength(3);
    expect(order.items[0]).toMatchObject({
      code: mouldings[0],
      pcode: 'S',
      qty: '1.0000',
      unit_price: '2.50',
      instructions: 'CORNER SAMPLE - SHIP NOW',
    });
    expect(order.items[1].instructions).toBe('CORNER SAMPLE - SHIP WITH NEXT ORDER');

    expect((await status()).json()).toMatchObject({ ordered: 3, inCart: 0, left: 0 });
    const res = await samples({ codes: [mouldings[4]] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      `Your account has ordered its 3 corner samples this month. More can be ordered from ${month()}.`,
    );
  });

  it("count each account's own samples and fill only its own cart", async () => {
    expect((await status(other)).json()).toMatchObject({ ordered: 0, inCart: 0, left: 3 });
    const res = await samples({ codes: [mouldings[4]] }, other);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/getCart', buyer)).json().count).toBe(0);
    expect((await samples({ codes: [mouldings[4]] }, '')).statusCode).toBe(401);
  });
});
