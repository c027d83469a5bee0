import {
  AccountDetailsQuery,
  AccountDetailsResponse,
  ChangePasswordRequest,
  ChangePasswordResponse,
  DiscountLabelsResponse,
  EmailChangeLinkRequest,
  EmailChangeLinkResponse,
  ErrorBody,
  ListAccountsResponse,
  LocationsResponse,
  UpdateUserAccountRequest,
  UpdateUserAccountResponse,
} from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

export const accountsRoutes =
  (deps: AccountSecurityDeps & { catalogue: CatalogueService }, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/discountlbl',
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['My Account'],
          summary: "The signed-in account's discount levels with their names",
          response: { 200: DiscountLabelsResponse, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => {
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
      },
    );

    const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
    const tags = ['My Account'];

    app.get(
      '/api/admin/accountDetails',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: "One of the user's accounts with its billing methods",
          querystring: AccountDetailsQuery,
          response: { 200: AccountDetailsResponse, ...errors },
        },
      },
      async (request) => {
        const [acctnum] = scopeAccounts(authOf(request).user, request.query.Acctnum);
        return { data: await accountDetails(deps.db, acctnum) };
      },
    );

    app.get(
      '/admin/listAccounts',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: 'The accounts the user may act for',
          response: { 200: ListAccountsResponse, ...errors },
        },
      },
      async (request) => ({ data: await listAccounts(deps.db, authOf(request).user) }),
    );

    app.get(
      '/admin/locations',
      {
        preHandler: guards.requireUser,
        schema: { tags, summary: 'The warehouses', response: { 200: LocationsResponse, ...errors } },
      },
      async () => ({ data: await deps.catalogue.locations() }),
    );

    // the sign-in e-mail and the password: the current password first, links and notices by e-mail
    // (docs/decisions/021)
    const securityErrors = { ...errors, 429: ErrorBody, 503: ErrorBody };
    app.put(
      '/api/admin/userAccount',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: "Ask to change the signed-in user's e-mail address",
          description:
            'Needs currentPassword (and code, with two-step sign-in). Nothing changes yet: the new address gets a confirmation link (24 hours, once) and the current one a notice with an undo link (7 days).',
          body: UpdateUserAccountRequest,
          response: { 200: UpdateUserAccountResponse, ...securityErrors },
        },
      },
      (request) => requestEmailChange(deps, authOf(request), request.body),
    );

    app.put(
      '/api/admin/userPassword',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: "Change the signed-in user's password",
          description:
            "Needs currentPassword (and code, with two-step sign-in). The user's other sessions end and the account's e-mail is told.",
          body: ChangePasswordRequest,
          response: { 200: ChangePasswordResponse, ...securityErrors },
        },
      },
      (request) => changePassword(deps, authOf(request), request.body),
    );

    app.post(
      '/api/confirmEmailChange',
      {
        schema: {
          tags,
          summary: 'The new address opened its link: it becomes the sign-in e-mail',
          body: EmailChangeLinkRequest,
          response: { 200: EmailChangeLinkResponse, ...errors },
        },
      },
      (request) => confirmEmailChange(deps.db, request.body.token),
    );

    app.post(
      '/api/undoEmailChange',
      {
        schema: {
          tags,
          summary: 'The old address opened its undo link: it is the sign-in e-mail again, every session ends',
          body: EmailChangeLinkRequest,
          response: { 200: EmailChangeLinkResponse, ...errors },
        },
      },
      (request) => undoEmailChange(deps, request.body.token),
    );
  };
