import { randomUUID } from 'node:crypto';
import { chopCart } from '@mitrebox/api/testing/cart-lines';
import type autocannon from 'autocannon';

/**
 * The loop of the mixed workload (load.ts) as autocannon requests: which user a connection works as, and what
 * each kind of request answered.
 *
 * autocannon gives a connection a fresh context every time it starts the request list over
 * (requestIterator.nextRequest → resetContext), so a user cannot be kept in the context from one loop to the
 * next: a connection takes a free user at its loop's first request and gives it back after its loop's last
 * answer. A user therefore belongs to one connection at a time — two connections working as one user would
 * put lines in one cart and one's order would take the other's line (the other's order: 422 "Your cart is
 * empty."). A loop that lost an answer (a timeout: autocannon reconnects and goes on with the next request)
 * keeps its user for good — the request may still be running on the server — and a spare user takes its place.
 */
export interface LoadUser {
  token: string;
  /** The user's first invoice; it pays invoice firstInvnum + (paid % invoicesPerUser) next. */
  firstInvnum: number;
  paid: number;
  /** The moulding it orders. */
  code: string;
  /** The account's saved card. */
  cardId: number;
}

export const KINDS = [
  'browse',
  'search',
  'product',
  'browse',
  'product',
  'search',
  'browse',
  'add to cart',
  'order',
  'pay',
] as const;

export interface KindFigures {
  requests: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Answers other than 2xx, by status. */
  non2xx: Record<string, number>;
  timeouts: number;
}

export interface LoopStats {
  /** Latency (ms, as autocannon measures it) by request kind. */
  kinds: Record<string, KindFigures>;
  /** Loops that lost an answer and kept their user. */
  abandonedLoops: number;
  /** Loops that found no free user and shared one (spares ran out: the figures are then not clean). */
  sharedLoops: number;
}

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
  const free = [...opts.users];
  /** Users in a loop, oldest first (the one to share when spares run out). */
  const busy = new Set<LoadUser>();
  let abandonedLoops = 0;
  let sharedLoops = 0;
  const latencies: number[][] = KINDS.map(() => []);
  const non2xx: Record<string, number>[] = KINDS.map(() => ({}));
  const timeouts = KINDS.map(() => 0);

  function take(): LoadUser {
    const user = free.shift();
    if (user) {
      busy.add(user);
      return user;
    }
    sharedLoops++;
    const oldest = busy.values().next().value as LoadUser;
    busy.delete(oldest);
    busy.add(oldest);
    return oldest;
  }

  let n = 0;
  const pick = <T>(list: T[]) => list[n++ % list.length];
  const userOf = (context: object) => {
    const ctx = context as Ctx;
    if (!ctx.user) {
      ctx.user = take();
      ctx.answered = 0;
    }
    return ctx.user;
  };
  const answered = (index: number) => (status: number, body: string, context: object) => {
    const ctx = context as Ctx;
    ctx.answered = (ctx.answered ?? 0) + 1;
    if (status < 200 || status > 299) {
      const by = non2xx[index];
      by[status] = (by[status] ?? 0) + 1;
    }
    if (index === 7 && status === 200) ctx.version = (JSON.parse(body) as { version: number }).version;
    if (index === KINDS.length - 1 && ctx.user) {
      // every answer of the loop came: nothing of this user is still running, it may go to another connection
      if (ctx.answered === KINDS.length - (ctx.first ?? 0) && busy.delete(ctx.user)) free.push(ctx.user);
      else abandonedLoops++;
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
      latencies[it.currentRequestIndex]?.push(ms);
    });
    // autocannon has already moved on to the next request when it reports the timeout
    (client as unknown as import('node:events').EventEmitter).on('timeout', () => {
      const index = (it.currentRequestIndex + KINDS.length - 1) % KINDS.length;
      timeouts[index]++;
      // the loop's last request got no answer: its user is never given back
      if (index === KINDS.length - 1) abandonedLoops++;
    });
  };

  function stats(): LoopStats {
    const kinds: Record<string, KindFigures> = {};
    for (const kind of new Set(KINDS)) {
      const at = KINDS.flatMap((k, i) => (k === kind ? [i] : []));
      const all = at.flatMap((i) => latencies[i]).sort((a, b) => a - b);
      const q = (p: number) =>
        Math.round(all.length ? all[Math.min(all.length - 1, Math.floor(p * all.length))] : 0);
      const bad: Record<string, number> = {};
      for (const i of at)
        for (const [status, count] of Object.entries(non2xx[i])) bad[status] = (bad[status] ?? 0) + count;
      kinds[kind] = {
        requests: all.length,
        p50: q(0.5),
        p90: q(0.9),
        p99: q(0.99),
        max: Math.round(all.at(-1) ?? 0),
        non2xx: bad,
        timeouts: at.reduce((sum, i) => sum + timeouts[i], 0),
      };
    }
    return { kinds, abandonedLoops, sharedLoops };
  }

  return { requests, setupClient, stats };
}

/** One line per kind: latency, non-2xx by status, timeouts. */
export function describeKinds(s: LoopStats): string[] {
  const lines = Object.entries(s.kinds).map(([kind, k]) => {
    const bad = Object.entries(k.non2xx)
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ');
    return (
      `  ${kind.padEnd(12)} ${String(k.requests).padStart(6)} requests: p50 ${k.p50} ms, p90 ${k.p90} ms, p99 ${k.p99} ms, max ${k.max} ms` +
      (bad ? `; non-2xx ${bad}` : '') +
      (k.timeouts ? `; timeouts ${k.timeouts}` : '')
    );
  });
  if (s.abandonedLoops) lines.push(`  ${s.abandonedLoops} loops lost an answer (their users were set aside)`);
  if (s.sharedLoops) lines.push(`  ✗ ${s.sharedLoops} loops found no free user and shared one`);
  return lines;
}
