import { ErrorBody } from '../common.ts';
import { AddLinesResponse, InvnumParams, OrdnumParams } from '../lists.ts';
import { defineRoute } from '../route.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const tags = ['Cart'];

/** Order again: a past order's or invoice's lines into the cart at today's prices and stock, line by line. */
export const orderAgainContract = {
  order: defineRoute({
    method: 'POST',
    right: 'order',
    path: '/api/orders/:ordnum/order-again',
    tags,
    summary:
      "Put an order's lines into the cart again, through the cart's rules; answers what changed by line",
    params: OrdnumParams,
    response: { 200: AddLinesResponse, ...errors },
  }),
  invoice: defineRoute({
    method: 'POST',
    right: 'order',
    path: '/api/invoices/:invnum/order-again',
    tags,
    summary:
      "Put an invoice's lines into the cart again, through the cart's rules; answers what changed by line",
    params: InvnumParams,
    response: { 200: AddLinesResponse, ...errors },
  }),
};
