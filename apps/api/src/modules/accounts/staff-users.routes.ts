import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import { actorOf } from '../staff/staff.context.ts';
import type { StaffDeps } from '../staff/staff-section.ts';
import {
  changeStaffUser,
  createStaffUser,
  getStaffUser,
  listStaffUsers,
  resetStaffTotp,
} from './staff-users.service.ts';

const { staffUsers: api } = contract;
const staffOnly = { docs: { security: [{ bearer: [] }] } };

/**
 * /api/staff/staff-users: the administrators' list of staff sign-ins. A new user, and one whose authenticator
 * was reset, gets an e-mailed set-up link (POST /api/login/staff/enrolment); no password is ever shown.
 */
export const staffUsersRoutes =
  ({ db, auth }: StaffDeps): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.list, staffOnly, (request) => listStaffUsers(db, request.query));

    route(app, api.get, staffOnly, (request) => getStaffUser(db, request.params.id));

    route(app, api.create, staffOnly, async (request) => {
      const user = await createStaffUser(db, actorOf(request), request.body);
      await auth.mailStaffEnrolLink(user);
      return { user, message: `${user.name} is added. A set-up link was sent to ${user.email}.` };
    });

    route(app, api.change, staffOnly, async (request) => {
      const { user, disabled, signedOut } = await changeStaffUser(
        db,
        actorOf(request),
        request.params.id,
        request.body,
      );
      if (signedOut) await auth.endSessions(user.id);
      const message = disabled
        ? `${user.name} is disabled and signed out.`
        : signedOut
          ? `${user.name} is now ${user.role} and signed out.`
          : request.body.enabled === true
            ? `${user.name} is enabled.`
            : `${user.name} is now ${user.role}.`;
      return { user, message };
    });

    route(app, api.resetTotp, staffOnly, async (request) => {
      const user = await resetStaffTotp(db, actorOf(request), request.params.id);
      await auth.endSessions(user.id);
      await auth.mailStaffEnrolLink(user);
      return {
        success: true as const,
        message: `The authenticator is removed. A set-up link was sent to ${user.email}.`,
      };
    });
  };
