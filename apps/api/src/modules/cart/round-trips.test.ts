import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { chopCart } from '../../testing/cart-lines.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';

/**
 * Round trips to the database per request of the mixed load (docs/decisions/017): under load the CPU goes per
 * statement, so the signed-in session (with its user and accounts), and the product page's and the cart's
 * products with stock, account and discounts, are one statement each. Sessions are read afresh on every
 * request here (SESSION_CACHE_MS is 0 in tests): each count includes the session's one.
 */
let t: TestApp;
let token: string;
let code: string;
let statements = 0;

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 200 });
  token = await signIn(t.app, '10001');
  [{ code }] = await queryRows<{ code: string }>(
    t.database.db,
    sql`select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
        where p.type = 4 and s.onhand - s.commit_amt > 100 order by p.code limit 1`,
  );
  // every statement outside a transaction goes through the client's query (node-postgres' pool, PGlite)
  const client = (t.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    statements++;
    return query(...args);
  };
});
afterAll(() => t?.close());

async function counted(run: () => Promise<{ statusCode: number }>) {
  statements = 0;
  const res = await run();
  expect(res.statusCode).toBe(200);
  return statements;
}

const chop = () => chopCart(code);

describe('statements per request', () => {
  it('product page, signed in: the session, then the product with stock and the account’s prices', async () => {
    const url = `/api/getProductDetailsByCode?Code=${encodeURIComponent(code)}`;
    expect(await counted(() => t.app.inject({ method: 'GET', url, headers: bearer(token) }))).toBe(2);
  });

  it('cart update: the session, the products with stock and prices, the stored cart', async () => {
    const update = () =>
      t.app.inject({ method: 'POST', url: '/api/updateCart', headers: bearer(token), payload: chop() });
    expect(await counted(update)).toBe(3);
  });

  it('cart: the session, the stored cart, its products with stock and prices', async () => {
    const get = () => t.app.inject({ method: 'GET', url: '/api/getCart', headers: bearer(token) });
    expect(await counted(get)).toBe(3);
  });
});
