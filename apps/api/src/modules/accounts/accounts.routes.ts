import { DiscountLabelsResponse, ErrorBody } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, type Guards } from '../../platform/auth-guard.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { findAccount } from './accounts.service.ts';

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
  };
