import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import { notFound } from '../../platform/errors.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { accountDetails, listAccounts } from './account-details.ts';
import { findAccount } from './accounts.service.ts';
import {
  type AccountSecurityDeps,
  confirmEmailChange,
  requestEmailChange,
  undoEmailChange,
} from './email-change.ts';
import { changePassword } from './password-change.ts';
import { scopeAccounts } from './scope.ts';

const { accounts: api } = contract;

export const accountsRoutes =
  (deps: AccountSecurityDeps & { catalogue: CatalogueService }, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.discountLabels, { preHandler: guards.requireUser }, async (request) => {
      const account = await findAccount(deps.db, authOf(request).user.accounts[0].Acctnum);
      if (!account) throw notFound('Account not found');
      const data = await deps.catalogue.discountLabels({
        B_Disc: account.bDisc,
        C_Disc: account.cDisc,
        G_Disc: account.gDisc,
        J_Disc: account.jDisc,
        L_Disc: account.lDisc,
        H_Disc: account.hDisc,
      });
      return { data };
    });

    route(app, api.accountDetails, { preHandler: guards.requireUser }, async (request) => {
      const { user } = authOf(request);
      const [acctnum] = scopeAccounts(user, request.query.Acctnum);
      const details = await accountDetails(deps.db, acctnum);
      // saved cards are the payers': a colleague without the pay right sees none (docs/decisions/026)
      const mayPay = user.accounts.find((a) => a.Acctnum === acctnum)?.rights?.pay !== false;
      return { data: mayPay ? details : { ...details, billing: [] } };
    });

    route(app, api.listAccounts, { preHandler: guards.requireUser }, async (request) => ({
      data: await listAccounts(deps.db, authOf(request).user),
    }));

    route(app, api.locations, { preHandler: guards.requireUser }, async () => ({
      data: await deps.catalogue.locations(),
    }));

    // the sign-in e-mail and the password: the current password first, links and notices by e-mail
    // (docs/decisions/021)
    route(
      app,
      api.changeEmail,
      {
        preHandler: guards.requireUser,
        docs: {
          description:
            'Needs currentPassword (and code, with two-step sign-in). Nothing changes yet: the new address gets a confirmation link (24 hours, once) and the current one a notice with an undo link (7 days).',
        },
      },
      (request) => requestEmailChange(deps, authOf(request), request.body),
    );

    route(
      app,
      api.changePassword,
      {
        preHandler: guards.requireUser,
        docs: {
          description:
            "Needs currentPassword (and code, with two-step sign-in). The user's other sessions end and the account's e-mail is told.",
        },
      },
      (request) => changePassword(deps, authOf(request), request.body),
    );

    route(app, api.confirmEmailChange, {}, (request) => confirmEmailChange(deps.db, request.body.token));

    route(app, api.undoEmailChange, {}, (request) => undoEmailChange(deps, request.body.token));
  };
