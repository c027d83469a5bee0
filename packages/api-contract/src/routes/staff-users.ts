import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { StaffUserActionResponse, staffPage } from '../staff.ts';
import {
  StaffUserChangeResponse,
  StaffUserCreate,
  StaffUserPatch,
  StaffUserSummary,
  StaffUsersQuery,
} from '../staff-users.ts';
import { STAFF_ERRORS } from './staff-errors.ts';

/** A user's id in a back-office path (a customer's user or a staff user). */
export const UserIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const tags = ['Back office: staff users'];

/**
 * /api/staff/staff-users: the administrators' list of staff sign-ins. A new user, and one whose authenticator
 * was reset, gets an e-mailed set-up link (POST /api/login/staff/enrolment); no password is ever shown.
 */
export const staffUsersContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/staff/staff-users',
    tags,
    summary: 'Staff users: search by name or e-mail; paged and sorted',
    query: StaffUsersQuery,
    response: { 200: staffPage(StaffUserSummary), ...STAFF_ERRORS },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/staff/staff-users/:id',
    tags,
    summary: 'One staff user',
    params: UserIdParams,
    response: { 200: StaffUserSummary, ...STAFF_ERRORS },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/staff/staff-users',
    tags,
    summary: 'Create a staff user; the set-up link (password and authenticator) goes to their e-mail',
    body: StaffUserCreate,
    response: { 200: StaffUserChangeResponse, ...STAFF_ERRORS },
  }),
  change: defineRoute({
    method: 'PATCH',
    path: '/api/staff/staff-users/:id',
    tags,
    summary: 'Change the role or disable (either ends every session at once), or enable the sign-in',
    params: UserIdParams,
    body: StaffUserPatch,
    response: { 200: StaffUserChangeResponse, ...STAFF_ERRORS },
  }),
  resetTotp: defineRoute({
    method: 'POST',
    path: '/api/staff/staff-users/:id/reset-totp',
    tags,
    summary: 'Remove the authenticator: the user is signed out and sets it up again from an e-mailed link',
    params: UserIdParams,
    response: { 200: StaffUserActionResponse, ...STAFF_ERRORS },
  }),
};
