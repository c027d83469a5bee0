import {
  StaffAccount,
  StaffAccountCreate,
  StaffAccountPatch,
  StaffAccountRow,
  StaffAccountsQuery,
  StaffPasswordReset,
  StaffUserActionResponse,
  staffPage,
  ViewAsResponse,
} from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../audit/audit.service.ts';
import { staffOf } from '../auth/auth.guard.ts';
import { actorOf } from '../staff/staff.context.ts';
import { STAFF_ERRORS, type StaffDeps } from '../staff/staff-section.ts';
import {
  createAccount,
  getAccount,
  listAccounts,
  resetTarget,
  setTemporaryPassword,
  unlockUser,
  updateAccount,
  viewAsTarget,
} from './staff-accounts.service.ts';

const tags = ['Back office: accounts'];
const security = [{ bearer: [] }];
const Acctnum = z.object({ acctnum: z.string().regex(/^\d{1,10}$/, 'must be an account number.') });
const UserId = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
/** How long a "view as" session lasts. */
export const VIEW_AS_MS = 30 * 60_000;

export const staffAccountsRoutes =
  ({ db, auth }: StaffDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/accounts',
      {
        schema: {
          tags,
          security,
          summary: 'Accounts: search by number, company, city or e-mail; paged and sorted',
          querystring: StaffAccountsQuery,
          response: { 200: staffPage(StaffAccountRow), ...STAFF_ERRORS },
        },
      },
      (request) => listAccounts(db, request.query),
    );

    app.post(
      '/accounts',
      {
        schema: {
          tags,
          security,
          summary: 'Create an account with its login (username = account number)',
          body: StaffAccountCreate,
          response: { 200: StaffAccount, ...STAFF_ERRORS },
        },
      },
      (request) => createAccount(db, actorOf(request), request.body),
    );

    app.get(
      '/accounts/:acctnum',
      {
        schema: {
          tags,
          security,
          summary: 'One account with its users and their sign-in state',
          params: Acctnum,
          response: { 200: StaffAccount, ...STAFF_ERRORS },
        },
      },
      (request) => getAccount(db, request.params.acctnum),
    );

    app.patch(
      '/accounts/:acctnum',
      {
        schema: {
          tags,
          security,
          summary: 'Change ActiveType, terms, default location or discount codes',
          params: Acctnum,
          body: StaffAccountPatch,
          response: { 200: StaffAccount, ...STAFF_ERRORS },
        },
      },
      (request) => updateAccount(db, actorOf(request), request.params.acctnum, request.body),
    );

    app.post(
      '/users/:id/password',
      {
        schema: {
          tags,
          security,
          summary: "Reset a customer user's password: e-mail a reset link, or set a temporary one",
          params: UserId,
          body: StaffPasswordReset,
          response: { 200: StaffUserActionResponse, ...STAFF_ERRORS },
        },
      },
      async (request) => {
        const { id } = request.params;
        if (request.body.mode === 'temporary') {
          await setTemporaryPassword(db, actorOf(request), id, request.body.password);
          await auth.passwordChanged(id);
          return {
            success: true as const,
            message: 'The temporary password is set. The customer chooses a new one at the next sign-in.',
          };
        }
        const user = await resetTarget(db, id);
        await auth.mailResetLink(user, user.email!);
        await recordAudit(db, actorOf(request), {
          action: 'user.password.email',
          entity: 'user',
          entityId: id,
          before: null,
          after: { username: user.username, resetLinkSentTo: user.email },
        });
        return { success: true as const, message: `A reset link was sent to ${user.email}.` };
      },
    );

    app.post(
      '/users/:id/unlock',
      {
        schema: {
          tags,
          security,
          summary: 'Unlock a sign-in locked by too many wrong passwords',
          params: UserId,
          response: { 200: StaffUserActionResponse, ...STAFF_ERRORS },
        },
      },
      async (request) => {
        await unlockUser(db, actorOf(request), request.params.id);
        return { success: true as const, message: 'Sign-in is unlocked.' };
      },
    );

    app.post(
      '/accounts/:acctnum/view-as',
      {
        schema: {
          tags,
          security,
          summary: 'A short-lived read-only session to view the shop as this account',
          params: Acctnum,
          response: { 200: ViewAsResponse, ...STAFF_ERRORS },
        },
      },
      async (request) => {
        const { acctnum } = request.params;
        const target = await viewAsTarget(db, acctnum);
        const staff = staffOf(request);
        const token = await auth.viewAsSession(target.id, staff.id, VIEW_AS_MS, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        await recordAudit(db, actorOf(request), {
          action: 'account.view_as',
          entity: 'account',
          entityId: acctnum,
          before: null,
          after: { userId: target.id, minutes: VIEW_AS_MS / 60_000 },
        });
        return {
          token,
          expiresAt: new Date(Date.now() + VIEW_AS_MS).toISOString(),
          acctnum,
          company: target.company,
        };
      },
    );
  };
