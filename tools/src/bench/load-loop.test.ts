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
  let overlaps = 0;
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    const token = req.headers.authorization ?? '';
    const socket = req.socket;
    const held = owner.get(token);
    if (held && held !== socket) overlaps++;
    owner.set(token, socket);
    req.resume();
    req.on('end', () => {
      // a little work, so that loops overlap
      setTimeout(() => {
        if (req.url === '/api/admin/makePayment') owner.delete(token);
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

  it('gives each user to one connection at a time and counts non-2xx by kind', async () => {
    const users: LoadUser[] = Array.from({ length: 25 }, (_, i) => ({
      token: `user-${i}`,
      firstInvnum: 1000 * i,
      paid: 0,
      code: 'M1',
      cardId: 1,
    }));
    const loop = createLoop({
      users,
      connections: 20,
      searches: ['oak'],
      codes: ['M1'],
      invoicesPerUser: 10,
    });
    const result = await autocannon({
      url: base,
      connections: 20,
      duration: 1.5,
      requests: loop.requests,
      setupClient: loop.setupClient,
    });
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
});
