import { ListOrderDetailsRequest, OrderListRequest, OrderListResponse } from '../account-area.ts';
import { RecentPurchasesQuery, RecentPurchasesResponse } from '../catalogue.ts';
import { ErrorBody } from '../common.ts';
import { OrderDetailsResponse } from '../orders.ts';
import { defineRoute } from '../route.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['Orders'];

/** The signed-in user's orders and what the account bought lately. */
export const ordersContract = {
  recentPurchases: defineRoute({
    method: 'GET',
    path: '/api/recentPurchases',
    tags,
    summary: "The signed-in account's recently purchased products, newest first",
    query: RecentPurchasesQuery,
    response: { 200: RecentPurchasesResponse, ...errors },
  }),
  listOrders: defineRoute({
    method: 'POST',
    path: '/api/accountOrders',
    aliases: ['/orders/listOrders'],
    tags,
    summary: "The user's orders with their invoices: filters, server paging and a whitelisted sort",
    body: OrderListRequest,
    response: { 200: OrderListResponse, ...errors },
  }),
  listOrderDetails: defineRoute({
    method: 'POST',
    path: '/orders/listOrderDetails',
    tags,
    summary: "One of the user's orders (body orderid)",
    body: ListOrderDetailsRequest,
    response: { 200: OrderDetailsResponse, ...errors },
  }),
};
