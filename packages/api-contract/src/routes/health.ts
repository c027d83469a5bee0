import { HealthResponse, LivenessResponse } from '../health.ts';
import { defineRoute } from '../route.ts';

/** Liveness and readiness, for a load balancer and a supervisor. */
export const healthContract = {
  live: defineRoute({
    method: 'GET',
    path: '/api/health/live',
    tags: ['Platform'],
    summary: 'Liveness: the process answers',
    response: { 200: LivenessResponse },
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/api/health',
    aliases: ['/api/health/ready'],
    tags: ['Platform'],
    summary: 'Readiness: database reachable and every migration applied',
    response: { 200: HealthResponse, 503: HealthResponse },
  }),
};
