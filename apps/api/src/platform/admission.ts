import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * At most `limit` requests are worked on at once; the others wait their turn in the order they got there
 * (docs/decisions/017, "Requests at once"). It is what a front proxy's per-server connection limit with a queue
 * does (HAProxy's `maxconn`), inside the process: under a load the process cannot keep up with, a request that
 * has begun is finished before more are begun, instead of every request in the house sharing the CPU, the event
 * loop's turns and the pool's connections with all the others. The queue's wait is the same for every kind of
 * request, so a request that needs several statements no longer waits its turn for each of them behind every
 * newer one, and nothing changes while fewer than `limit` requests are in the house.
 *
 * - A request takes its place once its body has been read (a slow client holds no place while it sends) and
 *   gives it back when its answer is made (before the answer is compressed and written), or when its client
 *   goes away; a request whose client went away while it waited leaves the queue.
 * - A request the server makes of itself (the page renders' in-process calls) is part of the request that makes
 *   it and takes no place of its own: the caller already holds one, and waiting for a second could wait forever.
 *   Health checks take none either: a process that is busy is still alive, and its supervisor must hear so.
 */
export function admission(
  app: FastifyInstance,
  opts: {
    limit: number;
    /** Requests that take no place: the server's own in-process calls, health checks. */
    exempt: (request: FastifyRequest) => boolean;
    /** Called as a request begins to wait: it lets go of what it holds (its pooled connection). */
    waiting?: (request: FastifyRequest) => void;
  },
) {
  if (opts.limit <= 0) return;
  let inHouse = 0;
  // FIFO: `waiting[head]` is next; the array is compacted when the head has moved far
  let waiting: Waiter[] = [];
  let head = 0;

  /** Lets waiters in while there is room (one that left the queue is skipped). */
  const pump = () => {
    while (inHouse < opts.limit && head < waiting.length) {
      const w = waiting[head++]!;
      if (head > 1024 && head * 2 > waiting.length) {
        waiting = waiting.slice(head);
        head = 0;
      }
      if (w.state !== 'waiting') continue;
      inHouse++;
      w.state = 'in';
      // in the waiter's own async context (its request's connection scope), after the code that made room
      queueMicrotask(w.go);
    }
  };

  const leave = (request: FastifyRequest) => {
    const w = (request as Admitted)[place];
    if (!w || w.state === 'out') return;
    const wasIn = w.state === 'in';
    w.state = 'out';
    if (wasIn) {
      inHouse--;
      pump();
    }
  };

  app.addHook('preHandler', (request, _reply, done) => {
    // a request already in (the not-found handler runs the hooks again for a request it takes over) keeps its place
    if (opts.exempt(request) || (request as Admitted)[place]?.state === 'in') return done();
    if (inHouse < opts.limit && head === waiting.length) {
      inHouse++;
      (request as Admitted)[place] = { state: 'in', go: done };
      return done();
    }
    opts.waiting?.(request);
    const w: Waiter = { state: 'waiting', go: AsyncResource.bind(() => done()) };
    (request as Admitted)[place] = w;
    waiting.push(w);
    pump();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    leave(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    leave(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    leave(request);
    done();
  });

  return {
    /** Requests being worked on, and waiting (for tests and the health of the queue). */
    now: () => ({
      inHouse,
      waiting: waiting.slice(head).filter((w) => w.state === 'waiting').length,
    }),
  };
}

const place = Symbol('admission');
interface Waiter {
  state: 'waiting' | 'in' | 'out';
  go: () => void;
}
type Admitted = FastifyRequest & { [place]?: Waiter };
