import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '@mitrebox/api/platform/secrets';
import { chopCart } from '@mitrebox/api/testing/cart-lines';
import pg from 'pg';

/**
 * The crash test: on PostgreSQL, N clients place orders, pay invoices (sandbox gateway), make payment batches
 * and save frame designs in a loop while the compiled API process (apps/api/dist/server.mjs) is SIGKILLed at
 * random moments and started again; afterwards every invariant is checked against the database and what the
 * clients were told (an acknowledged answer is a 2xx). Used by `npm run crash` and its short version in
 * `npm test` (tools/src/crash/crash.test.ts).
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER_BUILD = path.join(REPO_ROOT, 'apps/api/dist/server.mjs');

export interface CrashOptions {
  kills: number;
  clients: number;
  /** PostgreSQL server URL (any database on it); the test makes and drops its own database there. */
  serverUrl: string;
  /** Name of the test's database (dropped and created afresh). */
  database: string;
  port: number;
  /** The process lives this long between kills (ms, uniformly random). */
  upMs?: [number, number];
  /** Seed for the harness's random choices (kill moments, actions), so a run can be repeated. */
  seed?: number;
  /**
   * At most this long for the kill phase (ms): on a loaded machine (restarts are slow) fewer kills are made
   * and the report says how many. Unbounded by default.
   */
  killPhaseMs?: number;
  /** Keep the database afterwards (to look at it). */
  keepDatabase?: boolean;
  log?: (line: string) => void;
}

export interface Invariant {
  name: string;
  checked: number;
  violations: string[];
}

export interface CrashReport {
  kills: number;
  seconds: number;
  attempts: Record<Action, number>;
  acknowledged: Record<Action, number>;
  /** Calls that got no answer (the process died under them): their outcome is whatever the database says. */
  unanswered: number;
  invariants: Invariant[];
  violations: number;
}

type Action = 'order' | 'payment' | 'batch' | 'frame';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const INVOICE_BASE = 1_700_000_000;
const INVOICES_PER_CLIENT = 5000;
const CRASH_PASSWORD = 'crash-test-pass-1';

/** mulberry32: a small seeded generator, so a failing run can be repeated with its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function dbUrl(serverUrl: string, database: string) {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function recreateDatabase(serverUrl: string, database: string, drop = false) {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`Unexpected database name ${database}`);
  const admin = new pg.Client({ connectionString: dbUrl(serverUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${database} with (force)`);
    if (!drop) await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
}

/** The compiled server, started and SIGKILLed by the harness. */
export class ApiProcess {
  child: ChildProcess | undefined;
  private out = '';
  constructor(
    private env: NodeJS.ProcessEnv,
    readonly url: string,
  ) {}

  output() {
    return this.out;
  }

  async start(timeoutMs = 120_000) {
    const child = spawn(process.execPath, [SERVER_BUILD], {
      cwd: REPO_ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      this.out = (this.out + chunk.toString()).slice(-30_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    this.child = child;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`The API process stopped while starting (exit ${child.exitCode}).\n${this.out}`);
      try {
        const res = await fetch(`${this.url}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`The API process was not ready within ${timeoutMs / 1000} s.\n${this.out}`);
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL') {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
}

interface AckOrder {
  ordnum: number;
  codes: string[];
  total: string;
}
interface CartEmptied {
  user: number;
  version: number;
}

/** One client: a signed-in user of demo account 10001 with its own invoices to pay. */
class Client {
  token = '';
  lastVersion: number | undefined;
  nextInvoice: number;
  frames = 0;
  constructor(
    readonly index: number,
    readonly userId: number,
    readonly username: string,
  ) {
    this.nextInvoice = INVOICE_BASE + index * INVOICES_PER_CLIENT + 1;
  }
  takeInvoice() {
    return this.nextInvoice++;
  }
}

class NoAnswer extends Error {}

async function call(
  url: string,
  token: string,
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw new NoAnswer();
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    // the process died while sending the answer: the client never got it
    throw new NoAnswer();
  }
  return { status: res.status, json };
}

export async function runCrashTest(opts: CrashOptions): Promise<CrashReport> {
  if (!existsSync(SERVER_BUILD))
    throw new Error('apps/api/dist/server.mjs is missing: run `npm run build -w apps/api` first.');
  const log = opts.log ?? (() => {});
  const rnd = random(opts.seed ?? Date.now());
  const [upMin, upMax] = opts.upMs ?? [300, 1500];
  const started = Date.now();
  await recreateDatabase(opts.serverUrl, opts.database);
  const url = dbUrl(opts.serverUrl, opts.database);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mitrebox-crash-'));
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const api = new ApiProcess(
    {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      SEED_DEMO: 'true',
      SEED_PRODUCTS: '50',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '10000000',
      REDIS_URL: '',
      // the job sweeps often and a dead process's claims and pending payments are taken over quickly
      BATCH_JOB_INTERVAL_MS: '1000',
      BATCH_LEASE_MS: '2000',
      PAYMENT_RECONCILE_AFTER_MS: '3000',
    },
    baseUrl,
  );
  const db = new pg.Pool({ connectionString: url, max: 4 });
  // the API process never outlives the harness (a test runner that times out, Ctrl-C)
  const orphan = () => api.child?.kill('SIGKILL');
  process.once('exit', orphan);
  const attempts: Record<Action, number> = { order: 0, payment: 0, batch: 0, frame: 0 };
  const acknowledged: Record<Action, number> = { order: 0, payment: 0, batch: 0, frame: 0 };
  const ackOrders: AckOrder[] = [];
  const ackPayments: { paymentId: number; invnum: number }[] = [];
  const ackBatches: { batchId: number; invnums: number[] }[] = [];
  const ackFrames: { id: number; name: string; userId: number }[] = [];
  const emptied: CartEmptied[] = [];
  let unanswered = 0;

  try {
    log('starting the API (first start seeds the demo data)…');
    await api.start(240_000);

    // ---- set-up: clients, stock, invoices, the default card ------------------------------------------
    const hash = await hashPassword(CRASH_PASSWORD);
    const clients: Client[] = [];
    for (let i = 0; i < opts.clients; i++) {
      const username = String(800001 + i);
      const { rows } = await db.query<{ id: number }>(
        `insert into users (username, name, email, password_hash) values ($1, $2, null, $3)
         on conflict (username) do update set password_hash = excluded.password_hash returning id`,
        [username, `Crash client ${i + 1}`, hash],
      );
      await db.query(
        `insert into user_accounts (user_id, acctnum) values ($1, '10001') on conflict do nothing`,
        [rows[0].id],
      );
      clients.push(new Client(i, rows[0].id, username));
    }
    const { rows: codeRows } = await db.query<{ code: string }>(
      `select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
       where p.type = 4 order by p.code limit 6`,
    );
    const codes = codeRows.map((r) => r.code);
    if (codes.length < 2) throw new Error('The demo data has too few chop mouldings in New Orleans.');
    // plenty of stock: an order must never fail for want of it (that is not what this test is about)
    await db.query(`update product_stock set onhand = 10000000 where location = 'C' and code = any($1)`, [
      codes,
    ]);
    await db.query(
      `insert into invoices (invnum, acctnum, location, inv_date, invamt, balance, paystatus)
       select $1::int + c * ${INVOICES_PER_CLIENT} + g, '10001', 'C', now(), 100.00, 100.00, 0
       from generate_series(0, $2::int - 1) c, generate_series(1, ${INVOICES_PER_CLIENT - 1}) g`,
      [INVOICE_BASE, opts.clients],
    );
    const { rows: cards } = await db.query<{ id: number }>(
      `select id from billing_methods where acctnum = '10001' and deleted_at is null and is_default limit 1`,
    );
    if (!cards[0]) throw new Error('Demo account 10001 has no default card.');
    const cardId = cards[0].id;
    for (const c of clients) {
      const res = await call(`${baseUrl}/api/login`, '', 'POST', {
        username: c.username,
        password: CRASH_PASSWORD,
      });
      c.token = (res.json as { data: { token: string } }).data.token;
    }

    // ---- the clients' loop ----------------------------------------------------------------------------
    let running = true;
    // while the process is down, clients wait for it (as a shop's users would retry) instead of spinning
    let upNow: Promise<void> = Promise.resolve();
    let markUp = () => {};
    const pickAction = (): Action => {
      const r = rnd();
      return r < 0.4 ? 'order' : r < 0.7 ? 'payment' : r < 0.8 ? 'batch' : 'frame';
    };

    async function order(c: Client) {
      const lines = 1 + Math.floor(rnd() * 3);
      const chosen = [...codes].sort(() => rnd() - 0.5).slice(0, lines);
      // what the cart's version was when last answered; unknown again if this call is cut off
      const previous = c.lastVersion;
      c.lastVersion = undefined;
      const cart = await call(`${baseUrl}/api/updateCart`, c.token, 'POST', chopCart(...chosen));
      if (cart.status !== 200)
        throw new Error(`updateCart answered ${cart.status}: ${JSON.stringify(cart.json)}`);
      const { version, total, data } = cart.json as { version: number; total: string; data: unknown[] };
      if (data.length !== lines) throw new Error(`the cart shows ${data.length} lines, not ${lines}`);
      // updateCart bumps the version once; two steps since the last answer mean an order emptied the cart
      // in between (an earlier placement whose answer was lost): that order must exist
      if (previous !== undefined && version === previous + 2)
        emptied.push({ user: c.userId, version: previous });
      c.lastVersion = version;
      attempts.order++;
      const placed = await call(`${baseUrl}/api/admin/orders`, c.token, 'POST', {
        poNumber: 'CRASH',
        cartVersion: version,
      });
      if (placed.status >= 200 && placed.status < 300) {
        acknowledged.order++;
        const { orderNumber } = placed.json as { orderNumber: number };
        ackOrders.push({ ordnum: orderNumber, codes: chosen, total });
        c.lastVersion = version + 1;
      } else throw new Error(`placing an order answered ${placed.status}: ${JSON.stringify(placed.json)}`);
    }

    async function payment(c: Client) {
      const invnum = c.takeInvoice();
      attempts.payment++;
      const res = await call(
        `${baseUrl}/api/admin/makePayment`,
        c.token,
        'POST',
        { Invnum: invnum, accountBillId: cardId, amount: '100.00' },
        { 'idempotency-key': `crash-${c.index}-${invnum}` },
      );
      const body = res.json as { paymentSuccess?: boolean; paymentId?: number };
      if (res.status === 200 && body.paymentSuccess && body.paymentId) {
        acknowledged.payment++;
        ackPayments.push({ paymentId: body.paymentId, invnum });
      } else throw new Error(`a payment answered ${res.status}: ${JSON.stringify(res.json)}`);
    }

    async function batch(c: Client) {
      const invnums = [c.takeInvoice(), c.takeInvoice()];
      attempts.batch++;
      const res = await call(
        `${baseUrl}/api/makeBatchPayments`,
        c.token,
        'POST',
        invnums.map((invoiceid) => ({ invoiceid })),
      );
      if (res.status === 200) {
        acknowledged.batch++;
        ackBatches.push({ batchId: (res.json as { batchId: number }).batchId, invnums });
      } else throw new Error(`a payment batch answered ${res.status}: ${JSON.stringify(res.json)}`);
    }

    async function frame(c: Client) {
      const name = `crash-${c.index}-${++c.frames}`;
      const design = { fWidth: 8 + (c.frames % 10), fHeight: 10, notes: name };
      attempts.frame++;
      const res = await call(`${baseUrl}/api/framebuilder/saveFrameBuilder`, c.token, 'POST', {
        framedata: Buffer.from(JSON.stringify(design)).toString('base64url'),
        name,
      });
      if (res.status === 200) {
        acknowledged.frame++;
        ackFrames.push({ id: (res.json as { framedataid: number }).framedataid, name, userId: c.userId });
      } else throw new Error(`saving a frame answered ${res.status}: ${JSON.stringify(res.json)}`);
    }

    const refused: string[] = [];
    const loops = clients.map(async (c) => {
      while (running) {
        const action = pickAction();
        try {
          if (action === 'order') await order(c);
          else if (action === 'payment') await payment(c);
          else if (action === 'batch') await batch(c);
          else await frame(c);
        } catch (err) {
          if (err instanceof NoAnswer) {
            unanswered++;
            await upNow;
          } else if (refused.length < 20) refused.push((err as Error).message);
        }
      }
    });

    // ---- the killer -----------------------------------------------------------------------------------
    const killsUntil = Date.now() + (opts.killPhaseMs ?? Number.POSITIVE_INFINITY);
    let kills = 0;
    for (let k = 1; k <= opts.kills && Date.now() < killsUntil; k++) {
      await sleep(upMin + rnd() * (upMax - upMin));
      upNow = new Promise<void>((resolve) => {
        markUp = resolve;
      });
      await api.kill('SIGKILL');
      await api.start();
      markUp();
      kills = k;
      if (k % 10 === 0 || k === opts.kills) log(`kill ${k}/${opts.kills} survived`);
    }
    await sleep(upMin);
    running = false;
    await Promise.all(loops);
    if (refused.length > 0) log(`refused calls (answered, not 2xx):\n  ${refused.join('\n  ')}`);

    // ---- settle: the last process's job takes over what the dead ones left --------------------------
    const settleUntil = Date.now() + 60_000;
    for (;;) {
      const { rows } = await db.query<{ open: number; pending: number }>(
        `select (select count(*)::int from batch_payments where status is null or status = '') as open,
                (select count(*)::int from payments where status = 'pending') as pending`,
      );
      if ((rows[0].open === 0 && rows[0].pending === 0) || Date.now() > settleUntil) break;
      await sleep(500);
    }
    await api.kill('SIGTERM');

    // ---- the invariants -------------------------------------------------------------------------------
    const invariants = await checkInvariants(db, { ackOrders, ackPayments, ackBatches, ackFrames, emptied });
    const violations = invariants.reduce((n, i) => n + i.violations.length, 0);
    return {
      kills,
      seconds: Math.round((Date.now() - started) / 1000),
      attempts,
      acknowledged,
      unanswered,
      invariants,
      violations,
    };
  } catch (err) {
    throw new Error(`${(err as Error).message}\n--- API output ---\n${api.output()}`);
  } finally {
    process.off('exit', orphan);
    await api.kill('SIGKILL');
    await db.end();
    await rm(dataDir, { recursive: true, force: true });
    if (!opts.keepDatabase) await recreateDatabase(opts.serverUrl, opts.database, true).catch(() => {});
  }
}

async function checkInvariants(
  db: pg.Pool,
  acks: {
    ackOrders: AckOrder[];
    ackPayments: { paymentId: number; invnum: number }[];
    ackBatches: { batchId: number; invnums: number[] }[];
    ackFrames: { id: number; name: string; userId: number }[];
    emptied: CartEmptied[];
  },
): Promise<Invariant[]> {
  const out: Invariant[] = [];
  const add = (name: string, checked: number, violations: string[]) =>
    out.push({ name, checked, violations });

  // 1. every acknowledged order exists with all its lines and totals
  {
    const v: string[] = [];
    const { rows } = await db.query<{
      ordnum: number;
      item_total: string;
      inv_total: string;
      codes: string[] | null;
      lines_total: string | null;
    }>(
      `select o.ordnum, o.item_total::text, o.inv_total::text,
              array_agg(i.code order by i.code) filter (where i.code is not null) as codes,
              sum(i.tot_price)::text as lines_total
       from orders o left join order_items i on i.ordnum = o.ordnum
       where o.ordnum = any($1) group by o.ordnum`,
      [acks.ackOrders.map((o) => o.ordnum)],
    );
    const byNum = new Map(rows.map((r) => [r.ordnum, r]));
    for (const a of acks.ackOrders) {
      const o = byNum.get(a.ordnum);
      if (!o) {
        v.push(`order ${a.ordnum} was acknowledged but does not exist`);
        continue;
      }
      const want = [...a.codes].sort().join(',');
      const got = (o.codes ?? []).join(',');
      if (want !== got) v.push(`order ${a.ordnum}: lines ${got || '(none)'}, the cart had ${want}`);
      if (Number(o.lines_total ?? 0) !== Number(o.item_total))
        v.push(`order ${a.ordnum}: item total ${o.item_total} ≠ its lines' ${o.lines_total ?? 0}`);
      if (Number(o.item_total) !== Number(a.total))
        v.push(`order ${a.ordnum}: item total ${o.item_total}, the cart showed ${a.total}`);
      if (Number(o.inv_total) !== Number(o.item_total))
        v.push(`order ${a.ordnum}: order total ${o.inv_total} ≠ item total ${o.item_total}`);
    }
    add('every acknowledged order exists with all its lines and totals', acks.ackOrders.length, v);
  }

  // 2. no order without lines
  {
    const { rows } = await db.query<{ ordnum: number }>(
      `select o.ordnum from orders o where not exists (select 1 from order_items i where i.ordnum = o.ordnum)`,
    );
    const { rows: n } = await db.query<{ n: number }>('select count(*)::int as n from orders');
    add(
      'no order without lines',
      n[0].n,
      rows.map((r) => `order ${r.ordnum} has no lines`),
    );
  }

  // 3. no cart half-converted: a cart still holding the lines of the version an order was made from, or a
  //    cart emptied by an order that does not exist
  {
    const v: string[] = [];
    const { rows } = await db.query<{ user_id: number; ordnum: number }>(
      `select c.user_id, o.ordnum from carts c
       join orders o on o.source_key = 'cart:' || c.user_id || ':' || c.acctnum || ':' || c.version
       where jsonb_array_length(c.cartdata) > 0`,
    );
    for (const r of rows)
      v.push(`user ${r.user_id}: order ${r.ordnum} was made but the cart still holds its lines`);
    const { rows: found } = await db.query<{ source_key: string }>(
      'select source_key from orders where source_key = any($1)',
      [acks.emptied.map((e) => `cart:${e.user}:10001:${e.version}`)],
    );
    const keys = new Set(found.map((f) => f.source_key));
    for (const e of acks.emptied)
      if (!keys.has(`cart:${e.user}:10001:${e.version}`))
        v.push(`user ${e.user}: cart version ${e.version} was emptied without an order`);
    const { rows: c } = await db.query<{ n: number }>('select count(*)::int as n from carts');
    add('no cart half-converted', c[0].n + acks.emptied.length, v);
  }

  // 4. no invoice charged twice; no charge without its payment row (and the invoice's Payments row)
  const charges = await db.query<{
    reference: string;
    tx: string;
    amount: string;
    invnum: number | null;
    payment_status: string | null;
    payment_id: number | null;
    applied: boolean;
  }>(
    `select t.reference, t.id as tx, t.amount::text,
            coalesce(p.invnum, bp.invoice_id) as invnum,
            p.status as payment_status, p.id as payment_id,
            exists (select 1 from invoice_payments ip where ip.payment_id = p.id) as applied
     from sandbox_gateway_transactions t
     left join payments p on p.reference = t.reference
     left join batch_payments bp on t.reference = 'batch-item-' || bp.id
     where t.status = 'settled'`,
  );
  {
    const perInvoice = new Map<number, string[]>();
    for (const c of charges.rows) {
      const list = perInvoice.get(c.invnum ?? -1) ?? [];
      list.push(c.reference);
      perInvoice.set(c.invnum ?? -1, list);
    }
    const v: string[] = [];
    for (const [invnum, refs] of perInvoice)
      if (refs.length > 1) v.push(`invoice ${invnum} was charged ${refs.length} times (${refs.join(', ')})`);
    add('no invoice charged twice', perInvoice.size, v);
  }
  {
    const v: string[] = [];
    for (const c of charges.rows) {
      if (c.payment_status !== 'succeeded')
        v.push(
          `charge ${c.reference} (invoice ${c.invnum}) has no succeeded payment row (${c.payment_status ?? 'none'})`,
        );
      else if (!c.applied)
        v.push(`charge ${c.reference} (invoice ${c.invnum}) is not on the invoice's Payments`);
    }
    add('no charge without its payment row', charges.rows.length, v);
  }

  // 5. balances = invoice total − payments (the invoice's Payments rows and the succeeded payment rows)
  {
    const { rows } = await db.query<{
      invnum: number;
      invamt: string;
      payamt: string;
      balance: string;
      applied: string;
      paid: string;
    }>(
      `select i.invnum, i.invamt::text, i.payamt::text, i.balance::text,
              coalesce((select sum(ip.pay_amt) from invoice_payments ip where ip.invnum = i.invnum), 0)::text as applied,
              coalesce((select sum(p.amount) from payments p where p.invnum = i.invnum and p.status = 'succeeded'), 0)::text as paid
       from invoices i where i.invnum > ${INVOICE_BASE}`,
    );
    const v: string[] = [];
    for (const r of rows) {
      const expected = Number(r.invamt) - Number(r.applied);
      if (Math.abs(Number(r.balance) - expected) > 0.001)
        v.push(`invoice ${r.invnum}: balance ${r.balance} ≠ ${r.invamt} − ${r.applied}`);
      if (Math.abs(Number(r.payamt) - Number(r.applied)) > 0.001)
        v.push(`invoice ${r.invnum}: paid amount ${r.payamt} ≠ its Payments ${r.applied}`);
      if (Math.abs(Number(r.paid) - Number(r.applied)) > 0.001)
        v.push(`invoice ${r.invnum}: succeeded payments ${r.paid} ≠ its Payments ${r.applied}`);
    }
    add('balances = invoice total − payments', rows.length, v);
  }

  // 6. every acknowledged payment is recorded; every acknowledged batch exists with its invoices
  {
    const v: string[] = [];
    const { rows } = await db.query<{ id: number; invnum: number; status: string }>(
      'select id, invnum, status from payments where id = any($1)',
      [acks.ackPayments.map((p) => p.paymentId)],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const a of acks.ackPayments) {
      const p = byId.get(a.paymentId);
      if (p?.status !== 'succeeded' || p.invnum !== a.invnum)
        v.push(
          `payment ${a.paymentId} (invoice ${a.invnum}) was acknowledged but is ${p?.status ?? 'missing'}`,
        );
    }
    const { rows: items } = await db.query<{ payment_batch_id: number; invoice_id: number }>(
      'select payment_batch_id, invoice_id from batch_payments where payment_batch_id = any($1)',
      [acks.ackBatches.map((b) => b.batchId)],
    );
    for (const b of acks.ackBatches) {
      const got = items
        .filter((i) => i.payment_batch_id === b.batchId)
        .map((i) => i.invoice_id)
        .sort()
        .join(',');
      if (got !== [...b.invnums].sort().join(','))
        v.push(
          `batch ${b.batchId} was acknowledged with ${b.invnums.join(', ')} but holds ${got || 'nothing'}`,
        );
    }
    add(
      'every acknowledged payment and batch is recorded',
      acks.ackPayments.length + acks.ackBatches.length,
      v,
    );
  }

  // 7. no batch stuck In-Process after its job ran
  {
    const { rows } = await db.query<{ id: number; payment_batch_id: number }>(
      `select id, payment_batch_id from batch_payments where status is null or status = ''`,
    );
    const { rows: open } = await db.query<{ id: number }>(
      `select b.id from payment_batches b where b.processed_at is null
       and not exists (select 1 from batch_payments i where i.payment_batch_id = b.id and (i.status is null or i.status = ''))`,
    );
    const { rows: n } = await db.query<{ n: number }>('select count(*)::int as n from batch_payments');
    add('no batch stuck In-Process after its job ran', n[0].n, [
      ...rows.map((r) => `batch ${r.payment_batch_id}: item ${r.id} is still In-Process`),
      ...open.map((r) => `batch ${r.id}: every item is done but the batch is not marked processed`),
    ]);
  }

  // 8. every acknowledged frame design is saved
  {
    const { rows } = await db.query<{ id: number; name: string; user_id: number }>(
      'select id, name, user_id from saved_frames where id = any($1)',
      [acks.ackFrames.map((f) => f.id)],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const v: string[] = [];
    for (const f of acks.ackFrames) {
      const r = byId.get(f.id);
      if (!r || r.name !== f.name || r.user_id !== f.userId)
        v.push(`frame design ${f.id} (${f.name}) was acknowledged but is not saved`);
    }
    add('every acknowledged frame design is saved', acks.ackFrames.length, v);
  }
  return out;
}

/** The report as lines for a terminal. */
export function formatReport(r: CrashReport): string {
  const lines = [
    `Crash test: ${r.kills} SIGKILLs survived in ${r.seconds} s; ${r.unanswered} calls cut off by a kill`,
    `  calls (acknowledged/attempted): orders ${r.acknowledged.order}/${r.attempts.order}, payments ${r.acknowledged.payment}/${r.attempts.payment}, batches ${r.acknowledged.batch}/${r.attempts.batch}, frame designs ${r.acknowledged.frame}/${r.attempts.frame}`,
  ];
  for (const i of r.invariants) {
    lines.push(`  ${i.violations.length === 0 ? '✓' : '✗'} ${i.name} (${i.checked} checked)`);
    for (const v of i.violations.slice(0, 10)) lines.push(`      ${v}`);
    if (i.violations.length > 10) lines.push(`      … and ${i.violations.length - 10} more`);
  }
  lines.push(r.violations === 0 ? '  0 invariant violations' : `  ${r.violations} INVARIANT VIOLATIONS`);
  return lines.join('\n');
}
