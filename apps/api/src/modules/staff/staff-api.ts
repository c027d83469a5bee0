import type { FastifyPluginAsync } from 'fastify';
import { staffSections } from './staff.sections.ts';
import type { StaffDeps } from './staff-section.ts';

/**
 * The /api/staff scope: every route in it is refused to anonymous callers (401), customers and read-only
 * view-as sessions (403) and disabled staff (401) before its body is even read (onRequest).
 */
export const staffApi =
  (deps: StaffDeps): FastifyPluginAsync =>
  async (app) => {
    app.addHook('onRequest', deps.guards.requireStaff);
    for (const section of staffSections(deps)) await app.register(section);
  };
