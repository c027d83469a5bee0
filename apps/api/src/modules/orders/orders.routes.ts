import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { route } from '../../platform/contract-routes.ts';
import type { Db } from '../../platform/db.ts';
import { scopeAccounts } from '../accounts/scope.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { listOrders } from './order-list.ts';
import type { OrdersService } from './orders.service.ts';
import { recentPurchases } from './recent-purchases.ts';

const { orders: api } = contract;

export const ordersRoutes =
  (
    deps: { db: Db; config: Config; catalogue: CatalogueService; orders: OrdersService },
    guards: Guards,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.placeOrder, { preHandler: guards.requireUser }, (request) =>
      deps.orders.placeOrder(authOf(request).user, request.body),
    );

    route(app, api.orderDetails, { preHandler: guards.requireUser }, async (request) => ({
      data: await deps.orders.orderDetails(authOf(request).user, request.query.Ordernum),
    }));

    route(app, api.recentPurchases, { preHandler: guards.requireUser }, async (request) => ({
      data: await recentPurchases(deps, authOf(request).user.accounts[0], request.query.perPage),
    }));

    route(app, api.listOrders, { preHandler: guards.requireUser }, async (request) => {
      const acctnums = scopeAccounts(authOf(request).user, request.body.Acctnum);
      return { data: await listOrders(deps.db, acctnums, request.body, deps.config.BUSINESS_TZ) };
    });

    route(app, api.listOrderDetails, { preHandler: guards.requireUser }, async (request) => ({
      data: await deps.orders.orderDetails(authOf(request).user, request.body.orderid),
    }));
  };
