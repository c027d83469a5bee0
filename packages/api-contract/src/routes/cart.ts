import { CartResponse, PlaceOrderRequest, PlaceOrderResponse, UpdateCartRequest } from '../cart.ts';
import { ErrorBody } from '../common.ts';
import { OrderDetailsQuery, OrderDetailsResponse } from '../orders.ts';
import { defineRoute } from '../route.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** The signed-in buyer's cart and placing it as an order. */
export const cartContract = {
  getCart: defineRoute({
    method: 'GET',
    path: '/api/getCart',
    tags: ['Cart'],
    summary: 'The cart, every line re-priced from the catalogue',
    response: { 200: CartResponse, ...errors },
  }),
  updateCart: defineRoute({
    method: 'POST',
    path: '/api/updateCart',
    tags: ['Cart'],
    summary: 'Replace the cart; the server re-checks and re-prices every line (client prices are ignored)',
    body: UpdateCartRequest,
    response: { 200: CartResponse, ...errors },
  }),
  placeOrder: defineRoute({
    method: 'POST',
    path: '/api/admin/orders',
    tags: ['Orders'],
    summary: 'Place the cart as an order with an optional PO number',
    body: PlaceOrderRequest,
    response: { 200: PlaceOrderResponse, ...errors },
  }),
  orderDetails: defineRoute({
    method: 'GET',
    path: '/api/admin/ordersDetails',
    tags: ['Orders'],
    summary: "One of the signed-in user's orders",
    query: OrderDetailsQuery,
    response: { 200: OrderDetailsResponse, ...errors },
  }),
};
