import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { slowPost } from '../testing/slow-post.ts';
import { admission } from './admission.ts';
import { ownRequest, requestConnections } from './request-connection.ts';

/** Requests at once (platform/admission.ts, docs/decisions/017): a bare app, its routes held open by the test. */
let app: FastifyInstance;
let origin = '';
let queue: NonNullable<ReturnType<typeof admission>>;
/** Routes '/hold/:n' wait here until the test lets them go. */
const holds = new Map<string, () => void>();
const started: string[] = [];

async function start(limit: number) {
  app = Fastify();
  requestConnections(app);
  queue = admission(app, { limit, exempt: (r) => ownRequest(r) || r.routeOptions.url === '/live' })!;
  app.get<{ Params: { n: string } }>('/hold/:n', async (request) => {
    started.push(request.params.n);
    await new Promise<void>((go) => holds.set(request.params.n, go));
    return { n: request.params.n };
  });
  app.get('/quick', async () => ({ ok: true }));
  app.get('/live', async () => ({ live: true }));
  app.get('/fails', async () => {
    throw new Error('the handler failed');
  });
  // a page render's in-process call (platform/screen-render.ts) while the request holds its place
  app.get('/render', async () => {
    const inner = await app.inject({ method: 'GET', url: '/quick' });
    return { inner: inner.json() };
  });
  app.post('/body', async (request) => ({ got: request.body }));
  // a route that hands its request to the not-found handler (as the static files' wildcard does for a screen's
  // address): the hooks run again for the same request
  app.get('/handed-on', async (_request, reply) => reply.callNotFound());
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ handed: true }));
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
}

afterEach(async () => {
  for (const go of holds.values()) go();
  holds.clear();
  started.length = 0;
  await app.close();
});

const until = async (what: () => boolean) => {
  for (let i = 0; i < 200 && !what(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(what()).toBe(true);
};

describe('requests at once', () => {
  it('works on `limit` requests at once and lets the others in, in their order of arrival', async () => {
    await start(2);
    const answers = ['1', '2', '3', '4', '5'].map(async (n) => {
      const res = await fetch(`${origin}/hold/${n}`);
      return (await res.json()) as { n: string };
    });
    await until(() => started.length === 2 && queue.now().waiting === 3);
    expect(queue.now()).toEqual({ inHouse: 2, waiting: 3 });
    // the second finishes first: the next in line (the third) comes in, not any other
    holds.get(started[1]!)!();
    await until(() => started.length === 3);
    const first = started.slice(0, 2).sort();
    expect(first).toEqual(['1', '2']);
    expect(started[2]).toBe('3');
    for (const n of ['1', '3']) holds.get(n)!();
    await until(() => started.length === 5);
    expect(started.slice(3)).toEqual(['4', '5']);
    holds.get('4')!();
    holds.get('5')!();
    expect((await Promise.all(answers)).map((a) => a.n)).toEqual(['1', '2', '3', '4', '5']);
    await until(() => queue.now().inHouse === 0);
  });

  it('gives the place back after an error, and a request waiting whose client went away leaves the queue', async () => {
    await start(1);
    expect((await fetch(`${origin}/fails`)).status).toBe(500);
    expect(queue.now()).toEqual({ inHouse: 0, waiting: 0 });
    const first = fetch(`${origin}/hold/a`);
    await until(() => started.length === 1);
    // a client that gives up while waiting
    const gone = new AbortController();
    const abandoned = fetch(`${origin}/hold/b`, { signal: gone.signal }).catch(() => 'aborted');
    await until(() => queue.now().waiting === 1);
    gone.abort();
    expect(await abandoned).toBe('aborted');
    await until(() => queue.now().waiting === 0);
    const third = fetch(`${origin}/hold/c`);
    await until(() => queue.now().waiting === 1);
    holds.get('a')!();
    await first;
    // b never starts: c is next
    await until(() => started.length === 2);
    expect(started).toEqual(['a', 'c']);
    holds.get('c')!();
    expect((await third).status).toBe(200);
    await until(() => queue.now().inHouse === 0);
  });

  it('gives the place back when the client goes away while its request is worked on', async () => {
    await start(1);
    const gone = new AbortController();
    const abandoned = fetch(`${origin}/hold/x`, { signal: gone.signal }).catch(() => 'aborted');
    await until(() => started.length === 1);
    gone.abort();
    expect(await abandoned).toBe('aborted');
    await until(() => queue.now().inHouse === 0);
    holds.get('x')!();
    expect((await fetch(`${origin}/quick`)).status).toBe(200);
    expect(queue.now()).toEqual({ inHouse: 0, waiting: 0 });
  });

  it("does not make the server's own in-process calls wait for a place of their own", async () => {
    await start(1);
    const res = await fetch(`${origin}/render`);
    expect(await res.json()).toEqual({ inner: { ok: true } });
    expect(queue.now()).toEqual({ inHouse: 0, waiting: 0 });
  });

  it('answers an exempt route (a health check) while every place is taken', async () => {
    await start(1);
    const busy = fetch(`${origin}/hold/h`);
    await until(() => started.length === 1);
    expect(await (await fetch(`${origin}/live`)).json()).toEqual({ live: true });
    const queued = fetch(`${origin}/quick`);
    await until(() => queue.now().waiting === 1);
    holds.get('h')!();
    expect((await busy).status).toBe(200);
    expect((await queued).status).toBe(200);
  });

  it('takes the place once the body is read: a slow sender holds none', async () => {
    await start(1);
    const slow = slowPost(origin, '/body', '{"a":', '"bc"}');
    await new Promise((r) => setTimeout(r, 50));
    // the one place is free while the body is on its way
    expect((await fetch(`${origin}/quick`)).status).toBe(200);
    slow.finish();
    expect(JSON.parse((await slow.answer).body)).toEqual({ got: { a: 'bc' } });
    await until(() => queue.now().inHouse === 0);
  });

  it('keeps one place for a request handed on to the not-found handler, and gives it back', async () => {
    await start(2);
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${origin}/handed-on`);
      expect(await res.json()).toEqual({ handed: true });
    }
    await until(() => queue.now().inHouse === 0);
    expect((await fetch(`${origin}/quick`)).status).toBe(200);
  });

  it('changes nothing with no limit', async () => {
    app = Fastify();
    expect(admission(app, { limit: 0, exempt: ownRequest })).toBeUndefined();
    await app.close();
    await start(50);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${origin}/quick`).then((r) => r.status)),
    );
    expect(answers.every((s) => s === 200)).toBe(true);
  });
});
