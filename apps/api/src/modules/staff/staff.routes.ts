import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import { staffOf } from '../auth/auth.guard.ts';
import type { StaffDeps } from './staff-section.ts';

/** GET /api/staff/me: the signed-in staff member (the back office's header and its role checks). */
export const staffSessionRoutes =
  (_deps: StaffDeps): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, contract.auth.staffMe, { docs: { security: [{ bearer: [] }] } }, (request) =>
      staffOf(request),
    );
  };
