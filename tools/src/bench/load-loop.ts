import { randomUUID } from 'node:crypto';
import { chopCart } from '@mitrebox/api/testing/cart-lines';
import type autocannon from 'autocannon';
import { createKindFigures, KINDS, type LoopStats } from './load-kinds.ts';
import { createUserPool, type LoadUser } from './load-users.ts';

// The loop of the mixed workload (load.ts) as autocannon requests: which user a connection works as
// (load-users.ts), and what each kind of request answered (load-kinds.ts).
export { describeKinds, KINDS, type KindFigures, type LoopStats } from './load-kinds.ts';
export type { LoadUser } from './load-users.ts';

/**
 * Where each connection's first loop begins: the users do not all start with a browse. Begun together, they stayed
 * in step for the whole run — the queue of requests at once (apps/api/src/platform/admission.ts) keeps their order
 * — so all two hundred paid at about the same moment and waited behind each other's payments, and a payment's wait
 * in the queue was three times a browse's (301 against 94 ms at the median, docs/decisions/017). Frame shops do
 * not work in step. Never at the order: its user's cart is still empty.
 */
const STARTS = [0, 1, 2, 3, 4, 5, 6, 7, 9];

type Ctx = { user?: LoadUser; version?: number; answered?: number; first?: number };

export function createLoop(opts: {
  users: LoadUser[];
  connections: number;
  searches: string[];
  codes: string[];
  invoicesPerUser: number;
}) {
  if (opts.users.length < opts.connections) throw new Error('fewer load users than connections');
  const users = createUserPool(opts.users);
  const figures = createKindFigures();
  let abandonedLoops = 0;

  let n = 0;
  const pick = <T>(list: T[]) => list[n++ % list.length];
  const userOf = (context: object) => {
    const ctx = context as Ctx;
    if (!ctx.user) {
      ctx.user = users.take();
      ctx.answered = 0;
    }
    return ctx.user;
  };
  const answered = (index: number) => (status: number, body: string, context: object) => {
    const ctx = context as Ctx;
    ctx.answered = (ctx.answered ?? 0) + 1;
    figures.status(index, status);
    if (index === 7 && status === 200) ctx.version = (JSON.parse(body) as { version: number }).version;
    if (index === KINDS.length - 1 && ctx.user) {
      // every answer of the loop came: nothing of this user is still running, it may go to another connection
      const complete = ctx.answered === KINDS.length - (ctx.first ?? 0);
      if (!(complete && users.giveBack(ctx.user))) abandonedLoops++;
    }
  };
  const get = (index: number, path: () => string) => ({
    method: 'GET' as const,
    setupRequest: (req: autocannon.Request, context: object) => {
      const user = userOf(context);
      return { ...req, path: path(), headers: { authorization: `Bearer ${user.token}` } };
    },
    onResponse: answered(index),
  });
  const post = (
    index: number,
    path: string,
    body: (user: LoadUser, ctx: Ctx) => unknown,
    extra: () => Record<string, string> = () => ({}),
  ) => ({
    method: 'POST' as const,
    path,
    setupRequest: (req: autocannon.Request, context: object) => {
      const user = userOf(context);
      return {
        ...req,
        path,
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', ...extra() },
        body: JSON.stringify(body(user, context as Ctx)),
      };
    },
    onResponse: answered(index),
  });
  const browse = (i: number) => get(i, () => `/api/Products?type=4&items_per_page=24&page=${1 + (n++ % 20)}`);
  const search = (i: number) =>
    get(
      i,
      () => `/api/Products?TopSearch=${encodeURIComponent(pick(opts.searches))}&page=1&items_per_page=10`,
    );
  const product = (i: number) =>
    get(i, () => `/api/getProductDetailsByCode?Code=${encodeURIComponent(pick(opts.codes))}`);
  const requests = [
    browse(0),
    search(1),
    product(2),
    browse(3),
    product(4),
    search(5),
    browse(6),
    post(7, '/api/updateCart', (user) => chopCart(user.code)),
    post(8, '/api/admin/orders', (_user, ctx) => ({ poNumber: 'LOAD', cartVersion: ctx.version })),
    post(
      9,
      '/api/admin/makePayment',
      (user) => ({
        Invnum: user.firstInvnum + (user.paid++ % opts.invoicesPerUser),
        accountBillId: user.cardId,
        amount: '1.00',
      }),
      () => ({ 'idempotency-key': `load-${randomUUID()}` }),
    ),
  ];

  /** autocannon's setupClient: each answer's latency goes to its kind; a timeout to the kind it cut short. */
  let clients = 0;
  const setupClient = (client: autocannon.Client) => {
    const it = (
      client as unknown as {
        requestIterator: {
          currentRequestIndex: number;
          currentRequest: unknown;
          requests: unknown[];
          context: Ctx;
          rebuildRequest(): void;
        };
      }
    ).requestIterator;
    const first = STARTS[clients++ % STARTS.length];
    if (first > 0) {
      it.currentRequestIndex = first;
      it.currentRequest = it.requests[first];
      it.context.first = first;
      it.rebuildRequest();
    }
    client.on('response', (_status: number, _bytes: number, ms: number) => {
      figures.latency(it.currentRequestIndex, ms);
    });
    // autocannon has already moved on to the next request when it reports the timeout
    (client as unknown as import('node:events').EventEmitter).on('timeout', () => {
      const index = (it.currentRequestIndex + KINDS.length - 1) % KINDS.length;
      figures.timeout(index);
      // the loop's last request got no answer: its user is never given back
      if (index === KINDS.length - 1) abandonedLoops++;
    });
  };

  const stats = (): LoopStats => ({
    kinds: figures.byKind(),
    abandonedLoops,
    sharedLoops: users.sharedLoops(),
  });

  return { requests, setupClient, stats };
}
