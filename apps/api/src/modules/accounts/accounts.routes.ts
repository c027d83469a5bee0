import {
  AccountDetailsQuery,
  AccountDetailsResponse,
  DiscountLabelsResponse,
  ErrorBody,
  ListAccountsResponse,
  LocationsResponse,
  UpdateUserAccountRequest,
  UpdateUserAccountResponse,
} from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { accountDetails, listAccounts, updateEmail } from './account-details.ts';
import { findAccount } from './accounts.service.ts';
import { scopeAccounts } from './scope.ts';

export const accountsRoutes =
  (deps: { db: Db; catalogue: CatalogueService }, guards: Guards): FastifyPluginAsyncZod =>
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

    app.put(
      '/api/admin/userAccount',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: "Change the signed-in user's e-mail address",
          body: UpdateUserAccountRequest,
          response: { 200: UpdateUserAccountResponse, ...errors },
        },
      },
      (request) => updateEmail(deps.db, authOf(request).user, request.body.email),
    );
  };
