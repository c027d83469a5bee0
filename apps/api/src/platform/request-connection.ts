import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';

/**
 * One pooled connection per request (docs/decisions/017, "One pool wait per request"). Under load every request
 * waited for one of the pool's connections once per statement outside a transaction and once per transaction;
 * here a request takes a connection at its first statement and keeps it — its later statements and
 * transactions run on it — until its answer is sent, so it waits for the pool once.
 *
 * - A transaction has the request's connection to itself: a statement of the request sent while the transaction
 *   is open (or a second transaction beside it) takes another connection of the pool, as before.
 * - The connection goes back when the answer is made or the request is aborted (its client gone) — once the
 *   statements under way on it are done; statements sent after that (work the request left running) go to the
 *   pool, one connection each, as outside a request. A connection that failed (not a statement refused by the
 *   server) is discarded, not pooled again.
 * - Outside a request (jobs, the ERP sync, the payment sweep, migrations, start-up) nothing changes.
 * - A request the server makes of itself (the page renders' in-process calls) is part of the request that makes
 *   it: it shares that request's connection and does not give it back.
 * - Waiters for a connection are served in the order their requests arrived, not the order they asked: a request
 *   that holds a connection and asks for a second (a statement beside its transaction) goes before the requests
 *   that came after it, instead of behind the whole queue while it holds one of the pool's connections.
 *
 * Modules know nothing of it: they use `db` as before.
 */

/** What one request holds: per pool (a process may run more than one), the connection it took. */
interface RequestScope {
  ended: boolean;
  held: Map<pg.Pool, HeldConnection>;
  /** The request's place in the order of arrival: its turn in the pool's queue. */
  arrival: number;
}

let arrivals = 0;

/**
 * Waiters for the pool's connections served in the order their requests arrived (work outside a request takes
 * its turn when it asks): a request that has begun goes before one that came after it. node-postgres' pool only
 * ever sees as many asking as it has connections, so it never queues.
 */
class ArrivalQueue {
  private free: number;
  private readonly waiting: { turn: number; go: () => void }[] = [];
  constructor(size: number) {
    this.free = size;
  }
  take(turn: number): Promise<void> {
    if (this.free > 0 && this.waiting.length === 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((go) => {
      // sorted by turn; requests mostly come in order, so the place is searched from the end
      let i = this.waiting.length;
      while (i > 0 && this.waiting[i - 1].turn > turn) i--;
      this.waiting.splice(i, 0, { turn, go });
    });
  }
  give() {
    const next = this.waiting.shift();
    if (next) next.go();
    else this.free++;
  }
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** A server error (a refused statement) leaves the connection usable; anything else (a socket's) does not. */
const connectionFailed = (err: unknown) =>
  !(err && typeof err === 'object' && 'severity' in err && typeof err.severity === 'string');

type Checkout = () => Promise<pg.PoolClient>;

class HeldConnection {
  private client: pg.PoolClient | undefined;
  private taking: Promise<pg.PoolClient> | undefined;
  /** Statements and a transaction under way on the connection. */
  private using = 0;
  private failed: Error | undefined;
  /**
   * The last statement handed to the connection: the request's statements go to it one after the other, in the
   * order they were sent. node-postgres runs one at a time anyway, but queues a second sent while one runs only
   * with a deprecation warning, and pg 9 refuses it (a request's `Promise.all` of two statements did that).
   */
  private tail: Promise<unknown> = Promise.resolve();
  /** A transaction has the connection. */
  inTransaction = false;
  private readonly onError = (err: Error) => {
    this.failed = err;
  };

  constructor(
    private readonly scope: RequestScope,
    private readonly checkout: Checkout,
  ) {}

  private take(): Promise<pg.PoolClient> {
    this.taking ??= this.checkout().then(
      (client) => {
        client.on('error', this.onError);
        this.client = client;
        return client;
      },
      (err) => {
        this.taking = undefined;
        throw err;
      },
    );
    return this.taking;
  }

  private note(err: unknown): never {
    if (connectionFailed(err)) this.failed ??= err as Error;
    throw err;
  }

  /** Sends a statement once the one before it on the connection is done (whether it failed or not). */
  private send(client: pg.PoolClient, config: unknown, values: unknown): Promise<unknown> {
    const run = this.tail.then(() =>
      (client.query as (c: unknown, v: unknown) => Promise<unknown>)(config, values),
    );
    this.tail = run.catch(() => {});
    return run.catch((err: unknown) => this.note(err));
  }

  async query(config: unknown, values: unknown): Promise<unknown> {
    this.using++;
    try {
      const client = await this.take();
      return await this.send(client, config, values);
    } finally {
      this.using--;
      this.settle();
    }
  }

  /** The connection for a transaction (drizzle's session runs begin … commit on it, then releases it). */
  async transaction(): Promise<pg.PoolClient> {
    this.inTransaction = true;
    this.using++;
    let client: pg.PoolClient;
    try {
      client = await this.take();
    } catch (err) {
      this.inTransaction = false;
      this.using--;
      this.settle();
      throw err;
    }
    let released = false;
    const query = (config: unknown, values: unknown) => this.send(client, config, values);
    return {
      query,
      release: (err?: Error | boolean) => {
        if (released) return;
        released = true;
        if (err) this.failed ??= err instanceof Error ? err : new Error('connection discarded');
        this.inTransaction = false;
        this.using--;
        this.settle();
      },
    } as unknown as pg.PoolClient;
  }

  /**
   * Gives the connection back once nothing runs on it and the request is done (or the connection failed), or
   * `now` while the request waits (its next statement takes one again).
   */
  settle(now = false) {
    const client = this.client;
    if (!client || this.using > 0 || !(now || this.scope.ended || this.failed)) return;
    this.client = undefined;
    this.taking = undefined;
    client.off('error', this.onError);
    const failed = this.failed;
    this.failed = undefined;
    client.release(failed);
  }
}

/** The request's connection of this pool, unless outside a request or after its answer. */
function heldConnection(pool: pg.Pool, checkout: Checkout): HeldConnection | undefined {
  const scope = scopes.getStore();
  if (!scope || scope.ended) return undefined;
  let held = scope.held.get(pool);
  if (!held) {
    held = new HeldConnection(scope, checkout);
    scope.held.set(pool, held);
  }
  return held;
}

function endScope(scope: RequestScope) {
  if (scope.ended) return;
  scope.ended = true;
  for (const held of scope.held.values()) held.settle();
}

/**
 * node-postgres' pool whose statements and transactions, inside a request, run on the request's connection
 * (drizzle calls `query(config, values)` for a statement and `connect()` for a transaction).
 */
export function requestScopedPool(
  Pool: typeof pg.Pool,
  /** keep: a request keeps the connection it took; byArrival: waiters served by their request's arrival. */
  how: { keep: boolean; byArrival: boolean },
): typeof pg.Pool {
  class RequestScopedPool extends Pool {
    private readonly queue: ArrivalQueue;
    private readonly checkout: Checkout = () => (how.byArrival ? this.take() : super.connect());

    constructor(config?: pg.PoolConfig) {
      super(config);
      this.queue = new ArrivalQueue(config?.max ?? 10);
    }

    // biome-ignore lint/suspicious/noExplicitAny: node-postgres' overloads
    override query(...args: any[]): any {
      if (args.length <= 2 && typeof args[1] !== 'function') {
        const held = how.keep ? heldConnection(this, this.checkout) : undefined;
        if (held && !held.inTransaction) return held.query(args[0], args[1]);
      }
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }

    // biome-ignore lint/suspicious/noExplicitAny: node-postgres' overloads
    override connect(...args: any[]): any {
      if (args.length === 0) {
        const held = how.keep ? heldConnection(this, this.checkout) : undefined;
        if (held && !held.inTransaction) return held.transaction();
      }
      if (!how.byArrival) return (super.connect as (...a: unknown[]) => unknown)(...args);
      const taken = this.take();
      const cb = args[0] as ((err: Error | undefined, c?: pg.PoolClient, r?: unknown) => void) | undefined;
      if (typeof cb === 'function') {
        taken.then(
          (client) => cb(undefined, client, client.release),
          (err: Error) => cb(err),
        );
        return undefined;
      }
      return taken;
    }

    /** A connection in the turn of the request that asks (or now, outside a request); given back with it. */
    private async take(): Promise<pg.PoolClient> {
      const scope = scopes.getStore();
      await this.queue.take(scope && !scope.ended ? scope.arrival : ++arrivals);
      let client: pg.PoolClient;
      try {
        client = await super.connect();
      } catch (err) {
        this.queue.give();
        throw err;
      }
      const release = client.release;
      let given = false;
      client.release = (err?: Error | boolean) => {
        if (!given) {
          given = true;
          this.queue.give();
        }
        return release.call(client, err);
      };
      return client;
    }
  }
  return RequestScopedPool;
}

const scopeResource = Symbol('request connection scope');
const endOf = Symbol('end of the request connection scope');
const madeByServer = Symbol('a request the server makes of itself');
const scopeOf = Symbol('the request connection scope');
type ScopedRequest = FastifyRequest & {
  [scopeResource]?: AsyncResource;
  [endOf]?: () => void;
  [madeByServer]?: true;
  [scopeOf]?: RequestScope;
};

/**
 * The request gives back the connection it holds while it waits for something other than the database (its
 * body on the wire, its turn to be worked on: platform/admission.ts); its next statement takes one again. Without
 * this a request that authenticated before its body came (the view-as and staff guards, on onRequest) kept a
 * connection of the pool's twenty through a slow upload or a wait in the queue, and twenty such requests kept
 * the requests being worked on from any.
 */
export function letConnectionGo(request: FastifyRequest) {
  const scope = (request as ScopedRequest)[scopeOf];
  if (!scope || scope.ended) return;
  for (const held of scope.held.values()) held.settle(true);
}

/** A request the server makes of itself (the page renders' in-process calls): part of the request that makes it. */
export const ownRequest = (request: FastifyRequest) => (request as ScopedRequest)[madeByServer] === true;

/**
 * Gives every request of the app its scope (call it first, before any other hook). The scope is entered in
 * onRequest and entered again in preValidation, as @fastify/request-context does: a body is read in the socket's
 * events, and what follows its read could otherwise run outside the scope (not seen on Node 20 with a 100 KB
 * body — the test posts one — but cheap to rule out).
 */
export function requestConnections(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const enter = () => {
      (request as ScopedRequest)[scopeResource] = new AsyncResource('request-connection');
      done();
    };
    if (scopes.getStore()) {
      // a request the server makes of itself: the caller's scope
      (request as ScopedRequest)[madeByServer] = true;
      return enter();
    }
    const scope: RequestScope = { ended: false, held: new Map(), arrival: ++arrivals };
    const end = () => endScope(scope);
    (request as ScopedRequest)[endOf] = end;
    (request as ScopedRequest)[scopeOf] = scope;
    scopes.run(scope, enter);
  });
  // its body still on the wire (a body that came with the headers, as nearly every one does, is read at once: the
  // connection is kept, one pool wait a request); platform/admission.ts lets it go while the request waits its turn
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (request.raw.complete === false) letConnectionGo(request);
    done(null, payload);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = (request as ScopedRequest)[scopeResource];
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
  // (not on the response's 'close': a compressed stream's pipe already puts ten listeners there)
  const finish = (request: FastifyRequest) => (request as ScopedRequest)[endOf]?.();
  // the answer is made: the connection goes back before it is compressed and written
  app.addHook('onSend', async (request) => finish(request));
  app.addHook('onResponse', async (request) => finish(request));
  app.addHook('onRequestAbort', async (request) => finish(request));
}
