import type { AddressInfo } from 'node:net';
import { type Db, queryRows } from '@mitrebox/api/platform/db';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { seeded } from './catalogue.ts';
import { signInSession } from './lighthouse.ts';
import { type BenchRow, measure } from './measure.ts';

/**
 * A point-of-sale system reading the catalogue with an API key of 10001 (issue 32 §6): GET /api/pos/v1/products,
 * PAGE products a page from random item #s (the cursors a system paging through the catalogue holds), each with the
 * account's net price of every kind, beside a bare Fastify route answering the same page from plain SQL (keyset by
 * item #, the same columns, rows as JSON) in the same run. The key is made through My Account as an owner makes
 * one, and removed afterwards with its calls' audit.
 */
const PAGE = 100;

/** The POS page's rows as the database gives them: products with their collection's name, by item #. */
const PAGE_SQL = `select p.code, p.description, p.display_name, p.frame_type, p.type, p.collection_id, c.name,
  p.manuf_code, p.width, p.box_qty, p.box_nodiscount, p.vendor, p.frame_line, p.bypass, p.length, p.chop,
  p.join_amt, p.length2, p.hardware, p.glass1, p.glass2, p.glass3, p.glass4, p.mat1, p.mat2, p.mat3, p.mat4,
  p.mat5, p.readymade, p.join_fee, p.join_os_fee
  from products p left join collections c on c.id = p.collection_id
  where p.active = 1 and p.code > $1 order by p.code limit ${PAGE}`;

/** An API key of the account with `scopes`, made by its owner in My Account: the key and its id. */
async function makeKey(appUrl: string, token: string, scopes: string[]) {
  const res = await fetch(`${appUrl}/api/account/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench point of sale', scopes }),
  });
  if (res.status !== 201) throw new Error(`could not make an API key: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { key: string; data: { id: number } };
  return { key: body.key, id: body.data.id };
}

export async function posProductsRow(
  db: Db,
  appUrl: string,
  databaseUrl: string,
  opts: { connections: number; seconds: number },
): Promise<BenchRow> {
  const { token } = await signInSession(appUrl, '10001');
  const { key, id } = await makeKey(appUrl, token, ['catalogue:read']);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const bare = Fastify({ logger: false });
  try {
    const codes = (
      await queryRows<{ code: string }>(db, sql`select code from products where active = 1 order by code`)
    ).map((r) => r.code);
    const rnd = seeded(32);
    const after = Array.from({ length: 5000 }, () => codes[Math.floor(rnd() * codes.length)]!);
    const posPath = (code: string) =>
      `/api/pos/v1/products?limit=${PAGE}&cursor=${Buffer.from(code, 'utf8').toString('base64url')}`;
    const headers = { authorization: `Bearer ${key}` };
    const first = await fetch(`${appUrl}${posPath(after[0]!)}`, { headers });
    const answer = await first.text();
    if (first.status !== 200) throw new Error(`${posPath(after[0]!)}: ${first.status} ${answer}`);

    bare.get<{ Querystring: { after: string } }>('/bare', async (request) => {
      const { rows } = await pool.query(PAGE_SQL, [request.query.after]);
      return { data: rows };
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;
    const bareAnswer = await (await fetch(`${bareUrl}/bare?after=${encodeURIComponent(after[0]!)}`)).text();

    const cycle = (paths: string[]) => {
      let i = 0;
      return () => paths[i++ % paths.length]!;
    };
    const baseline = await measure(bareUrl, {
      ...opts,
      paths: cycle(after.map((c) => `/bare?after=${encodeURIComponent(c)}`)),
    });
    const measured = await measure(appUrl, { ...opts, headers, paths: cycle(after.map(posPath)) });
    return {
      name:
        `point-of-sale API, products ${PAGE} a page from random cursors with net prices (API key of 10001; ` +
        `${answer.length} B a page) beside the same page's bare SQL as JSON (${bareAnswer.length} B)`,
      unit: 'req/s',
      measured,
      baseline,
      ratio: measured.rps / baseline.rps,
      target: 'information (beside the same page of plain SQL)',
      met: measured.errors === 0 && measured.non2xx === 0,
    };
  } finally {
    await bare.close();
    await pool.end();
    await db.execute(sql`delete from account_api_calls where key_id = ${id}`);
    await db.execute(sql`delete from account_api_keys where id = ${id}`);
  }
}
