import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import type { OrderAgain } from './order-again.ts';

const { orderAgain: api } = contract;

export const orderAgainRoutes =
  (orderAgain: OrderAgain, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.order, { preHandler: guards.requireUser }, (request) =>
      orderAgain.order(authOf(request).user, request.params.ordnum),
    );

    route(app, api.invoice, { preHandler: guards.requireUser }, (request) =>
      orderAgain.invoice(authOf(request).user, request.params.invnum),
    );
  };
