import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { slowPost } from '../testing/slow-post.ts';
import { type Database, openDatabase, queryRows } from './db.ts';
import { requestConnections, requestScopedPool } from './request-connection.ts';

/**
 * One pooled connection per request (platform/request-connection.ts, docs/decisions/017): node-postgres' pool
 * only, so these run on PostgreSQL (DATABASE_URL); PGlite has one connection and no pool.
 */
const url = process.env.DATABASE_URL;

let database: Database;
let pool: pg.Pool;
let app: FastifyInstance;
let checkouts = 0;
let overlapping = 0;
let origin = '';
/** Lets the route '/hold' go on. */
let letGo: () => void = () => {};
let held: Promise<void> = Promise.resolve();

const pid = async (q: Database['db'] | Parameters<Parameters<Database['db']['transaction']>[0]>[0]) =>
  (await queryRows<{ pid: number }>(q, sql`select pg_backend_pid() as pid`))[0].pid;
const busy = () => pool.totalCount - pool.idleCount;

describe.skipIf(!url)('one pooled connection per request', () => {
  beforeAll(async () => {
    database = await openDatabase({ url });
    pool = (database.db as unknown as { $client: pg.Pool }).$client;
    pool.on('acquire', () => checkouts++);
    // statements handed to a connection while another runs on it (node-postgres warns, pg 9 refuses)
    pool.on('connect', (client) => {
      let running = 0;
      const query = client.query.bind(client) as (...a: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        if (running > 0) overlapping++;
        running++;
        const result = query(...args);
        if (result instanceof Promise)
          result.then(
            () => running--,
            () => running--,
          );
        else running--;
        return result;
      };
    });
    const { db } = database;
    // a test leaves a client half-way through its request: closing must not wait for its socket to time out
    app = Fastify({ forceCloseConnections: true });
    requestConnections(app);
    // two statements and two transactions
    app.get('/many', async () => {
      const a = await pid(db);
      const b = await pid(db);
      const c = await db.transaction((tx) => pid(tx));
      const d = await db.transaction((tx) => pid(tx));
      const [e, f] = await Promise.all([pid(db), pid(db)]);
      return { pids: [a, b, c, d, e, f] };
    });
    app.post('/many', async (request) => ({ pids: [await pid(db), await pid(db)], body: request.body }));
    // a statement before the body is read (as the view-as and staff guards authenticate on onRequest)
    app.post(
      '/guarded',
      {
        onRequest: async () => {
          await pid(db);
        },
      },
      async (request) => ({ pid: await pid(db), body: request.body }),
    );
    app.get('/fails', async () => {
      await pid(db);
      throw new Error('the handler failed');
    });
    app.get('/refused', async () => {
      await pid(db);
      await db.execute(sql`select 1/0`);
    });
    // a transaction holding a row-less lock while a statement of the same request runs beside it
    app.get('/beside', async () => {
      return db.transaction(async (tx) => {
        const inside = await pid(tx);
        const beside = await pid(db);
        return { inside, beside };
      });
    });
    // a transaction that waits for the test to let it go
    app.get('/hold', async () =>
      db.transaction(async (tx) => {
        const p = await pid(tx);
        await tx.execute(sql`select set_config('mitrebox.t', 'set', true)`);
        await held;
        const [{ v }] = await queryRows<{ v: string }>(
          tx,
          sql`select current_setting('mitrebox.t', true) as v`,
        );
        return { pid: p, v };
      }),
    );
    app.get('/after', async (_request, reply) => {
      await pid(db);
      await reply.send({ ok: true });
      // work the request leaves running after its answer
      await new Promise((r) => setTimeout(r, 20));
      await pid(db);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(() => {
    checkouts = 0;
  });

  it('runs two statements, transactions and parallel statements of one request on one checkout', async () => {
    const res = await app.inject({ method: 'GET', url: '/many' });
    expect(res.statusCode, res.body).toBe(200);
    const { pids } = res.json() as { pids: number[] };
    expect(new Set(pids).size).toBe(1);
    expect(checkouts).toBe(1);
    expect(busy()).toBe(0);
    // the two parallel statements went to the connection one after the other
    expect(overlapping).toBe(0);
  });

  it('keeps the request’s connection across the body’s read (a POST over HTTP)', async () => {
    const res = await fetch(`${origin}/many`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 'x'.repeat(100_000) }),
    });
    expect(res.status).toBe(200);
    const { pids } = (await res.json()) as { pids: number[] };
    expect(pids[0]).toBe(pids[1]);
    expect(checkouts).toBe(1);
  });

  it('keeps the connection a hook took when the body came with the headers: one checkout', async () => {
    const res = await fetch(`${origin}/guarded`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 'bc' }),
    });
    expect(res.status).toBe(200);
    expect(checkouts).toBe(1);
    expect(busy()).toBe(0);
  });

  it('holds no connection while the body is on the wire: taken again after it', async () => {
    const slow = slowPost(origin, '/guarded', '{"a":', '"bc"}');
    for (let i = 0; i < 200 && checkouts === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(checkouts).toBe(1); // the hook's statement ran
    await new Promise((r) => setTimeout(r, 50));
    // a slow sender keeps none of the pool's connections (the request took one and gave it back)
    expect(busy()).toBe(0);
    slow.finish();
    const { status, body } = await slow.answer;
    expect(status).toBe(200);
    expect(JSON.parse(body).body).toEqual({ a: 'bc' });
    expect(checkouts).toBe(2);
    expect(busy()).toBe(0);
  });

  it('gives the connection back when the request fails, and when a statement is refused', async () => {
    expect((await app.inject({ method: 'GET', url: '/fails' })).statusCode).toBe(500);
    expect(busy()).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/refused' })).statusCode).toBe(500);
    expect(busy()).toBe(0);
    // still usable
    expect((await app.inject({ method: 'GET', url: '/many' })).statusCode).toBe(200);
  });

  it('runs a statement sent beside the request’s open transaction on another connection', async () => {
    const res = await app.inject({ method: 'GET', url: '/beside' });
    const { inside, beside } = res.json() as { inside: number; beside: number };
    expect(inside).not.toBe(beside);
    expect(busy()).toBe(0);
  });

  it('never gives two requests one connection, nor shares one mid-transaction', async () => {
    let release: () => void = () => {};
    held = new Promise((r) => {
      release = r;
    });
    letGo = release;
    const both = Promise.all([
      app.inject({ method: 'GET', url: '/hold' }),
      app.inject({ method: 'GET', url: '/hold' }),
    ]);
    // meanwhile a third request's statements
    const other = await app.inject({ method: 'GET', url: '/many' });
    letGo();
    const [a, b] = await both;
    const pa = a.json() as { pid: number; v: string };
    const pb = b.json() as { pid: number; v: string };
    const [po] = (other.json() as { pids: number[] }).pids;
    expect(new Set([pa.pid, pb.pid, po]).size).toBe(3);
    expect([pa.v, pb.v]).toEqual(['set', 'set']);
    expect(checkouts).toBe(3);
    expect(busy()).toBe(0);
  });

  it('sends statements after the answer to the pool, and keeps none', async () => {
    const res = await app.inject({ method: 'GET', url: '/after' });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(checkouts).toBe(2);
    expect(busy()).toBe(0);
  });

  it('gives the connection back when the client goes away mid-request', async () => {
    let release: () => void = () => {};
    held = new Promise((r) => {
      release = r;
    });
    const controller = new AbortController();
    const call = fetch(`${origin}/hold`, { signal: controller.signal }).catch(() => null);
    while (busy() === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    await call;
    release();
    for (let i = 0; i < 100 && busy() > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(busy()).toBe(0);
  });

  it('leaves statements outside a request as they were: a connection each', async () => {
    await pid(database.db);
    await database.db.transaction((tx) => pid(tx));
    expect(checkouts).toBe(2);
  });
});

describe.skipIf(!url)('the pool’s waiters served by request arrival', () => {
  it('gives a request that came first the connection before a later one that asked before it', async () => {
    const Pool = requestScopedPool(pg.Pool, { keep: true, byArrival: true });
    const pool = new Pool({ connectionString: url, max: 1 });
    const db = drizzle(pool);
    const app = Fastify();
    requestConnections(app);
    const served: string[] = [];
    let goOn: () => void = () => {};
    const firstMayAsk = new Promise<void>((r) => {
      goOn = r;
    });
    let firstArrived = false;
    app.get('/first', async () => {
      firstArrived = true;
      await firstMayAsk;
      await db.execute(sql`select 1`);
      served.push('first');
      return {};
    });
    app.get('/second', async () => {
      await db.execute(sql`select 1`);
      served.push('second');
      return {};
    });
    try {
      // the only connection, taken outside any request
      const blocker = await pool.connect();
      const first = app.inject({ method: 'GET', url: '/first' });
      while (!firstArrived) await new Promise((r) => setTimeout(r, 5));
      // the second request asks for a connection first
      const second = app.inject({ method: 'GET', url: '/second' });
      await new Promise((r) => setTimeout(r, 50));
      goOn();
      await new Promise((r) => setTimeout(r, 50));
      blocker.release();
      await Promise.all([first, second]);
      expect(served).toEqual(['first', 'second']);
    } finally {
      await app.close();
      await pool.end();
    }
  });
});
