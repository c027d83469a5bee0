import { z } from 'zod';

/** GET /api/health and /api/health/ready: the database answers and every shipped migration is applied. */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.string(),
  /** Whether the database answered a query. */
  databaseReachable: z.boolean(),
  migrations: z.object({ expected: z.number(), applied: z.number(), pending: z.array(z.string()) }),
  time: z.string(),
});

/** GET /api/health/live: the process is up and serving (no database check). */
export const LivenessResponse = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
