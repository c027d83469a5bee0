import { HealthResponse } from '@mitrebox/api-contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db.ts';

export const healthRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['Platform'],
          summary: 'Liveness and database check',
          response: { 200: HealthResponse },
        },
      },
      async () => {
        await database.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: database.kind, time: new Date().toISOString() };
      },
    );
  };
