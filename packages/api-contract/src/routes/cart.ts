import { CartResponse, UpdateCartRequest } from '../cart.ts';
import { ErrorBody } from '../common.ts';
import { defineRoute } from '../route.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** The signed-in buyer's cart (placing it as an order is the orders' table). */
export const cartContract = {
  getCart: defineRoute({
    method: 'GET',
    right: 'order',
    path: '/api/getCart',
    tags: ['Cart'],
    summary: 'The cart, every line re-priced from the catalogue',
    response: { 200: CartResponse, ...errors },
  }),
  updateCart: defineRoute({
    method: 'POST',
    right: 'order',
    path: '/api/updateCart',
    tags: ['Cart'],
    summary: 'Replace the cart; the server re-checks and re-prices every line (client prices are ignored)',
    body: UpdateCartRequest,
    response: { 200: CartResponse, ...errors },
  }),
};
