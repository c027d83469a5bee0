import { z } from 'zod';

export const HealthResponse = z.object({ status: z.literal('ok'), database: z.string(), time: z.string() });
