import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { pricedProducts } from './priced-products.ts';

/**
 * The product page's, the cart's and order placement's statement is planned once per connection (platform/db.ts,
 * textArrayParam; docs/decisions/017, "Planned once"): asked for one item # at a time, PostgreSQL used to plan it
 * again on every execution, because its plan for one value looked cheaper than the generic plan costed for ten.
 * pg_prepared_statements counts both kinds of plan per connection; a transaction keeps one connection.
 */
let t: TestApp;
let codes: string[];

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 50 });
  codes = (
    await queryRows<{ code: string }>(t.database.db, sql`select code from products where active = 1 limit 3`)
  ).map((r) => r.code);
});
afterAll(() => t?.close());

// PGlite runs no named statements (each is parsed and planned as it comes): PostgreSQL's plan cache only
describe.skipIf(!process.env.DATABASE_URL)('priced products, prepared', () => {
  it('takes the generic plan after five plans for its values, whatever the number of item #s', async () => {
    const plans = await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 12; i++) {
        const asked = codes.slice(0, 1 + (i % 3));
        const { rows, account } = await pricedProducts(tx, asked, '10001');
        expect(rows.map((r) => r.code).sort()).toEqual([...asked].sort());
        expect(account?.acctnum).toBe('10001');
      }
      return queryRows<{ generic: number; custom: number }>(
        tx,
        sql`select generic_plans::int as generic, custom_plans::int as custom
            from pg_prepared_statements where name = 'priced_products'`,
      );
    });
    expect(plans).toEqual([{ generic: 7, custom: 5 }]);
  });
});
