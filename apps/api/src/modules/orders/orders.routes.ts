import { ErrorBody, RecentPurchasesQuery, RecentPurchasesResponse } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, type Guards } from '../../platform/auth-guard.ts';
import type { Db } from '../../platform/db.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { recentPurchases } from './recent-purchases.ts';

export const ordersRoutes =
  (deps: { db: Db; catalogue: CatalogueService }, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/recentPurchases',
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['Orders'],
          summary: "The signed-in account's recently purchased products, newest first",
          querystring: RecentPurchasesQuery,
          response: { 200: RecentPurchasesResponse, 401: ErrorBody, 400: ErrorBody },
        },
      },
      async (request) => ({
        data: await recentPurchases(deps, authOf(request).user.accounts[0].Acctnum, request.query.perPage),
      }),
    );
  };
