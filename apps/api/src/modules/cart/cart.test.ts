import { addToCartMessages as m, messages, PO_MESSAGE, priceLine } from '@mitrebox/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { productStock } from '../catalogue/catalogue.tables.ts';
import { runOnce } from '../jobs/jobs.service.ts';
import { createOrdersService } from '../orders/orders.service.ts';
import { orderItems, orders } from '../orders/orders.tables.ts';

let t: TestApp;
let token: string;
let moulding: { code: string; width: string; box_qty: number };
let item: { code: string };

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 400 });
  token = await signIn(t.app, '10001');
  // a moulding with plenty in New Orleans (C) and a box quantity; an item (mat) with stock in C
  [moulding] = await queryRows(
    t.database.db,
    sql`select p.code, p.width, p.box_qty from products p join product_stock s on s.code = p.code and s.location = 'C'
        where p.type = 4 and p.box_qty > 0 and p.box_nodiscount = 0 and s.onhand - s.commit_amt > 400 order by p.code limit 1`,
  );
  [item] = await queryRows(
    t.database.db,
    sql`select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
        where p.type = 1 and s.onhand - s.commit_amt > 20 order by p.code limit 1`,
  );
  expect(moulding && item).toBeTruthy();
});
afterAll(() => t?.close());

const dim = (length: number | string, width: number | string) => ({
  length,
  length_fraction: 0,
  width,
  width_fraction: 0,
});
const update = (cartdata: object[], who = token) =>
  t.app.inject({ method: 'POST', url: '/api/updateCart', headers: bearer(who), payload: { cartdata } });
const getCart = (who = token) => t.app.inject({ method: 'GET', url: '/api/getCart', headers: bearer(who) });
const place = (payload: object, who = token) =>
  t.app.inject({ method: 'POST', url: '/api/admin/orders', headers: bearer(who), payload });
const line = (productSelection: object, code = moulding.code, extra: object = {}) => ({
  Code: code,
  productSelection,
  ...extra,
});

describe('cart lines are priced by the server', () => {
  it('a length line: footage, unit price and total come from the catalogue and the account', async () => {
    const res = await update([line({ type: 'length', length: 20, location: 'C' })]);
    expect(res.statusCode).toBe(200);
    const [l] = res.json().data;
    expect(l.calc.footage).toBe(20);
    expect(l.calc.pcode).toBe('L');
    expect(Number(l.calc.totalPrice)).toBeCloseTo(Number(l.calc.unitPrice) * 20, 2);
    expect(res.json().count).toBe(1);
  });

  it('ignores a tampered price or total', async () => {
    const honest = (
      await update([line({ type: 'chop', quantity: 2, dimension: dim(16, 20), location: 'C' })])
    ).json().data[0];
    const res = await update([
      line({ type: 'chop', quantity: 2, dimension: dim(16, 20), location: 'C' }, moulding.code, {
        calc: { totalPrice: '0.01', unitPrice: '0.01' },
        price: '0.01',
        ShipVal: 999,
      }),
    ]);
    const l = res.json().data[0];
    expect(l.calc.totalPrice).toBe(honest.calc.totalPrice);
    expect(l.calc.unitPrice).toBe(honest.calc.unitPrice);
    expect(Number(l.calc.totalPrice)).toBeGreaterThan(1);
    // and what is stored holds no price at all
    const [row] = await queryRows<{ cartdata: unknown }>(
      t.database.db,
      sql`select cartdata from carts limit 1`,
    );
    expect(JSON.stringify(row.cartdata)).not.toContain('0.01');
  });

  it('a box is quantity × box quantity at 70% of the length price', async () => {
    const [l] = (await update([line({ type: 'box', quantity: 2, location: 'C' })])).json().data;
    expect(l.calc.footage).toBe(2 * moulding.box_qty);
    expect(l.calc.discountRate).toBe('0.00');
  });

  it('each add-to-cart message, letter for letter', async () => {
    const cases: [object, string][] = [
      [line({ type: 'length', length: 10, location: '' }), m.location],
      [line({ type: 'length', length: 10, location: 'G' }), m.instructions],
      [line({ type: 'length', length: 0, location: 'C' }), m.length],
      [line({ type: 'chop', quantity: 0, dimension: dim(16, 20), location: 'C' }), m.quantityAndDimensions],
      [line({ type: 'chop', quantity: 1, dimension: dim('', ''), location: 'C' }), m.quantityAndDimensions],
      [line({ type: 'join', quantity: 1, dimension: dim(5, 20), location: 'C' }), m.smallest],
      [line({ type: 'exact', quantity: 1, dimension: dim(20, 4), location: 'C' }), m.smallest],
      [line({ type: 'box', quantity: 0, location: 'C' }), m.quantity],
      [line({ quantity: 0, location: 'C' }, item.code), m.quantity],
      // FER-133-0977 is out of stock everywhere (apps/api/src/demo-data SEED_FIXTURES)
      [line({ type: 'length', length: 10, location: 'C' }, 'FER-133-0977'), m.backorder],
    ];
    for (const [l, message] of cases) {
      const res = await update([l]);
      expect(res.statusCode, message).toBe(422);
      expect(res.json().message).toBe(message);
      expect(res.json().errors).toEqual({ 'cartdata.0': message });
    }
    expect(
      (await update([line({ type: 'length', length: 10, location: 'G', instructions: 'Cut in two' })]))
        .statusCode,
    ).toBe(200);
  });

  it('a back-ordered line with an option gets its Ship / Backordered / Cancelled split', async () => {
    const [s] = await t.database.db
      .select()
      .from(productStock)
      .where(and(eq(productStock.code, moulding.code), eq(productStock.location, 'C')));
    const available = Math.max(0, Math.round(Number(s.onhand) - Number(s.commitAmt)));
    const want = available + 10;
    for (const [backtype, expected] of [
      ['backremq', { ShipVal: available, backremq: 10, backcancel: 0, backallq: 0 }],
      ['backcancel', { ShipVal: available, backremq: 0, backcancel: 10, backallq: 0 }],
      ['backallq', { ShipVal: 0, backremq: 0, backcancel: 0, backallq: want }],
    ] as const) {
      const res = await update([
        line({ type: 'length', length: want, location: 'C' }, moulding.code, { backtype }),
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json().data[0]).toMatchObject({ stockState: 2, ...expected });
    }
  });

  it('items are ordered by quantity', async () => {
    const [l] = (await update([line({ quantity: 3, location: 'C' }, item.code)])).json().data;
    expect(l.calc).toMatchObject({ quantity: 3, unit: 'ea', pcode: '' });
  });

  it('bad input is a 4xx with a message, never a 500', async () => {
    for (const payload of [
      {},
      { cartdata: 'x' },
      { cartdata: [{}] },
      { cartdata: [{ Code: 'X', productSelection: { quantity: [1] } }] },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/updateCart',
        headers: bearer(token),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const unknown = await update([line({ quantity: 1, location: 'C' }, 'NO-SUCH-CODE')]);
    expect(unknown.statusCode).toBe(422);
    const tooMany = await update(
      Array.from({ length: 201 }, () => line({ quantity: 1, location: 'C' }, item.code)),
    );
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('whose cart', () => {
  it("another account never sees this account's cart", async () => {
    await update([line({ type: 'length', length: 12, location: 'C' })]);
    const other = await signIn(t.app, '10005');
    expect((await getCart(other)).json().data).toEqual([]);
    await update([line({ quantity: 1, location: 'G' }, item.code)], other);
    expect((await getCart()).json().data.map((l: { Code: string }) => l.Code)).toEqual([moulding.code]);
  });

  it('purchase-blocked and anonymous callers have no cart', async () => {
    const blocked = await signIn(t.app, '10002');
    const message = messages.purchaseBlocked('800-640-2467');
    for (const res of [
      await getCart(blocked),
      await update([], blocked),
      await place({ poNumber: 'X1' }, blocked),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/getCart' })).statusCode).toBe(401);
  });
});

const stockOf = async (code: string, location: string) =>
  (
    await t.database.db
      .select()
      .from(productStock)
      .where(and(eq(productStock.code, code), eq(productStock.location, location)))
  )[0];

describe('placing the order', () => {
  it('writes the order and its items, commits stock per warehouse, empties the cart and shows it pending', async () => {
    const before = await stockOf(moulding.code, 'C');
    const beforeItem = await stockOf(item.code, 'C');
    const cart = (
      await update([
        line({ type: 'chop', quantity: 2, dimension: dim(16, 20), location: 'C' }),
        line({ type: 'length', length: 30, location: 'C' }),
        line({ quantity: 2, location: 'C' }, item.code),
      ])
    ).json();
    const res = await place({ poNumber: 'PO12345', cartVersion: cart.version });
    expect(res.statusCode).toBe(200);
    const { orderNumber } = res.json();
    expect(orderNumber).toBeGreaterThanOrEqual(700000);

    const after = await stockOf(moulding.code, 'C');
    expect(Number(after.commitAmt) - Number(before.commitAmt)).toBeCloseTo(
      cart.data[0].ShipVal + cart.data[1].ShipVal,
      2,
    );
    expect(Number((await stockOf(item.code, 'C')).commitAmt) - Number(beforeItem.commitAmt)).toBe(2);
    expect((await getCart()).json().data).toEqual([]);

    const details = await t.app.inject({
      method: 'GET',
      url: `/api/admin/ordersDetails?Ordernum=${orderNumber}`,
      headers: bearer(token),
    });
    expect(details.statusCode).toBe(200);
    const order = details.json().data;
    expect(order).toMatchObject({
      Ordnum: orderNumber,
      synced: 0,
      CustPo: 'PO12345',
      Acctnum: '10001',
      ItemTotal: cart.total,
      InvTotal: cart.total,
    });
    expect(order.items.map((i: { Pcode: string }) => i.Pcode)).toEqual(['C', 'L', null]);
    expect(order.items[0]).toMatchObject({
      Qty: 2,
      H_Int: 16,
      W_Int: 20,
      TotPrice: cart.data[0].calc.totalPrice,
    });

    const other = await signIn(t.app, '10005');
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/admin/ordersDetails?Ordernum=${orderNumber}`,
      headers: bearer(other),
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('refuses a bad PO number and an empty cart', async () => {
    await update([line({ type: 'length', length: 5, location: 'C' })]);
    for (const poNumber of ['PO-123', 'ABCDEFGHIJKLMN', 'a b', 'PO-2024/117', 'X'.repeat(60)]) {
      const res = await place({ poNumber });
      expect(res.statusCode, poNumber).toBe(422);
      // refused with the field's message, never rewritten into something else
      expect(res.json()).toEqual({ message: PO_MESSAGE, errors: { poNumber: PO_MESSAGE } });
    }
    await update([]);
    const empty = await place({ poNumber: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Your cart is empty.');
  });

  it('20 concurrent submissions of the same cart make exactly one order', async () => {
    const cart = (await update([line({ type: 'length', length: 8, location: 'C' })])).json();
    const [{ n: before }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where acctnum = '10001'`,
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, () => place({ poNumber: 'RUSH1', cartVersion: cart.version })),
    );
    const numbers = new Set(results.map((r) => r.json().orderNumber));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(numbers.size).toBe(1);
    const [{ n: after }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where acctnum = '10001'`,
    );
    expect(after - before).toBe(1);
  });

  it('without a cart version, repeats after the first find an empty cart', async () => {
    await update([line({ type: 'length', length: 6, location: 'C' })]);
    const results = await Promise.all(Array.from({ length: 5 }, () => place({ poNumber: 'X' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(
      results.filter((r) => r.statusCode === 422).every((r) => r.json().message === 'Your cart is empty.'),
    ).toBe(true);
  });
});

describe('a failure inside order placement leaves nothing behind', () => {
  for (const failAt of ['locked', 'order', 'items', 'stock', 'cart'] as const) {
    it(`fails after '${failAt}': no order, no items, stock and cart unchanged`, async () => {
      // the same database and services, with order placement made to fail at one step
      const app = t.app;
      const failing = createOrdersService({
        db: t.database.db,
        config: t.config,
        cart: app.services.cart,
        catalogue: app.services.catalogue,
        afterStep: (step) => {
          if (step === failAt) throw new Error(`injected failure after ${step}`);
        },
      });
      const user = (await app.services.auth.authenticate(token))!.user;
      await update([line({ type: 'length', length: 7, location: 'C' })]);
      const stockBefore = await stockOf(moulding.code, 'C');
      const [{ n: ordersBefore }] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from orders`,
      );
      const [{ n: itemsBefore }] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from order_items`,
      );

      await expect(failing.placeOrder(user, { poNumber: 'FAIL' })).rejects.toThrow(/injected failure/);

      const [{ n: ordersAfter }] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from orders`,
      );
      const [{ n: itemsAfter }] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from order_items`,
      );
      expect(ordersAfter).toBe(ordersBefore);
      expect(itemsAfter).toBe(itemsBefore);
      expect((await stockOf(moulding.code, 'C')).commitAmt).toBe(stockBefore.commitAmt);
      expect((await getCart()).json().data).toHaveLength(1);
      expect(await t.database.db.select().from(orders).where(eq(orders.custPo, 'FAIL'))).toEqual([]);
      expect(
        await t.database.db.select().from(orderItems).where(eq(orderItems.instructions, 'FAIL')),
      ).toEqual([]);
    });
  }
});

describe('midnight clearing', () => {
  it('runs once per business day across processes and empties every cart', async () => {
    await update([line({ type: 'length', length: 9, location: 'C' })]);
    const key = `clear-carts:test-${Date.now()}`;
    const ran = await Promise.all(
      [1, 2, 3].map(() =>
        runOnce(t.database.db, key, async () => void (await t.app.services.cart.clearAll())),
      ),
    );
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect((await getCart()).json().data).toEqual([]);
  });
});

describe('stock by location and discount labels', () => {
  it("getLocationQty: four warehouses and the account's own; 'not logged in' for visitors", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/getLocationQty?Code=${moulding.code}`,
      headers: bearer(token),
    });
    expect(Object.keys(res.json().LocationQty).sort()).toEqual(['B', 'C', 'E', 'G']);
    expect(res.json().AccountLocs).toEqual({ Location: 'C', Name: 'New Orleans' });
    const anon = await t.app.inject({ method: 'GET', url: `/api/getLocationQty?Code=${moulding.code}` });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe('not logged in');
  });

  it('discount labels name each level of the account', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/discountlbl', headers: bearer(token) });
    const byField = Object.fromEntries(
      res.json().data.map((d: { field: string; name: string }) => [d.field, d.name]),
    );
    expect(byField).toMatchObject({ B_Disc: '20%', C_Disc: '20%', L_Disc: '30%', G_Disc: 'Plus' });
  });
});

describe('the dialog preview and the cart agree', () => {
  it('prices a FrameLine-discounted moulding the same from product details as the cart does', async () => {
    const [p] = await queryRows<{ code: string }>(
      t.database.db,
      sql`select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
          where p.type = 4 and p.frame_line = 'D' and coalesce(p.bypass, '') <> 'BYPASS'
            and p.vendor not in (select vendor from discounts where acctnum = '10001' and key = 'L')
            and s.onhand - s.commit_amt > 50 order by p.code limit 1`,
    );
    expect(p).toBeTruthy();
    const details = (
      await t.app.inject({
        method: 'GET',
        url: `/api/getProductDetailsByCode?Code=${p.code}`,
        headers: bearer(token),
      })
    ).json();
    expect(details.discounts.some((d: { Vendor: string }) => d.Vendor === 'D')).toBe(true);
    const preview = priceLine(
      details.products[p.code],
      { discounts: details.discounts },
      { type: 'length', length: 12, location: 'C' },
    );
    const [line] = (await update([line_(p.code)])).json().data;
    expect(line.calc.totalPrice).toBe(preview.total);
    expect(line.calc.discountRate).toBe(preview.discountRate);
  });
});

function line_(code: string) {
  return { Code: code, productSelection: { type: 'length', length: 12, location: 'C' } };
}

describe('two buyers and the last of the stock', () => {
  it('never commits more than is available: the second order back-orders what the first took', async () => {
    const [p] = await queryRows<{ code: string; available: number }>(
      t.database.db,
      sql`select p.code, round(s.onhand - s.commit_amt)::int as available from products p
          join product_stock s on s.code = p.code and s.location = 'C'
          where p.type = 4 and s.onhand - s.commit_amt between 20 and 400 and p.code <> ${moulding.code}
          order by p.code limit 1`,
    );
    expect(p).toBeTruthy();
    const other = await signIn(t.app, '10005');
    const want = {
      type: 'length',
      length: p.available,
      location: 'C',
      instructions: 'Ship from New Orleans',
    };
    const a = (await update([line(want, p.code, { backtype: 'backremq' })])).json();
    const b = (await update([line(want, p.code, { backtype: 'backremq' })], other)).json();
    expect(a.data[0].ShipVal).toBe(p.available);
    expect(b.data[0].ShipVal).toBe(p.available);
    const before = await stockOf(p.code, 'C');

    const [ra, rb] = await Promise.all([
      place({ poNumber: 'LASTA', cartVersion: a.version }),
      place({ poNumber: 'LASTB', cartVersion: b.version }, other),
    ]);
    // a cart line that was in stock may need a back-order choice by the time it is placed
    const placed = [ra, rb].filter((r) => r.statusCode === 200);
    for (const r of [ra, rb].filter((x) => x.statusCode !== 200)) expect(r.json().message).toBe(m.backorder);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    const after = await stockOf(p.code, 'C');
    expect(Number(after.commitAmt) - Number(before.commitAmt)).toBeLessThanOrEqual(p.available);
  });
});

describe('typed quantities are read whole or refused', () => {
  it('lengths in feet: "3 1/2", "3-1/2" and "3.5" are 3.5 ft at 3.5 × the unit price', async () => {
    for (const length of ['3 1/2', '3-1/2', '3.5', 3.5]) {
      const res = await update([line({ type: 'length', length, location: 'C' })]);
      expect(res.statusCode, String(length)).toBe(200);
      const [l] = res.json().data;
      expect(l.calc.footage).toBe(3.5);
      expect(l.productSelection.length).toBe(3.5);
      expect(l.calc.totalPrice).toBe((Math.round(Number(l.calc.unitPrice) * 350) / 100).toFixed(2));
    }
  });

  it('anything else is refused with the field message, never stripped into a number', async () => {
    const cases: [object, string][] = [
      [line({ type: 'length', length: '12.5.1', location: 'C' }), m.lengthFormat],
      [line({ type: 'length', length: '1e3', location: 'C' }), m.lengthFormat],
      [line({ type: 'length', length: '3.3', location: 'C' }), m.lengthFormat],
      [line({ type: 'length', length: '-3', location: 'C' }), m.length],
      [line({ quantity: '1.5', location: 'C' }, item.code), m.quantityWhole],
      [line({ quantity: 1.5, location: 'C' }, item.code), m.quantityWhole],
      [line({ quantity: '1e3', location: 'C' }, item.code), m.quantityWhole],
      [line({ quantity: '-3', location: 'C' }, item.code), m.quantity],
      [line({ type: 'box', quantity: '1.5', location: 'C' }), m.quantityWhole],
      [line({ type: 'chop', quantity: 2.5, dimension: dim(16, 20), location: 'C' }), m.quantityWhole],
      [line({ type: 'chop', quantity: 1, dimension: dim('16.5', 20), location: 'C' }), m.sizeFormat],
    ];
    for (const [l, message] of cases) {
      const res = await update([l]);
      expect(res.statusCode, JSON.stringify(l)).toBe(422);
      expect(res.json()).toEqual({ message, errors: { 'cartdata.0': message } });
    }
  });
});

describe('a line type must be valid for its product', () => {
  // INN-159-0208: a moulding without a box quantity (apps/api/src/demo-data SEED_FIXTURES)
  const NO_BOX = 'INN-159-0208';

  it('updateCart refuses a box of a moulding that has no box quantity, and other types an item has not', async () => {
    for (const [l, code] of [
      [{ type: 'box', quantity: 5, location: 'C', instructions: 'x' }, NO_BOX],
      [{ type: 'chop', quantity: 1, dimension: dim(16, 20), location: 'C' }, item.code],
      [{ type: 'item', quantity: 2, location: 'C' }, moulding.code],
    ] as const) {
      const res = await update([line(l, code)]);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: m.typeNotOffered, errors: { 'cartdata.0': m.typeNotOffered } });
    }
  });

  it('order placement re-checks a stored line: no $0 order', async () => {
    await update([]);
    await t.database.db.execute(
      sql`update carts set cartdata = ${JSON.stringify([
        { Code: NO_BOX, productSelection: { type: 'box', quantity: 5, location: 'C', instructions: 'x' } },
      ])}::jsonb, version = version + 1 where acctnum = '10001'`,
    );
    const [{ n: before }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where acctnum = '10001'`,
    );
    const res = await place({ poNumber: 'ZERO' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(m.typeNotOffered);
    const [{ n: after }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where acctnum = '10001'`,
    );
    expect(after).toBe(before);
    await update([]);
  });
});

describe('fractions are sixteenths', () => {
  it('a chop with a fraction of 99, 16, −4 or 7.5 is refused with the field message', async () => {
    for (const f of [99, 16, -4, 7.5, '7.5']) {
      for (const side of ['length_fraction', 'width_fraction']) {
        const res = await update([
          line({ type: 'chop', quantity: 1, dimension: { ...dim(8, 10), [side]: f }, location: 'C' }),
        ]);
        expect(res.statusCode, `${side} ${f}`).toBe(422);
        expect(res.json().message).toBe(m.fractionFormat);
      }
    }
  });

  it('what the cart shows is what the order stores', async () => {
    const cart = (
      await update([
        line({
          type: 'chop',
          quantity: '2',
          dimension: { length: '16', length_fraction: '14', width: 20, width_fraction: 3 },
          location: 'C',
        }),
      ])
    ).json();
    const [l] = cart.data;
    expect(l.productSelection.dimension).toMatchObject({
      length: 16,
      length_fraction: 14,
      width: 20,
      width_fraction: 3,
    });
    expect(l.productSelection.quantity).toBe(2);
    const res = await place({ poNumber: 'FRAC1', cartVersion: cart.version });
    expect(res.statusCode).toBe(200);
    const order = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/ordersDetails?Ordernum=${res.json().orderNumber}`,
        headers: bearer(token),
      })
    ).json().data;
    expect(order.items[0]).toMatchObject({
      Qty: 2,
      H_Int: 16,
      H_Frac: 14,
      W_Int: 20,
      W_Frac: 3,
      Footage: l.calc.footage,
      TotPrice: l.calc.totalPrice,
    });
    expect(order.ItemTotal).toBe(cart.total);
  });
});

describe('back-order choices charge what ships and what is back-ordered', () => {
  it('nothing in stock and "cancel the rest" is refused: nothing would ship or be charged', async () => {
    const res = await update([
      line({ type: 'length', length: 20, location: 'C' }, 'FER-133-0977', { backtype: 'backcancel' }),
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(m.nothingShips);
  });

  it('the cart line and the order charge the same quantity for each choice; cancelled is never charged', async () => {
    const s = await stockOf(moulding.code, 'C');
    const available = Math.max(0, Math.round(Number(s.onhand) - Number(s.commitAmt)));
    const want = available + 20;
    const lines = (
      await update(
        (['backremq', 'backcancel', 'backallq'] as const).map((backtype) =>
          line({ type: 'length', length: want, location: 'C' }, moulding.code, { backtype }),
        ),
      )
    ).json();
    const [remq, cancel, allq] = lines.data;
    const unit = Number(remq.calc.unitPrice);
    const price = (ft: number) => (Math.round(unit * ft * 100) / 100).toFixed(2);
    expect(remq.calc).toMatchObject({ chargedFootage: want, totalPrice: price(want) });
    expect(cancel.calc).toMatchObject({ chargedFootage: available, totalPrice: price(available) });
    expect(cancel).toMatchObject({ ShipVal: available, backcancel: 20 });
    expect(allq.calc).toMatchObject({ chargedFootage: want, totalPrice: price(want) });

    const res = await place({ poNumber: 'BACK1', cartVersion: lines.version });
    expect(res.statusCode).toBe(200);
    const order = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/ordersDetails?Ordernum=${res.json().orderNumber}`,
        headers: bearer(token),
      })
    ).json().data;
    expect(order.items.map((i: { TotPrice: string }) => i.TotPrice)).toEqual(
      lines.data.map((l: { calc: { totalPrice: string } }) => l.calc.totalPrice),
    );
    expect(order.items[1]).toMatchObject({ Footage: available, ShipQty: available, CancelledQty: 20 });
    expect(order.ItemTotal).toBe(lines.total);
  });
});
