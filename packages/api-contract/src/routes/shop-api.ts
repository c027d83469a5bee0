import { z } from 'zod';
import { OrderListRow } from '../account-area.ts';
import { ErrorBody } from '../common.ts';
import { Order } from '../orders.ts';
import { defineRoute } from '../route.ts';
import {
  PosInvoicePage,
  PosListQuery,
  PosOrderInput,
  PosOrdnumParams,
  PosProductPage,
  PosProductsQuery,
  ShopApiCallList,
  ShopApiKey,
  ShopApiKeyCreated,
  ShopApiKeyIdParams,
  ShopApiKeyInput,
  ShopApiKeyList,
} from '../shop-api.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const keyTags = ['Account: API keys'];
/** The point-of-sale routes' own section of the OpenAPI document. */
const tags = ['Point of sale API'];
const posErrors = { ...errors, 429: ErrorBody };

/**
 * The account's API keys for the frame shop's own software (the owner: right 'manage'), and the point-of-sale API
 * that software calls with one, under /api/pos/v1.
 */
export const shopApiContract = {
  listKeys: defineRoute({
    method: 'GET',
    path: '/api/account/api-keys',
    tags: keyTags,
    summary: "The account's API keys (never the keys themselves), newest first",
    response: { 200: ShopApiKeyList, ...errors },
    right: 'manage',
  }),
  createKey: defineRoute({
    method: 'POST',
    path: '/api/account/api-keys',
    tags: keyTags,
    summary: 'Make an API key with scopes; the key is in this answer only',
    body: ShopApiKeyInput,
    response: { 201: ShopApiKeyCreated, ...errors },
    right: 'manage',
  }),
  revokeKey: defineRoute({
    method: 'DELETE',
    path: '/api/account/api-keys/:id',
    tags: keyTags,
    summary: 'Revoke an API key: it is refused from this moment',
    params: ShopApiKeyIdParams,
    response: { 200: z.object({ data: ShopApiKey }), 404: ErrorBody, ...errors },
    right: 'manage',
  }),
  recentCalls: defineRoute({
    method: 'GET',
    path: '/api/account/api-keys/calls',
    tags: keyTags,
    summary: 'The last 100 calls made with the account’s keys',
    response: { 200: ShopApiCallList, ...errors },
    right: 'manage',
  }),

  products: defineRoute({
    method: 'GET',
    path: '/api/pos/v1/products',
    tags,
    summary:
      'Products with the account’s net prices (scope catalogue:read) and stock per warehouse (with stock:read), by item #, a page at a time: pass next_cursor as cursor',
    query: PosProductsQuery,
    response: { 200: PosProductPage, ...posErrors },
  }),
  placeOrder: defineRoute({
    method: 'POST',
    path: '/api/pos/v1/orders',
    tags,
    summary:
      'Place an order (scope orders:write) under the cart’s rules. Idempotency-Key header required: the same key again answers the same order',
    body: PosOrderInput,
    response: { 201: z.object({ data: Order }), 422: ErrorBody, ...posErrors },
  }),
  orders: defineRoute({
    method: 'GET',
    path: '/api/pos/v1/orders',
    tags,
    summary: 'The account’s orders, newest first, with their invoices (scope orders:read)',
    query: PosListQuery,
    response: { 200: z.object({ data: z.array(OrderListRow), total: z.number().int() }), ...posErrors },
  }),
  order: defineRoute({
    method: 'GET',
    path: '/api/pos/v1/orders/:ordnum',
    tags,
    summary: 'One order of the account with its lines (scope orders:read)',
    params: PosOrdnumParams,
    response: { 200: z.object({ data: Order }), 404: ErrorBody, ...posErrors },
  }),
  invoices: defineRoute({
    method: 'GET',
    path: '/api/pos/v1/invoices',
    tags,
    summary: 'The account’s invoices and credit memos, newest first (scope orders:read)',
    query: PosListQuery,
    response: { 200: PosInvoicePage, ...posErrors },
  }),
};
