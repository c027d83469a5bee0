import type { SessionUser } from '@mitrebox/api-contract';
import { PO_MESSAGE } from '@mitrebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { chopCart } from '../../testing/cart-lines.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { createPlaceOrder, type PlacementStep } from './place-order.ts';

/**
 * Placing an order on its own (place-order.ts): the cart's lock, its lines re-priced, and one statement that
 * writes the order, its items and the stock they commit, then the cart emptied — all in one transaction. The HTTP
 * side (POST /api/admin/orders) and a failure at each step are in cart/cart.test.ts.
 */
let t: TestApp;
let token: string;
let user: SessionUser;
let code: string;

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 200 });
  token = await signIn(t.app, '10001');
  user = (await t.app.services.auth.authenticate(token))!.user;
  [{ code }] = await queryRows<{ code: string }>(
    t.database.db,
    sql`select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
        where p.type = 4 and s.onhand - s.commit_amt > 100 order by p.code limit 1`,
  );
});
afterAll(() => t?.close());

const placeOrder = (steps: PlacementStep[] = []) =>
  createPlaceOrder({
    db: t.database.db,
    config: t.config,
    cart: t.app.services.cart,
    catalogue: t.app.services.catalogue,
    afterStep: (step) => {
      steps.push(step);
    },
  });

/** The cart of one chop of the moulding; its version. */
async function fillCart(): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/updateCart',
    headers: bearer(token),
    payload: chopCart(code),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().version;
}

const committed = async () =>
  (
    await queryRows<{ commit: string }>(
      t.database.db,
      sql`select commit_amt as commit from product_stock where code = ${code} and location = 'C'`,
    )
  )[0].commit;

describe('placing an order', () => {
  it('writes the order with its items, commits the stock and empties the cart, step by step', async () => {
    const version = await fillCart();
    const before = Number(await committed());
    const steps: PlacementStep[] = [];
    const placed = await placeOrder(steps)(user, { poNumber: 'PLACE1', cartVersion: version });
    expect(placed.success).toBe(true);
    expect(steps).toEqual(['locked', 'order', 'items', 'stock', 'cart']);
    const items = await queryRows<{ code: string; cust_po: string }>(
      t.database.db,
      sql`select i.code, o.cust_po from order_items i join orders o on o.ordnum = i.ordnum
          where o.ordnum = ${placed.orderNumber}`,
    );
    expect(items).toEqual([{ code, cust_po: 'PLACE1' }]);
    expect(Number(await committed())).toBeGreaterThan(before);
    expect((await t.app.services.cart.storedCart(user)).inputs).toEqual([]);
  });

  it('answers the order it already made when the same cart version is sent again', async () => {
    const version = await fillCart();
    const first = await placeOrder()(user, { poNumber: 'PLACE2', cartVersion: version });
    const again = await placeOrder()(user, { poNumber: 'PLACE2', cartVersion: version });
    expect(again).toEqual(first);
  });

  it('refuses an empty cart and a purchase order number of the wrong shape, keeping nothing', async () => {
    await expect(placeOrder()(user, { poNumber: 'EMPTY' })).rejects.toThrow('Your cart is empty.');
    await expect(placeOrder()(user, { poNumber: 'x'.repeat(200) })).rejects.toThrow(PO_MESSAGE);
    const [{ n }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where cust_po = 'EMPTY'`,
    );
    expect(n).toBe(0);
  });
});
