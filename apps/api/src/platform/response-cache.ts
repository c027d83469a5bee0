import { LRUCache } from 'lru-cache';
import type { z } from 'zod';

/**
 * A micro-cache of serialized answers: the same listing asked again within `ttlMs` is answered with the bytes
 * made the first time. Concurrent misses share one computation, and an expired answer is served once more
 * while its refresh runs, so a busy page never stalls every caller at the same moment. An answer of `get` is
 * validated against its contract schema once, when it is made; `text` keeps answers their makers write from the
 * schema's own writers (the signed-in listings: docs/decisions/018).
 */
export function createResponseCache(opts: { ttlMs: number; max?: number }) {
  type Maker = () => Promise<string>;
  const cache = new LRUCache<string, string, Maker>({
    max: opts.max ?? 5000,
    ttl: Math.max(1, opts.ttlMs),
    allowStale: true,
    noDeleteOnStaleGet: true,
    fetchMethod: async (_key, _stale, { context }) => context(),
  });
  /** An answer its maker writes as JSON text itself (from the schema's own writers). */
  async function text(key: string, make: () => Promise<string>): Promise<string> {
    if (opts.ttlMs <= 0) return make();
    return (await cache.fetch(key, { context: make })) ?? make();
  }
  return {
    get<S extends z.ZodType>(key: string, schema: S, make: () => Promise<z.input<S>>): Promise<string> {
      return text(key, async () => JSON.stringify(schema.parse(await make())));
    },
    text,
    clear: () => cache.clear(),
  };
}
