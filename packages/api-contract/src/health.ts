import { z } from 'zod';

/** GET /api/health and /api/health/ready: the database answers and every shipped migration is applied. */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.string(),
  /** Whether the database answered a query. */
  databaseReachable: z.boolean(),
  migrations: z.object({ expected: z.number(), applied: z.number(), pending: z.array(z.string()) }),
  /**
   * Which answers the shop's listings and searches now: the catalogue index held by the process (`products` in it),
   * or PostgreSQL — while the index is built after a start or a catalogue change, or with the index off. Both give
   * the same answers; the shop is ready either way.
   */
  catalogue: z
    .object({
      serving: z.enum(['index', 'database']),
      products: z.number().optional(),
      reason: z.string().optional(),
    })
    .optional(),
  time: z.string(),
});

/** GET /api/health/live: the process is up and serving (no database check). */
export const LivenessResponse = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
