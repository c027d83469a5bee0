// `npx tsx tools/src/bench/statements.ts <postgres url>`: the SQL statements (and transactions) each request kind of
// the mixed load (load.ts) sends to PostgreSQL, counted on one in-process app with the server's default caches
// (SESSION_CACHE_MS=0 in the environment counts the session's own read too). Each request runs a few times first
// (warm caches), then once counted. STATEMENTS_VERBOSE=1 prints the statements. Use a copy of the bench database:
// it adds a user and invoices of its own (request-kinds.ts).
import type { AddressInfo } from 'node:net';
import { buildApp } from '@mitrebox/api';
import { loadConfig } from '@mitrebox/api/config';
import { openDatabase } from '@mitrebox/api/platform/db';
import pg from 'pg';
import { requestKinds } from './request-kinds.ts';

const url = process.argv[2] ?? process.env.DATABASE_URL;
if (!url) throw new Error('usage: statements.ts <postgres url of a copy of the bench database>');
const verbose = process.env.STATEMENTS_VERBOSE === '1';

let seen: string[] = [];
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const q = args[0] as string | { text?: string };
  seen.push((typeof q === 'string' ? q : (q?.text ?? '?')).replace(/\s+/g, ' ').slice(0, 160));
  return original.apply(this, args);
} as typeof pg.Client.prototype.query;

const config = loadConfig(process.env, {
  DATABASE_URL: url,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: 100_000_000,
});
const database = await openDatabase({ url });
const db = database.db;
const app = await buildApp({ config, database, serveWeb: false, logger: false });
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const { kinds, cleanUp } = await requestKinds(db, base);
try {
  // warm: every kind a few times, in the load's order
  for (let i = 0; i < 3; i++) for (const [, run] of kinds) await (await run()).text();
  for (const [name, run] of kinds) {
    // the order needs a fresh cart version, the cart a warm session: keep the load's order
    seen = [];
    const res = await run();
    const text = await res.text();
    const statements = seen.filter((s) => !/^(begin|commit|rollback)/i.test(s));
    const tx = seen.filter((s) => /^begin/i.test(s)).length;
    console.log(
      `${name.padEnd(12)} ${res.status}  ${String(statements.length).padStart(2)} statements, ${tx} transaction(s)`,
    );
    if (res.status >= 300) console.log(`    ${text.slice(0, 300)}`);
    if (verbose) for (const s of seen) console.log(`    ${s}`);
  }
} finally {
  await cleanUp();
  await app.close();
  await database.close();
}
