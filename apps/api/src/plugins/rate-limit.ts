// The per-client request limit of the API (RATE_LIMIT_PER_MINUTE), shared by the processes through Redis when
// one is configured; pages, static files and the server's own render calls are not counted.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { InternalHeader } from '../platform/screen-render.ts';

export interface RateLimitOptions {
  config: Pick<Config, 'RATE_LIMIT_PER_MINUTE' | 'REDIS_URL'>;
  /** Marks the server's renders of public pages calling the API in process (platform/screen-render.ts). */
  renderCalls: InternalHeader;
}

export const rateLimiting = fp(
  async (app: FastifyInstance, { config, renderCalls }: RateLimitOptions) => {
    await app.register(rateLimit, {
      global: true,
      max: config.RATE_LIMIT_PER_MINUTE,
      timeWindow: '1 minute',
      // ioredis is loaded only when a Redis server is configured (start-to-ready time)
      redis: config.REDIS_URL
        ? new (await import('ioredis')).Redis(config.REDIS_URL, {
            connectTimeout: 500,
            maxRetriesPerRequest: 1,
          })
        : undefined,
      skipOnError: true,
      // pages, scripts and catalogue images are not counted: one page load fetches dozens of them
      allowList: (req) =>
        (req.method === 'GET' && !/^\/api(\/|$)/i.test(req.url)) ||
        req.headers[renderCalls.name] === renderCalls.value,
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: 429,
        message: `Too many requests. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds.`,
      }),
    });
  },
  { name: 'rate-limit' },
);
