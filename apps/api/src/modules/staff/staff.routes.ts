import { StaffMe } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../auth/auth.guard.ts';
import { STAFF_ERRORS, type StaffDeps } from './staff-section.ts';

/** GET /api/staff/me: the signed-in staff member (the back office's header and its role checks). */
export const staffSessionRoutes =
  (_deps: StaffDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/me',
      {
        schema: {
          tags: ['Back office'],
          summary: 'The signed-in staff member',
          security: [{ bearer: [] }],
          response: { 200: StaffMe, ...STAFF_ERRORS },
        },
      },
      (request) => staffOf(request),
    );
  };
