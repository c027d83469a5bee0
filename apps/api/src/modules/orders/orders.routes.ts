import {
  ErrorBody,
  ListOrderDetailsRequest,
  OrderDetailsResponse,
  OrderListRequest,
  OrderListResponse,
  RecentPurchasesQuery,
  RecentPurchasesResponse,
} from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { scopeAccounts } from '../accounts/scope.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { listOrders } from './order-list.ts';
import type { OrdersService } from './orders.service.ts';
import { recentPurchases } from './recent-purchases.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['Orders'];

export const ordersRoutes =
  (
    deps: { db: Db; config: Config; catalogue: CatalogueService; orders: OrdersService },
    guards: Guards,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/recentPurchases',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: "The signed-in account's recently purchased products, newest first",
          querystring: RecentPurchasesQuery,
          response: { 200: RecentPurchasesResponse, ...errors },
        },
      },
      async (request) => ({
        data: await recentPurchases(deps, authOf(request).user.accounts[0], request.query.perPage),
      }),
    );

    for (const url of ['/api/accountOrders', '/orders/listOrders']) {
      app.post(
        url,
        {
          preHandler: guards.requireUser,
          schema: {
            tags,
            summary: "The user's orders with their invoices: filters, server paging and a whitelisted sort",
            body: OrderListRequest,
            response: { 200: OrderListResponse, ...errors },
          },
        },
        async (request) => {
          const acctnums = scopeAccounts(authOf(request).user, request.body.Acctnum);
          return { data: await listOrders(deps.db, acctnums, request.body, deps.config.BUSINESS_TZ) };
        },
      );
    }

    app.post(
      '/orders/listOrderDetails',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: "One of the user's orders (body orderid)",
          body: ListOrderDetailsRequest,
          response: { 200: OrderDetailsResponse, ...errors },
        },
      },
      async (request) => ({
        data: await deps.orders.orderDetails(authOf(request).user, request.body.orderid),
      }),
    );
  };
