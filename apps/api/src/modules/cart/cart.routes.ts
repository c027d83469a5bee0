import {
  CartResponse,
  ErrorBody,
  OrderDetailsQuery,
  OrderDetailsResponse,
  PlaceOrderRequest,
  PlaceOrderResponse,
  UpdateCartRequest,
} from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { CartService } from './cart.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };

export const cartRoutes =
  (cart: CartService, orders: OrdersService, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/getCart',
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['Cart'],
          summary: 'The cart, every line re-priced from the catalogue',
          response: { 200: CartResponse, ...errors },
        },
      },
      (request) => cart.getCart(authOf(request).user),
    );

    app.post(
      '/api/updateCart',
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['Cart'],
          summary:
            'Replace the cart; the server re-checks and re-prices every line (client prices are ignored)',
          body: UpdateCartRequest,
          response: { 200: CartResponse, ...errors },
        },
      },
      (request) => cart.updateCart(authOf(request).user, request.body.cartdata),
    );

    app.post(
      '/api/admin/orders',
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['Orders'],
          summary: 'Place the cart as an order with an optional PO number',
          body: PlaceOrderRequest,
          response: { 200: PlaceOrderResponse, ...errors },
        },
      },
      (request) => orders.placeOrder(authOf(request).user, request.body),
    );

    app.get(
      '/api/admin/ordersDetails',
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['Orders'],
          summary: "One of the signed-in user's orders",
          querystring: OrderDetailsQuery,
          response: { 200: OrderDetailsResponse, ...errors },
        },
      },
      async (request) => ({ data: await orders.orderDetails(authOf(request).user, request.query.Ordernum) }),
    );
  };
