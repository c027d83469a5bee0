import { contract } from '@mitrebox/api-contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import { type Database, migrationsFolder } from '../../platform/db.ts';
import { migrationState } from '../../platform/migration-state.ts';

const { health: api } = contract;

/** What the readiness check says of the catalogue: who answers, and how many products the index holds. */
function servingOf(s: { serving: 'index' | 'database'; products?: number; reason?: string }) {
  return s.serving === 'index'
    ? { serving: s.serving, products: s.products }
    : { serving: s.serving, reason: s.reason };
}

/**
 * Liveness (/api/health/live: the process answers) and readiness (/api/health, /api/health/ready: the database
 * answers and every migration this build ships is applied). A load balancer routes to ready instances only;
 * a supervisor restarts one that is not live.
 */
export const healthRoutes =
  (
    database: Database,
    /** Which finder answers listings now (the catalogue's index or PostgreSQL), said by the readiness check. */
    catalogueServing?: () => { serving: 'index' | 'database'; products?: number; reason?: string },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const startedAt = Date.now();
    route(app, api.live, { config: { rateLimit: false } }, async () => ({
      status: 'ok' as const,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    }));

    route(app, api.ready, { config: { rateLimit: false } }, async (_request, reply) => {
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
        ...(catalogueServing ? { catalogue: servingOf(catalogueServing()) } : {}),
        time: new Date().toISOString(),
      });
    });
  };
