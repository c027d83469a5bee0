import { HealthResponse, LivenessResponse } from '@mitrebox/api-contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Database, migrationsFolder } from '../../platform/db.ts';
import { migrationState } from '../../platform/migration-state.ts';

/**
 * Liveness (/api/health/live: the process answers) and readiness (/api/health, /api/health/ready: the database
 * answers and every migration this build ships is applied). A load balancer routes to ready instances only;
 * a supervisor restarts one that is not live.
 */
export const healthRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    const startedAt = Date.now();
    app.get(
      '/api/health/live',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['Platform'],
          summary: 'Liveness: the process answers',
          response: { 200: LivenessResponse },
        },
      },
      async () => ({ status: 'ok' as const, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) }),
    );

    for (const url of ['/api/health', '/api/health/ready']) {
      app.get(
        url,
        {
          config: { rateLimit: false },
          schema: {
            tags: ['Platform'],
            summary: 'Readiness: database reachable and every migration applied',
            response: { 200: HealthResponse, 503: HealthResponse },
          },
        },
        async (_request, reply) => {
          let databaseReachable = true;
          try {
            await database.db.execute(sql`select 1`);
          } catch {
            databaseReachable = false;
          }
          const migrations = databaseReachable
            ? await migrationState(database.db, migrationsFolder)
            : { expected: 0, applied: 0, pending: [] };
          const ok = databaseReachable && migrations.pending.length === 0;
          return reply.code(ok ? 200 : 503).send({
            status: ok ? ('ok' as const) : ('unavailable' as const),
            database: database.kind,
            databaseReachable,
            migrations,
            time: new Date().toISOString(),
          });
        },
      );
    }
  };
