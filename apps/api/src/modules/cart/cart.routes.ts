import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import type { CartService } from './cart.service.ts';

const { cart: api } = contract;

export const cartRoutes =
  (cart: CartService, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.getCart, { preHandler: guards.requireUser }, (request) =>
      cart.getCart(authOf(request).user),
    );

    route(app, api.updateCart, { preHandler: guards.requireUser }, (request) =>
      cart.updateCart(authOf(request).user, request.body.cartdata),
    );
  };
