import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../apps/api/src/platform/db.ts';
import { hashPassword } from '../../../apps/api/src/platform/secrets.ts';
import { freePortPair } from '../scale/ports.ts';
import { startScaleDemo } from '../scale/scale.ts';
import { signedInBenchUser } from './orders.ts';

/**
 * The mixed workload (bench part `load`): every connection is one shop user who browses a catalogue page,
 * searches, opens products, puts a chop in the cart, places the order and pays a dollar of an invoice with the
 * saved card — over and over — against one API process, then against two behind nginx (the compiled server,
 * tools/src/scale). autocannon drives it; the figures land in bench/results.json under `load`.
 */
export interface LoadFigures {
  target: string;
  users: number;
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
}

const FIRST_LOAD_INVOICE = 1_950_000_000;
const PASSWORD = 'load-pass-1';

/**
 * Each user pays its own invoices, a new one each time: a paid-into invoice (paystatus 3, "shown with a
 * balance") is not payable online again, so one invoice a user made every payment after the first a 422.
 */
const INVOICES_PER_USER = 100;

interface LoadUser {
  token: string;
  /** The user's first invoice; it pays invoice firstInvnum + (paid % INVOICES_PER_USER) next. */
  firstInvnum: number;
  paid: number;
  code: string;
}

async function prepareUsers(
  db: Db,
  appUrl: string,
  n: number,
): Promise<{ users: LoadUser[]; cardId: number }> {
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
  await db.execute(sql`insert into invoices (invnum, acctnum, location, inv_date, invamt, balance, paystatus)
    select ${FIRST_LOAD_INVOICE} + g, '10001', 'C', now(), 1000000.00, 1000000.00, 0
    from generate_series(1, ${n * INVOICES_PER_USER}) g`);
  const [card] = await queryRows<{ id: number }>(
    db,
    sql`select id from billing_methods where acctnum = '10001' and deleted_at is null order by is_default desc, id limit 1`,
  );
  const users: LoadUser[] = [];
  for (let i = 0; i < n; i++) {
    const token = await signedInBenchUser(db, appUrl, {
      username: String(910001 + i),
      name: `Load user ${i + 1}`,
      hash,
      password: PASSWORD,
    });
    users.push({
      token,
      firstInvnum: FIRST_LOAD_INVOICE + i * INVOICES_PER_USER + 1,
      paid: 0,
      code: codes[i % codes.length].code,
    });
  }
  return { users, cardId: card.id };
}

async function cleanUp(db: Db) {
  const load = sql`select invnum from invoices where invnum > ${FIRST_LOAD_INVOICE} and invnum <= ${FIRST_LOAD_INVOICE + 100_000}`;
  await db.execute(sql`delete from payments where invnum in (${load})`);
  await db.execute(
    sql`delete from invoices where invnum > ${FIRST_LOAD_INVOICE} and invnum <= ${FIRST_LOAD_INVOICE + 100_000}`,
  );
  await db.execute(sql`delete from idempotency_keys where key like 'load-%'`);
}

type Ctx = { user?: LoadUser; version?: number };

/** One run of the mixed workload against `base`. */
export async function mixedLoad(
  base: string,
  opts: {
    users: LoadUser[];
    cardId: number;
    searches: string[];
    codes: string[];
    seconds: number;
    target: string;
  },
): Promise<LoadFigures> {
  let nextUser = 0;
  let n = 0;
  const pick = <T>(list: T[]) => list[n++ % list.length];
  const signedIn = (path: () => string) => ({
    method: 'GET' as const,
    setupRequest: (req: autocannon.Request, context: object) => {
      const ctx = context as Ctx;
      ctx.user ??= opts.users[nextUser++ % opts.users.length];
      return { ...req, path: path(), headers: { authorization: `Bearer ${ctx.user.token}` } };
    },
  });
  const post = (
    path: string,
    body: (ctx: Ctx) => unknown,
    extra: (ctx: Ctx) => Record<string, string> = () => ({}),
  ) => ({
    method: 'POST' as const,
    path,
    setupRequest: (req: autocannon.Request, context: object) => {
      const ctx = context as Ctx;
      ctx.user ??= opts.users[nextUser++ % opts.users.length];
      return {
        ...req,
        path,
        headers: {
          authorization: `Bearer ${ctx.user.token}`,
          'content-type': 'application/json',
          ...extra(ctx),
        },
        body: JSON.stringify(body(ctx)),
      };
    },
  });
  const browse = signedIn(() => `/api/Products?type=4&items_per_page=24&page=${1 + (n++ % 20)}`);
  const search = signedIn(
    () => `/api/Products?TopSearch=${encodeURIComponent(pick(opts.searches))}&page=1&items_per_page=10`,
  );
  const product = signedIn(() => `/api/getProductDetailsByCode?Code=${encodeURIComponent(pick(opts.codes))}`);
  const addToCart = {
    ...post('/api/updateCart', (ctx) => ({
      cartdata: [
        {
          Code: ctx.user?.code,
          productSelection: {
            type: 'chop',
            quantity: 1,
            location: 'C',
            dimension: { length: 11, length_fraction: 0, width: 14, width_fraction: 0 },
          },
          backtype: 'backremq',
        },
      ],
    })),
    onResponse: (status: number, body: string, context: object) => {
      if (status === 200) (context as Ctx).version = (JSON.parse(body) as { version: number }).version;
    },
  };
  const order = post('/api/admin/orders', (ctx) => ({ poNumber: 'LOAD', cartVersion: ctx.version }));
  const pay = post(
    '/api/admin/makePayment',
    (ctx) => {
      const user = ctx.user!;
      return {
        Invnum: user.firstInvnum + (user.paid++ % INVOICES_PER_USER),
        accountBillId: opts.cardId,
        amount: '1.00',
      };
    },
    () => ({ 'idempotency-key': `load-${randomUUID()}` }),
  );
  const result = await autocannon({
    url: base,
    connections: opts.users.length,
    duration: opts.seconds,
    timeout: 10,
    requests: [browse, search, product, browse, product, search, browse, addToCart, order, pay],
  });
  return {
    target: opts.target,
    users: opts.users.length,
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
  };
}

/**
 * The load part: two compiled API processes on the bench database behind nginx; the workload runs against
 * the first process directly (one instance), then through nginx (two).
 */
export async function benchLoad(
  db: Db,
  databaseUrl: string,
  opts: { users?: number; seconds?: number; log?: (line: string) => void } = {},
): Promise<LoadFigures[]> {
  const usersWanted = opts.users ?? Number(process.env.BENCH_LOAD_USERS ?? 200);
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
    const { users, cardId } = await prepareUsers(db, demo.url, usersWanted);
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
      log(`load: ${users.length} users for ${seconds} s against ${target}…`);
      figures.push(await mixedLoad(url, { users, cardId, searches, codes, seconds, target }));
    }
    return figures;
  } finally {
    await demo.stop();
    await cleanUp(db);
  }
}
