import { performance } from 'node:perf_hooks';
import { type Db, queryRows } from '@mitrebox/api/platform/db';
import { hashPassword } from '@mitrebox/api/platform/secrets';
import { chopCart } from '@mitrebox/api/testing/cart-lines';
import { sql } from 'drizzle-orm';
import type { Measurement } from './measure.ts';

export interface Buyer {
  token: string;
  code: string;
}

/**
 * An extra user of one account (demo account 10001 unless told; created, or its password reset and its
 * accounts set to that one alone), signed in through the API: its token. The benchmarks' buyers (orders.ts)
 * and load users (load.ts).
 */
export async function signedInBenchUser(
  db: Db,
  appUrl: string,
  user: { username: string; name: string; hash: string; password: string; acctnum?: string },
): Promise<string> {
  const acctnum = user.acctnum ?? '10001';
  await db.execute(sql`insert into users (username, name, email, password_hash)
    values (${user.username}, ${user.name}, null, ${user.hash})
    on conflict (username) do update set password_hash = excluded.password_hash`);
  await db.execute(sql`delete from user_accounts where acctnum <> ${acctnum}
    and user_id = (select id from users where username = ${user.username})`);
  await db.execute(
    sql`insert into user_accounts (user_id, acctnum) select id, ${acctnum} from users where username = ${user.username} on conflict do nothing`,
  );
  const res = await fetch(`${appUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  if (!res.ok) throw new Error(`bench user ${user.username} could not sign in: ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/**
 * Buyers for the order benchmark: extra users (900001…) of demo account 10001, each signed in, each with a
 * moulding of its own that has stock in New Orleans.
 */
export async function prepareBuyers(db: Db, appUrl: string, n: number): Promise<Buyer[]> {
  const hash = await hashPassword('bench-pass-1');
  const codes = await queryRows<{ code: string }>(
    db,
    sql`select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
        where p.type = 4 and s.onhand > 100 order by p.code limit ${n}`,
  );
  const buyers: Buyer[] = [];
  for (let i = 0; i < n; i++) {
    const token = await signedInBenchUser(db, appUrl, {
      username: String(900001 + i),
      name: `Bench buyer ${i + 1}`,
      hash,
      password: 'bench-pass-1',
    });
    buyers.push({ token, code: codes[i % codes.length].code });
  }
  return buyers;
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Each buyer loops: put a chop in the cart, place the order. Latency is of the placement call. */
export async function placeOrders(appUrl: string, buyers: Buyer[], seconds: number): Promise<Measurement> {
  const deadline = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    buyers.map(async (b) => {
      const headers = { authorization: `Bearer ${b.token}`, 'content-type': 'application/json' };
      while (performance.now() < deadline) {
        const cart = await fetch(`${appUrl}/api/updateCart`, {
          method: 'POST',
          headers,
          body: JSON.stringify(chopCart(b.code)),
        });
        if (!cart.ok) {
          errors++;
          continue;
        }
        const { version } = (await cart.json()) as { version: number };
        const started = performance.now();
        const res = await fetch(`${appUrl}/api/admin/orders`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ poNumber: 'BENCH', cartVersion: version }),
        });
        await res.text();
        if (res.ok) latencies.push(performance.now() - started);
        else errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round((latencies.length / seconds) * 10) / 10,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    errors,
    non2xx: 0,
  };
}
