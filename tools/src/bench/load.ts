import { readFileSync, writeFileSync } from 'node:fs';
import { type Db, queryRows } from '@mitrebox/api/platform/db';
import { hashPassword } from '@mitrebox/api/platform/secrets';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { freePortPair } from '../scale/ports.ts';
import { startScaleDemo } from '../scale/scale.ts';
import { createLoop, describeKinds, type LoadUser, type LoopStats } from './load-loop.ts';
import { signedInBenchUser } from './orders.ts';

/**
 * The mixed workload (bench part `load`): every connection is one shop user who browses a catalogue page,
 * searches, opens products, puts a chop in the cart, places the order and pays a dollar of an invoice with the
 * saved card — over and over — against one API process, then against two behind nginx (the compiled server,
 * tools/src/scale). autocannon drives it; the figures land in bench/results.json under `load`.
 */
export interface LoadFigures {
  target: string;
  /** Connections: users working at once. */
  users: number;
  /** The accounts (frame shops) they are users of. */
  accounts?: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  /** By request kind: latency, non-2xx by status, timeouts; and loops that lost an answer. */
  loops?: LoopStats;
  /** The first API process's resident memory after this run, in MiB (issue 33: ≤ 400 MiB at 100,000 products). */
  rssMib?: number;
}

/** A process's resident memory in MiB (Linux), or undefined. */
function rssMibOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

const FIRST_LOAD_INVOICE = 1_950_000_000;
const PASSWORD = 'load-pass-1';

/**
 * Each user pays its own invoices, a new one each time: a paid-into invoice (paystatus 3, "shown with a
 * balance") is not payable online again, so one invoice a user made every payment after the first a 422.
 */
const INVOICES_PER_USER = 100;

/** The load's own accounts (BENCH_LOAD_ACCOUNTS > 1): copies of demo account 10001, removed afterwards. */
const loadAccount = (i: number) => `L${String(i + 1).padStart(4, '0')}`;

/**
 * n users spread over `accounts` accounts (user i is of account i % accounts): 10001 alone, or copies of it
 * (its row, its discount entries and its saved card) named L0001…, one per frame shop.
 */
async function prepareUsers(db: Db, appUrl: string, n: number, accounts: number): Promise<LoadUser[]> {
  const hash = await hashPassword(PASSWORD);
  const codes = await queryRows<{ code: string }>(
    db,
    sql`select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
        where p.type = 4 and s.onhand > 100 order by p.code limit 20`,
  );
  if (codes.length === 0) throw new Error('the bench database has no moulding in stock');
  if (n * INVOICES_PER_USER > 100_000) throw new Error(`at most ${100_000 / INVOICES_PER_USER} load users`);
  // orders must not fail for want of stock (that is not what this measures)
  await db.execute(
    sql`update product_stock set onhand = 100000000 where location = 'C' and code in (${sql.join(
      codes.map((c) => sql`${c.code}`),
      sql`, `,
    )})`,
  );
  await cleanUp(db);
  const acctnums = accounts <= 1 ? ['10001'] : Array.from({ length: accounts }, (_, i) => loadAccount(i));
  if (accounts > 1) {
    const list = sql.join(
      acctnums.map((a) => sql`(${a})`),
      sql`, `,
    );
    await db.execute(sql`insert into accounts (acctnum, company, contact, title, phone, fax, website, address1,
        address2, city, state, zip, active_type, terms, shipvia, location, salesperson, b_disc, c_disc, g_disc,
        j_disc, l_disc, h_disc, m_disc)
      select n.acctnum, a.company || ' ' || n.acctnum, a.contact, a.title, a.phone, a.fax, a.website, a.address1,
        a.address2, a.city, a.state, a.zip, a.active_type, a.terms, a.shipvia, a.location, a.salesperson,
        a.b_disc, a.c_disc, a.g_disc, a.j_disc, a.l_disc, a.h_disc, a.m_disc
      from accounts a, (values ${list}) n(acctnum) where a.acctnum = '10001'`);
    await db.execute(sql`insert into discounts (acctnum, vendor, key, disc_rate, join_fee, join_os_fee)
      select n.acctnum, d.vendor, d.key, d.disc_rate, d.join_fee, d.join_os_fee
      from discounts d, (values ${list}) n(acctnum) where d.acctnum = '10001'`);
    await db.execute(sql`insert into billing_methods (acctnum, name, last_four, expmonth, expyear, type, is_default,
        billing_name, billing_address, billing_city, billing_state, billing_postal, gateway_token)
      select n.acctnum, b.name, b.last_four, b.expmonth, b.expyear, b.type, true, b.billing_name,
        b.billing_address, b.billing_city, b.billing_state, b.billing_postal, b.gateway_token
      from (select * from billing_methods where acctnum = '10001' and deleted_at is null
            order by is_default desc, id limit 1) b, (values ${list}) n(acctnum)`);
  }
  const cards = new Map(
    (
      await queryRows<{ acctnum: string; id: number }>(
        db,
        sql`select distinct on (acctnum) acctnum, id from billing_methods
          where acctnum in (${sql.join(
            acctnums.map((a) => sql`${a}`),
            sql`, `,
          )}) and deleted_at is null order by acctnum, is_default desc, id`,
      )
    ).map((r) => [r.acctnum, r.id]),
  );
  await db.execute(sql`insert into invoices (invnum, acctnum, location, inv_date, invamt, balance, paystatus)
    select ${FIRST_LOAD_INVOICE} + g, (array[${sql.join(
      acctnums.map((a) => sql`${a}`),
      sql`, `,
    )}])[1 + ((g - 1) / ${INVOICES_PER_USER}) % ${acctnums.length}], 'C', now(), 1000000.00, 1000000.00, 0
    from generate_series(1, ${n * INVOICES_PER_USER}) g`);
  const users: LoadUser[] = [];
  for (let i = 0; i < n; i++) {
    const acctnum = acctnums[i % acctnums.length];
    const token = await signedInBenchUser(db, appUrl, {
      username: String(910001 + i),
      name: `Load user ${i + 1}`,
      hash,
      password: PASSWORD,
      acctnum,
    });
    const cardId = cards.get(acctnum);
    if (cardId === undefined) throw new Error(`account ${acctnum} has no saved card`);
    users.push({
      token,
      firstInvnum: FIRST_LOAD_INVOICE + i * INVOICES_PER_USER + 1,
      paid: 0,
      code: codes[i % codes.length].code,
      cardId,
    });
  }
  return users;
}

async function cleanUp(db: Db) {
  const load = sql`select invnum from invoices where invnum > ${FIRST_LOAD_INVOICE} and invnum <= ${FIRST_LOAD_INVOICE + 100_000}`;
  await db.execute(sql`delete from payments where invnum in (${load})`);
  await db.execute(
    sql`delete from invoices where invnum > ${FIRST_LOAD_INVOICE} and invnum <= ${FIRST_LOAD_INVOICE + 100_000}`,
  );
  await db.execute(sql`delete from idempotency_keys where key like 'load-%'`);
  const ours = sql`select acctnum from accounts where acctnum ~ '^L[0-9]{4}$'`;
  await db.execute(sql`delete from discounts where acctnum in (${ours})`);
  await db.execute(sql`delete from billing_methods where acctnum in (${ours})`);
  await db.execute(sql`delete from carts where acctnum in (${ours})`);
  // their orders too: a cart made again starts at version 0, and an order remembers its cart's user, account and
  // version (orders.source_key, unique), so the next run's orders met the last run's (500, duplicate key); by the
  // account number's pattern, since a run that stopped short may have left orders of accounts already gone
  const theirs = sql`select ordnum from orders where acctnum ~ '^L[0-9]{4}$'`;
  await db.execute(sql`delete from order_items where ordnum in (${theirs})`);
  await db.execute(sql`delete from orders where acctnum ~ '^L[0-9]{4}$'`);
  await db.execute(sql`delete from accounts where acctnum in (${ours})`);
  // A run updates and deletes hundreds of thousands of rows. Left to autovacuum, they stayed dead between runs
  // (800,000 in invoices after an evening of them), and every later run measured slower than the one before.
  await db.execute(
    sql`vacuum analyze invoices, invoice_payments, payments, idempotency_keys, sandbox_gateway_transactions,
      orders, order_items, carts, product_stock, accounts, discounts, billing_methods, login_attempts, sessions`,
  );
}

/** One run of the mixed workload against `base`: `connections` users at a time, of `users` (the rest spares). */
export async function mixedLoad(
  base: string,
  opts: {
    users: LoadUser[];
    connections: number;
    accounts: number;
    searches: string[];
    codes: string[];
    seconds: number;
    target: string;
  },
): Promise<LoadFigures> {
  const loop = createLoop({ ...opts, invoicesPerUser: INVOICES_PER_USER });
  const result = await autocannon({
    url: base,
    connections: opts.connections,
    duration: opts.seconds,
    timeout: 10,
    requests: loop.requests,
    setupClient: loop.setupClient,
  });
  return {
    target: opts.target,
    users: opts.connections,
    accounts: opts.accounts,
    seconds: opts.seconds,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    loops: loop.stats(),
  };
}

/**
 * The load part: two compiled API processes on the bench database behind nginx; the workload runs against
 * the first process directly (one instance), then through nginx (two).
 */
export async function benchLoad(
  db: Db,
  databaseUrl: string,
  opts: { users?: number; accounts?: number; seconds?: number; log?: (line: string) => void } = {},
): Promise<LoadFigures[]> {
  const connections = opts.users ?? Number(process.env.BENCH_LOAD_USERS ?? 200);
  const accounts = opts.accounts ?? Number(process.env.BENCH_LOAD_ACCOUNTS ?? 1);
  // spare users take the place of those whose loop lost an answer to a timeout (load-loop.ts)
  const spares = Math.max(20, Math.ceil(connections / 4));
  const seconds = opts.seconds ?? Number(process.env.BENCH_LOAD_SECONDS ?? 60);
  const log = opts.log ?? console.log;
  // BENCH_LOAD_PORT pins nginx's port (the API processes take the next two)
  const port = process.env.BENCH_LOAD_PORT ? Number(process.env.BENCH_LOAD_PORT) : await freePortPair(3);
  const demo = await startScaleDemo({
    instances: 2,
    port,
    databaseUrl,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    env: {
      RATE_LIMIT_PER_MINUTE: '100000000',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      // e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: profiles of the API processes (written when they stop)
      ...(process.env.BENCH_LOAD_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_LOAD_NODE_OPTIONS } : {}),
    },
    log,
  });
  try {
    const users = await prepareUsers(db, demo.url, connections + spares, accounts);
    const codes = (
      await queryRows<{ code: string }>(db, sql`select code from products order by code limit 200`)
    ).map((r) => r.code);
    const searches = ['walnut', 'gold', 'black', 'oak', 'silver', 'white', 'cherry', 'linen'];
    const figures: LoadFigures[] = [];
    // BENCH_LOAD_TARGETS=one (or =two) runs one of the two
    const wanted = (process.env.BENCH_LOAD_TARGETS ?? 'one,two').split(',');
    const targets = [
      ['one', 'one API process', demo.instanceUrls[0]],
      ['two', 'two API processes behind nginx', demo.url],
    ] as const;
    for (const [, target, url] of targets.filter(([key]) => wanted.includes(key))) {
      log(`load: ${connections} users at once (${accounts} account(s)) for ${seconds} s against ${target}…`);
      const f = await mixedLoad(url, { users, connections, accounts, searches, codes, seconds, target });
      f.rssMib = rssMibOf(demo.instancePids[0]);
      if (f.loops) for (const line of describeKinds(f.loops)) log(line);
      figures.push(f);
    }
    return figures;
  } finally {
    // the API processes' own lines (LOG_LEVEL, default warn): errors a run met
    if (process.env.BENCH_LOAD_SERVER_LOG) writeFileSync(process.env.BENCH_LOAD_SERVER_LOG, demo.output());
    await demo.stop();
    await cleanUp(db);
  }
}
