import {
  StaffUserActionResponse,
  StaffUserChangeResponse,
  StaffUserCreate,
  StaffUserPatch,
  StaffUserSummary,
  StaffUsersQuery,
  staffPage,
} from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../staff/staff.context.ts';
import { STAFF_ERRORS, type StaffDeps } from '../staff/staff-section.ts';
import {
  changeStaffUser,
  createStaffUser,
  getStaffUser,
  listStaffUsers,
  resetStaffTotp,
} from './staff-users.service.ts';

const tags = ['Back office: staff users'];
const security = [{ bearer: [] }];
const UserId = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * /api/staff/staff-users: the administrators' list of staff sign-ins. A new user, and one whose authenticator
 * was reset, gets an e-mailed set-up link (POST /api/login/staff/enrolment); no password is ever shown.
 */
export const staffUsersRoutes =
  ({ db, auth }: StaffDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/staff-users',
      {
        schema: {
          tags,
          security,
          summary: 'Staff users: search by name or e-mail; paged and sorted',
          querystring: StaffUsersQuery,
          response: { 200: staffPage(StaffUserSummary), ...STAFF_ERRORS },
        },
      },
      (request) => listStaffUsers(db, request.query),
    );

    app.get(
      '/staff-users/:id',
      {
        schema: {
          tags,
          security,
          summary: 'One staff user',
          params: UserId,
          response: { 200: StaffUserSummary, ...STAFF_ERRORS },
        },
      },
      (request) => getStaffUser(db, request.params.id),
    );

    app.post(
      '/staff-users',
      {
        schema: {
          tags,
          security,
          summary: 'Create a staff user; the set-up link (password and authenticator) goes to their e-mail',
          body: StaffUserCreate,
          response: { 200: StaffUserChangeResponse, ...STAFF_ERRORS },
        },
      },
      async (request) => {
        const user = await createStaffUser(db, actorOf(request), request.body);
        await auth.mailStaffEnrolLink(user);
        return { user, message: `${user.name} is added. A set-up link was sent to ${user.email}.` };
      },
    );

    app.patch(
      '/staff-users/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Change the role or disable (either ends every session at once), or enable the sign-in',
          params: UserId,
          body: StaffUserPatch,
          response: { 200: StaffUserChangeResponse, ...STAFF_ERRORS },
        },
      },
      async (request) => {
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
      },
    );

    app.post(
      '/staff-users/:id/reset-totp',
      {
        schema: {
          tags,
          security,
          summary:
            'Remove the authenticator: the user is signed out and sets it up again from an e-mailed link',
          params: UserId,
          response: { 200: StaffUserActionResponse, ...STAFF_ERRORS },
        },
      },
      async (request) => {
        const user = await resetStaffTotp(db, actorOf(request), request.params.id);
        await auth.endSessions(user.id);
        await auth.mailStaffEnrolLink(user);
        return {
          success: true as const,
          message: `The authenticator is removed. A set-up link was sent to ${user.email}.`,
        };
      },
    );
  };
