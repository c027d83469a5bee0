import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { chopCart } from '../../testing/cart-lines.ts';
import { watchStatements } from '../../testing/statement-watch.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { createOrdersService } from './orders.service.ts';

/**
 * Round trips of order placement (docs/decisions/017): under the mixed load the stock rows of the ordered
 * mouldings are locked from the transaction's first round trip to its commit, and ten load users a moulding wait
 * for each other there; and under load every round trip costs about the same, whatever its statement does. An
 * order of one line takes the session (SESSION_CACHE_MS is 0 in tests), then in its transaction: the cart's lock,
 * which also empties it and locks its products' stock rows; the lines' products with stock and prices; the order
 * with its items and the stock they commit (one statement, however many lines).
 */
let t: TestApp;
let token: string;
let code: string;
let statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 200 });
  token = await signIn(t.app, '10001');
  [{ code }] = await queryRows<{ code: string }>(
    t.database.db,
    sql`select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
        where p.type = 4 and s.onhand - s.commit_amt > 100 order by p.code limit 1`,
  );
  watchStatements(t.database, { statement: (text) => statements.push(text) });
});
afterAll(() => t?.close());

const chop = () => chopCart(code);

describe('order placement round trips', () => {
  it('an order of one line: the session, then three statements, all with the stock locked', async () => {
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/updateCart',
      headers: bearer(token),
      payload: chop(),
    });
    expect(cart.statusCode).toBe(200);
    statements = [];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders',
      headers: bearer(token),
      payload: { poNumber: 'RT1', cartVersion: cart.json().version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(statements).toHaveLength(4);
    const stockLock = statements.findIndex((s) => /"product_stock".*for update/is.test(s));
    expect(stockLock).toBe(1);
    expect(statements[1]).toMatch(/from carts\s.*for update/is);
    expect(statements[3]).toMatch(/update "product_stock"/);
  });

  it('holds its stock rows from the cart’s lock, its first statement, to its commit (PostgreSQL)', async (ctx) => {
    if (t.database.kind !== 'postgres') ctx.skip();
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/updateCart',
      headers: bearer(token),
      payload: chop(),
    });
    let reached: () => void = () => {};
    const atLock = new Promise<void>((r) => {
      reached = r;
    });
    let letGo: () => void = () => {};
    const held = new Promise<void>((r) => {
      letGo = r;
    });
    // the same database and services; placement pauses after its first statement, the cart's lock
    const placing = createOrdersService({
      db: t.database.db,
      config: t.config,
      cart: t.app.services.cart,
      catalogue: t.app.services.catalogue,
      afterStep: async (step) => {
        if (step !== 'locked') return;
        reached();
        await held;
      },
    });
    const user = (await t.app.services.auth.authenticate(token))!.user;
    const placed = placing.placeOrder(user, { poNumber: 'LOCK', cartVersion: cart.json().version });
    await atLock;
    // another connection may not take the moulding's stock rows meanwhile
    const takeStock = () =>
      queryRows(t.database.db, sql`select code from product_stock where code = ${code} for update nowait`);
    const refused = await takeStock().then(
      () => undefined,
      (err: { code?: string; cause?: { code?: string } }) => err.cause?.code ?? err.code,
    );
    expect(refused).toBe('55P03'); // lock_not_available
    letGo();
    expect((await placed).success).toBe(true);
    expect((await takeStock()).length).toBeGreaterThan(0);
  });
});
