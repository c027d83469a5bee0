import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { route } from '../../platform/contract-routes.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { actorOf } from '../staff/staff.context.ts';
import type { StaffDeps } from '../staff/staff-section.ts';
import { findAccount, sessionUserById } from './accounts.service.ts';
import { accountActivity, changeColleague, listColleagues, makeFirstAccount } from './colleagues.service.ts';
import {
  acceptInvitation,
  type InvitationDeps,
  invitationView,
  invite,
  resendInvitation,
  revokeInvitation,
} from './invitations.ts';

const { colleagues: api } = contract;

export interface ColleaguesDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  auth: AuthService;
}

const invitationDeps = ({ db, config, mailer, auth }: ColleaguesDeps): InvitationDeps => ({
  db,
  config,
  mailer,
  forgetUser: auth.forgetUser,
});

/**
 * The account's colleagues (docs/decisions/026): its users and rights, invitations, who did what, and the invitation
 * link's own pages. Every account route answers for the caller's first account, where the contract's `right`
 * ('manage') is checked by the guard.
 */
export const colleaguesRoutes =
  (deps: ColleaguesDeps, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, auth } = deps;
    const signedIn = { preHandler: guards.requireUser };
    const caller = (request: Parameters<typeof authOf>[0]) => {
      const { user } = authOf(request);
      return { userId: user.id, name: user.name, acctnum: user.accounts[0]!.Acctnum };
    };

    route(app, api.list, signedIn, (request) => listColleagues(db, caller(request).acctnum));

    route(app, api.invite, signedIn, async (request, reply) => {
      const data = await invite(invitationDeps(deps), caller(request), request.body);
      return reply.code(201).send({ data });
    });

    route(app, api.resend, signedIn, async (request) => {
      const { acctnum, name } = caller(request);
      return { data: await resendInvitation(invitationDeps(deps), acctnum, request.params.id, { name }) };
    });

    route(app, api.revoke, signedIn, async (request) => {
      await revokeInvitation(db, caller(request).acctnum, request.params.id);
      return { success: true, message: 'The invitation is withdrawn: its link no longer works.' };
    });

    route(app, api.change, signedIn, async (request) => {
      const { colleague, sessions } = await changeColleague(
        db,
        caller(request),
        request.params.userId,
        request.body,
      );
      // disabled: their sessions end at once; otherwise their next request reads the new rights
      if (sessions === 'end') await auth.endUserSessions(colleague.userId);
      else auth.forgetUser(colleague.userId);
      return { data: colleague };
    });

    route(app, api.activity, signedIn, (request) =>
      accountActivity(db, caller(request).acctnum, request.query),
    );

    route(app, api.switchAccount, signedIn, async (request) => {
      const { userId } = caller(request);
      await makeFirstAccount(db, userId, request.body.acctnum);
      auth.forgetUser(userId);
      const user = await sessionUserById(db, userId);
      if (!user) throw new Error('the signed-in user is gone');
      return { data: user };
    });

    // the invitation link: the token is the credential
    route(app, api.invitation, {}, async (request) => ({
      data: await invitationView(db, request.params.token),
    }));

    route(app, api.accept, {}, async (request) => ({
      data: await acceptInvitation(invitationDeps(deps), request.params.token, request.body),
    }));
  };

/** The back office's view of an account's users and invitations, and an invitation sent again (audited). */
export const staffColleaguesRoutes =
  (deps: StaffDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staffOnly = { docs: { security: [{ bearer: [] }] } };
    const accountOf = async (acctnum: string) => {
      if (!(await findAccount(deps.db, acctnum))) throw notFound('Account not found');
      return acctnum;
    };

    route(app, api.staffUsers, staffOnly, async (request) =>
      listColleagues(deps.db, await accountOf(request.params.acctnum)),
    );

    route(app, api.staffResend, staffOnly, async (request) => {
      const acctnum = await accountOf(request.params.acctnum);
      const data = await resendInvitation(invitationDeps(deps), acctnum, request.params.id, {
        name: deps.config.COMPANY_NAME,
        actor: actorOf(request),
      });
      return { data };
    });
  };
