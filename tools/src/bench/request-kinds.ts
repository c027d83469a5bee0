import { randomUUID } from 'node:crypto';
import { type Db, queryRows } from '@mitrebox/api/platform/db';
import { hashPassword } from '@mitrebox/api/platform/secrets';
import { chopCart } from '@mitrebox/api/testing/cart-lines';
import { sql } from 'drizzle-orm';
import { signedInBenchUser } from './orders.ts';

/** Invoices of its own (a paid-into invoice is not payable online again): 1,949,000,001 to 1,949,010,000. */
const FIRST_INVNUM = 1_949_000_001;
const INVOICES = 10_000;
const invoiceRange = sql`invnum between ${FIRST_INVNUM} and ${FIRST_INVNUM + INVOICES - 1}`;

export type RequestKind = [name: string, run: () => Promise<Response>];

/**
 * One signed-in user of account 10001 and each request kind of the mixed load (load.ts) as a function: browse,
 * search, product, add to cart, order (of the cart just updated), pay (a dollar of a fresh invoice). For the
 * statement counter and the CPU cost per request kind. `cleanUp` removes the invoices and their payments.
 */
export async function requestKinds(
  db: Db,
  base: string,
): Promise<{ kinds: RequestKind[]; cleanUp: () => Promise<void> }> {
  const token = await signedInBenchUser(db, base, {
    username: '919999',
    name: 'Request kinds',
    hash: await hashPassword('kinds-pass-1'),
    password: 'kinds-pass-1',
  });
  const [code] = await queryRows<{ code: string }>(
    db,
    sql`select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
        where p.type = 4 and s.onhand > 100 order by p.code limit 1`,
  );
  await db.execute(
    sql`update product_stock set onhand = 100000000 where location = 'C' and code = ${code.code}`,
  );
  const [card] = await queryRows<{ id: number }>(
    db,
    sql`select id from billing_methods where acctnum = '10001' and deleted_at is null order by is_default desc, id limit 1`,
  );
  const cleanUp = async () => {
    await db.execute(sql`delete from payments where ${invoiceRange}`);
    await db.execute(sql`delete from invoices where ${invoiceRange}`);
  };
  await cleanUp();
  await db.execute(sql`insert into invoices (invnum, acctnum, location, inv_date, invamt, balance, paystatus)
    select ${FIRST_INVNUM} + g, '10001', 'C', now(), 1000000.00, 1000000.00, 0 from generate_series(0, ${INVOICES - 1}) g`);
  let paid = 0;
  let version = 0;
  // no compression asked for, as autocannon in the load
  const auth = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
  const json = { ...auth, 'content-type': 'application/json' };
  let page = 0;
  const terms = ['walnut', 'gold', 'black', 'oak', 'silver', 'white', 'cherry', 'linen'];
  const kinds: RequestKind[] = [
    [
      'browse',
      () =>
        fetch(`${base}/api/Products?type=4&items_per_page=24&page=${1 + (page++ % 20)}`, { headers: auth }),
    ],
    [
      'search',
      () =>
        fetch(`${base}/api/Products?TopSearch=${terms[page++ % terms.length]}&page=1&items_per_page=10`, {
          headers: auth,
        }),
    ],
    ['product', () => fetch(`${base}/api/getProductDetailsByCode?Code=${code.code}`, { headers: auth })],
    [
      'add to cart',
      async () => {
        const res = await fetch(`${base}/api/updateCart`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify(chopCart(code.code)),
        });
        version = ((await res.clone().json()) as { version: number }).version;
        return res;
      },
    ],
    [
      'order',
      () =>
        fetch(`${base}/api/admin/orders`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ poNumber: 'KINDS', cartVersion: version }),
        }),
    ],
    [
      'pay',
      () =>
        fetch(`${base}/api/admin/makePayment`, {
          method: 'POST',
          headers: { ...json, 'idempotency-key': `kinds-${randomUUID()}` },
          body: JSON.stringify({
            Invnum: FIRST_INVNUM + (paid++ % INVOICES),
            accountBillId: card.id,
            amount: '1.00',
          }),
        }),
    ],
  ];
  return { kinds, cleanUp };
}
