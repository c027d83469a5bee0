import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoop, type LoadUser } from './load-loop.ts';

/**
 * The load's loop against a stub shop: a user works on one connection at a time (its loop runs from browse to
 * pay), and what is not 2xx is told by kind and status.
 */
describe('mixed load loop', () => {
  /** token → the socket whose loop it is in (cleared by the loop's payment) */
  const owner = new Map<string, object>();
  /** users with a request never answered (it may still be running on a real server): their loop may finish,
   * but no later loop may use them */
  const stalledInLoop = new Set<string>();
  const retired = new Set<string>();
  let overlaps = 0;
  let requests = 0;
  /** the path of each user's first request (a user is taken by a connection at the first request of its loop) */
  const firstPaths = new Map<string, string>();
  /** every n-th order and every n-th payment is never answered (0: all are) */
  let stallEvery = 0;
  let stallUntil = 0;
  let payments = 0;
  let orders = 0;
  const server = createServer((req, res) => {
    requests++;
    const token = req.headers.authorization ?? '';
    const socket = req.socket;
    if (!firstPaths.has(token)) firstPaths.set(token, (req.url ?? '').split('?')[0] ?? '');
    const held = owner.get(token);
    if ((held && held !== socket && !stalledInLoop.has(token)) || retired.has(token)) overlaps++;
    owner.set(token, socket);
    // (one stalled request a loop at most, and none in the run's last two seconds: each lost loop is seen)
    const stall =
      stallEvery > 0 &&
      Date.now() < stallUntil &&
      !stalledInLoop.has(token) &&
      ((req.url === '/api/admin/makePayment' && ++payments % stallEvery === 0) ||
        (req.url === '/api/admin/orders' && ++orders % stallEvery === 0));
    if (stall) {
      // the loop goes on without this answer on a new connection: the user's next request is its own
      if (req.url === '/api/admin/makePayment') retired.add(token);
      else stalledInLoop.add(token);
      return;
    }
    req.resume();
    req.on('end', () => {
      // a little work, so that loops overlap
      setTimeout(() => {
        if (req.url === '/api/admin/makePayment') {
          owner.delete(token);
          if (stalledInLoop.delete(token)) retired.add(token);
        }
        if (req.url === '/api/admin/orders' && requests % 7 === 0) {
          res.writeHead(422, { 'content-type': 'application/json' });
          res.end('{"message":"Your cart is empty."}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(req.url === '/api/updateCart' ? '{"version":3}' : '{}');
      }, Math.random() * 3);
    });
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const loadUsers = (prefix: string, n: number): LoadUser[] =>
    Array.from({ length: n }, (_, i) => ({
      token: `${prefix}-${i}`,
      firstInvnum: 1000 * i,
      paid: 0,
      code: 'M1',
      cardId: 1,
    }));
  /** The loop of `users` run by autocannon against the stub with `connections` connections. */
  const runLoop = async (
    users: LoadUser[],
    connections: number,
    opts: { duration: number; timeout?: number },
  ) => {
    const loop = createLoop({ users, connections, searches: ['oak'], codes: ['M1'], invoicesPerUser: 10 });
    const result = await autocannon({
      url: base,
      connections,
      ...opts,
      requests: loop.requests,
      setupClient: loop.setupClient,
    });
    return { loop, result };
  };

  it('gives each user to one connection at a time and counts non-2xx by kind', async () => {
    const { loop, result } = await runLoop(loadUsers('user', 25), 20, { duration: 1.5 });
    const stats = loop.stats();
    expect(result.requests.total).toBeGreaterThan(500);
    expect(overlaps).toBe(0);
    expect(stats.sharedLoops).toBe(0);
    expect(stats.kinds.order!.non2xx['422']).toBeGreaterThan(0);
    expect(stats.kinds.order!.non2xx['422']).toBe(result.non2xx);
    expect(Object.keys(stats.kinds.browse!.non2xx)).toEqual([]);
    // browse is three of the ten requests of a loop, pay one
    expect(stats.kinds.browse!.requests).toBeGreaterThan(2.5 * stats.kinds.pay!.requests);
  });

  it('starts the connections at different steps of the loop, none at the order', async () => {
    firstPaths.clear();
    const { loop } = await runLoop(loadUsers('start', 25), 18, { duration: 0.5 });
    // the users the connections took first begin where their connection does: every step but the order (spares
    // taken later begin a whole loop, with a browse)
    const firsts = [...firstPaths]
      .filter(([token]) => /^Bearer start-\d+$/.test(token))
      .map(([, path]) => path);
    expect(firsts.length).toBeGreaterThanOrEqual(18);
    expect(new Set(firsts)).toEqual(
      new Set(['/api/Products', '/api/getProductDetailsByCode', '/api/updateCart', '/api/admin/makePayment']),
    );
    expect(firsts).not.toContain('/api/admin/orders');
    expect(loop.stats().sharedLoops).toBe(0);
  });

  it('sets aside the user of a loop that lost an answer, and a spare takes its place', async () => {
    overlaps = 0;
    owner.clear();
    stallEvery = 15;
    stallUntil = Date.now() + 1000;
    const { loop } = await runLoop(loadUsers('spare', 60), 10, { duration: 3, timeout: 1 });
    stallEvery = 0;
    const stats = loop.stats();
    // a stalled request's user is never used again on the stub: had it gone back to the free users, this
    // would count it
    expect(overlaps).toBe(0);
    expect(stats.kinds.pay!.timeouts).toBeGreaterThan(0);
    expect(stats.kinds.order!.timeouts).toBeGreaterThan(0);
    expect(stats.abandonedLoops).toBe(stats.kinds.pay!.timeouts + stats.kinds.order!.timeouts);
    expect(stats.sharedLoops).toBe(0);
  });
});
