import { z } from 'zod';
import { SessionUser } from '../auth.ts';
import {
  ActivityQuery,
  ActivityResponse,
  Colleague,
  ColleagueIdParams,
  ColleaguePatch,
  ColleaguesResponse,
  CurrentAccountRequest,
  Invitation,
  InvitationAccept,
  InvitationAccepted,
  InvitationCreate,
  InvitationIdParams,
  InvitationTokenParams,
  InvitationView,
  StaffAccountUsersResponse,
} from '../colleagues.ts';
import { ErrorBody, SuccessBody } from '../common.ts';
import { defineRoute } from '../route.ts';
import { STAFF_ERRORS } from './staff-errors.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const tags = ['Colleagues'];
const AcctnumParams = z.object({ acctnum: z.string().regex(/^\d{1,10}$/, 'must be an account number.') });

/** The account's colleagues (its users and their rights), invitations, and who did what (issue 31). */
export const colleaguesContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/account/colleagues',
    tags,
    summary: "The signed-in account's users with their rights, and its invitations",
    right: 'manage',
    response: { 200: ColleaguesResponse, ...errors },
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/api/account/invitations',
    tags,
    summary: 'Invite a colleague by e-mail (the link works once, for 72 hours)',
    right: 'manage',
    body: InvitationCreate,
    response: { 201: z.object({ data: Invitation }), 409: ErrorBody, ...errors },
  }),
  resend: defineRoute({
    method: 'POST',
    path: '/api/account/invitations/:id/resend',
    tags,
    summary: 'Send an invitation again with a new link (the old link stops working)',
    right: 'manage',
    params: InvitationIdParams,
    response: { 200: z.object({ data: Invitation }), 409: ErrorBody, ...errors },
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/api/account/invitations/:id',
    tags,
    summary: 'Withdraw an invitation not accepted yet',
    right: 'manage',
    params: InvitationIdParams,
    response: { 200: SuccessBody, 409: ErrorBody, ...errors },
  }),
  change: defineRoute({
    method: 'PATCH',
    path: '/api/account/colleagues/:userId',
    tags,
    summary: "Change a colleague's rights, or disable them at once (their sessions end)",
    right: 'manage',
    params: ColleagueIdParams,
    body: ColleaguePatch,
    response: { 200: z.object({ data: Colleague }), 409: ErrorBody, ...errors },
  }),
  activity: defineRoute({
    method: 'GET',
    path: '/api/account/activity',
    tags,
    summary: 'Orders placed and payments made in the account, newest first, by user',
    right: 'manage',
    query: ActivityQuery,
    response: { 200: ActivityResponse, ...errors },
  }),
  switchAccount: defineRoute({
    method: 'POST',
    path: '/api/account/current',
    tags,
    summary: 'Work in another of the user’s accounts (it becomes the first)',
    body: CurrentAccountRequest,
    response: { 200: z.object({ data: SessionUser }), ...errors },
  }),
  invitation: defineRoute({
    method: 'GET',
    path: '/api/invitations/:token',
    tags,
    summary: 'What an invitation link offers (404 when unknown, 410 when used, withdrawn or expired)',
    params: InvitationTokenParams,
    response: { 200: z.object({ data: InvitationView }), 404: ErrorBody, 410: ErrorBody, 422: ErrorBody },
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/invitations/:token/accept',
    tags,
    summary: 'Accept an invitation: a new user chooses a password; an existing user gains the account',
    params: InvitationTokenParams,
    body: InvitationAccept,
    response: {
      200: z.object({ data: InvitationAccepted }),
      404: ErrorBody,
      /** The invitation's e-mail belongs to a staff sign-in. */
      409: ErrorBody,
      410: ErrorBody,
      422: ErrorBody,
    },
  }),
  staffUsers: defineRoute({
    method: 'GET',
    path: '/api/staff/accounts/:acctnum/users',
    tags: ['Back office: accounts'],
    summary: "An account's users with their rights, and its invitations",
    params: AcctnumParams,
    response: { 200: StaffAccountUsersResponse, ...STAFF_ERRORS },
  }),
  staffResend: defineRoute({
    method: 'POST',
    path: '/api/staff/accounts/:acctnum/invitations/:id/resend',
    tags: ['Back office: accounts'],
    summary: 'Send an invitation of the account again with a new link',
    params: AcctnumParams.extend(InvitationIdParams.shape),
    response: { 200: z.object({ data: Invitation }), ...STAFF_ERRORS },
  }),
};
