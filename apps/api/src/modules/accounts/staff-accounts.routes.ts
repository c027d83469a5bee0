import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { staffOf } from '../auth/auth.guard.ts';
import { actorOf } from '../staff/staff.context.ts';
import type { StaffDeps } from '../staff/staff-section.ts';
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

const { staffAccounts: api } = contract;
const staffOnly = { docs: { security: [{ bearer: [] }] } };
/** How long a "view as" session lasts. */
export const VIEW_AS_MS = 30 * 60_000;

export const staffAccountsRoutes =
  ({ db, auth }: StaffDeps): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.list, staffOnly, (request) => listAccounts(db, request.query));

    route(app, api.create, staffOnly, (request) => createAccount(db, actorOf(request), request.body));

    route(app, api.get, staffOnly, (request) => getAccount(db, request.params.acctnum));

    route(app, api.change, staffOnly, (request) =>
      updateAccount(db, actorOf(request), request.params.acctnum, request.body),
    );

    route(app, api.resetPassword, staffOnly, async (request) => {
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
    });

    route(app, api.unlockUser, staffOnly, async (request) => {
      await unlockUser(db, actorOf(request), request.params.id);
      return { success: true as const, message: 'Sign-in is unlocked.' };
    });

    route(app, api.viewAs, staffOnly, async (request) => {
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
    });
  };
