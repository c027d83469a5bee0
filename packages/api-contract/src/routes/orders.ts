import { ListOrderDetailsRequest, OrderListRequest, OrderListResponse } from '../account-area.ts';
import { PlaceOrderRequest, PlaceOrderResponse } from '../cart.ts';
import { RecentPurchasesQuery, RecentPurchasesResponse } from '../catalogue.ts';
import { ErrorBody } from '../common.ts';
import { OrderDetailsQuery, OrderDetailsResponse } from '../orders.ts';
import { defineRoute } from '../route.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['Orders'];

/** Placing the cart as an order, the signed-in user's orders, and what the account bought lately. */
export const ordersContract = {
  placeOrder: defineRoute({
    method: 'POST',
    right: 'order',
    path: '/api/admin/orders',
    tags,
    summary: 'Place the cart as an order with an optional PO number',
    body: PlaceOrderRequest,
    response: { 200: PlaceOrderResponse, ...errors, 422: ErrorBody },
  }),
  orderDetails: defineRoute({
    method: 'GET',
    right: 'prices',
    path: '/api/admin/ordersDetails',
    tags,
    summary: "One of the signed-in user's orders",
    query: OrderDetailsQuery,
    response: { 200: OrderDetailsResponse, ...errors, 422: ErrorBody },
  }),
  recentPurchases: defineRoute({
    method: 'GET',
    right: 'prices',
    path: '/api/recentPurchases',
    tags,
    summary: "The signed-in account's recently purchased products, newest first",
    query: RecentPurchasesQuery,
    response: { 200: RecentPurchasesResponse, ...errors },
  }),
  listOrders: defineRoute({
    method: 'POST',
    right: 'prices',
    path: '/api/accountOrders',
    aliases: ['/orders/listOrders'],
    tags,
    summary: "The user's orders with their invoices: filters, server paging and a whitelisted sort",
    body: OrderListRequest,
    response: { 200: OrderListResponse, ...errors },
  }),
  listOrderDetails: defineRoute({
    method: 'POST',
    right: 'prices',
    path: '/orders/listOrderDetails',
    tags,
    summary: "One of the user's orders (body orderid)",
    body: ListOrderDetailsRequest,
    response: { 200: OrderDetailsResponse, ...errors },
  }),
};
