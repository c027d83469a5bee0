import {
  type CartItemInput,
  contract,
  IDEMPOTENCY_KEY,
  IDEMPOTENCY_KEY_MESSAGE,
  type PosOrderLine,
  type ShopApiScope,
} from '@mitrebox/api-contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { route } from '../../platform/contract-routes.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import { posProductsPage } from '../catalogue/pos-products.ts';
import { invoicesOfAccount } from '../invoices/invoice-list.ts';
import { listOrders } from '../orders/order-list.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { posOf, posSecurity, requirePosScope } from './pos-guard.ts';
import type { ShopApiService } from './shop-api.service.ts';

const { shopApi: api } = contract;
const docs = { security: posSecurity };

export interface ShopApiDeps {
  db: Db;
  config: Pick<Config, 'POS_RATE_LIMIT_PER_MINUTE' | 'CUSTOMER_SERVICE_PHONE' | 'BUSINESS_TZ'>;
  keys: ShopApiService;
  orders: OrdersService;
}

/** A point-of-sale line as the cart reads one: the same inputs the add-to-cart dialog sends. */
const toCartInput = (l: PosOrderLine): CartItemInput => ({
  Code: l.code,
  productSelection: {
    type: l.type,
    quantity: l.quantity ?? (l.type === 'length' ? null : 1),
    length: l.length ?? null,
    location: l.warehouse,
    dimension: l.size ?? null,
    instructions: l.instructions ?? null,
  },
  backtype: l.backorder ?? null,
});

/** The cart names a refused line 'cartdata.3'; here it is the request's 'lines.3'. */
function asLines(err: unknown): unknown {
  if (!(err instanceof AppError) || !err.fields) return err;
  const fields = Object.fromEntries(
    Object.entries(err.fields).map(([k, v]) => [
      k === 'poNumber' ? 'po_number' : k.replace(/^cartdata\./, 'lines.'),
      v,
    ]),
  );
  return new AppError(err.code, err.status, err.message, fields);
}

/** The path a call is audited under: no query string beyond 300 characters. */
const auditedPath = (request: FastifyRequest) => request.url.slice(0, 300);

/**
 * The account's API keys in My Account (the owner: right 'manage', from the contract), and the point-of-sale API
 * under /api/pos/v1 called with one: each call rate-limited per key and audited.
 */
export const shopApiRoutes =
  (deps: ShopApiDeps, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config, keys, orders } = deps;
    const acctnumOf = (request: FastifyRequest) => authOf(request).user.accounts[0].Acctnum;
    const owner = { preHandler: guards.requireUser };

    route(app, api.listKeys, owner, async (request) => ({ data: await keys.listKeys(acctnumOf(request)) }));
    route(app, api.createKey, owner, async (request, reply) =>
      reply.code(201).send(await keys.createKey(acctnumOf(request), authOf(request).user, request.body)),
    );
    route(app, api.revokeKey, owner, async (request) => ({
      data: await keys.revokeKey(acctnumOf(request), request.params.id),
    }));
    route(app, api.recentCalls, owner, async (request) => ({
      data: await keys.recentCalls(acctnumOf(request)),
    }));

    // ---- the point-of-sale API: the key's guard first, then its rate limit (keyed by the key), then the route
    const withScope = (scope: ShopApiScope) => ({
      onRequest: requirePosScope(keys, scope, config.CUSTOMER_SERVICE_PHONE),
      config: {
        rateLimit: {
          max: config.POS_RATE_LIMIT_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `pos:${request.pos?.prefix ?? request.ip}`,
        },
      },
      docs,
    });
    // every call of a known key is audited, whatever its answer (a refusal, a 429, an error): before it is sent.
    // It reads the key the guard found, the method, the first 300 characters of the URL and the status — never the
    // body or the answer — and writes one row. A failed write is logged: the answer stays what the call did.
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.pos) return payload;
      const call = { method: request.method, path: auditedPath(request), status: reply.statusCode };
      await keys.recordCall(request.pos, call).catch((err: unknown) => {
        request.log.error({ err, keyId: request.pos?.keyId, ...call }, 'point-of-sale call not audited');
      });
      return payload;
    });

    route(app, api.products, withScope('catalogue:read'), async (request) => {
      const pos = posOf(request);
      const q = request.query;
      const page = await posProductsPage(db, pos.user.accounts[0], {
        after: q.cursor ? Buffer.from(q.cursor, 'base64url').toString('utf8') : '',
        limit: q.limit,
        updatedSince: q.updatedSince ? new Date(q.updatedSince) : undefined,
        collection: q.collection,
        type: q.type,
        withStock: pos.scopes.includes('stock:read'),
      });
      return {
        data: page.data,
        next_cursor: page.next === null ? null : Buffer.from(page.next, 'utf8').toString('base64url'),
      };
    });

    route(app, api.placeOrder, withScope('orders:write'), async (request, reply) => {
      const pos = posOf(request);
      const given = request.headers['idempotency-key'];
      const key = typeof given === 'string' ? given.trim() : '';
      if (!IDEMPOTENCY_KEY.test(key)) throw badRequest(IDEMPOTENCY_KEY_MESSAGE);
      const placed = await orders
        .placeLines(pos.user, {
          poNumber: request.body.po_number ?? null,
          lines: request.body.lines.map(toCartInput),
          sourceKey: `pos:${pos.acctnum}:${key}`,
        })
        .catch((err: unknown) => {
          throw asLines(err);
        });
      const order = await orders.orderDetails(pos.user, placed.orderNumber);
      return reply
        .code(201)
        .header('idempotent-replayed', placed.created ? 'false' : 'true')
        .send({ data: order });
    });

    route(app, api.orders, withScope('orders:read'), async (request) => {
      const pos = posOf(request);
      const { page, perPage } = request.query;
      const list = await listOrders(
        db,
        [pos.acctnum],
        { page, perPage, orderCol: 'OrdDate', orderDir: 'desc' },
        config.BUSINESS_TZ,
      );
      return { data: list.data, total: list.total };
    });

    route(app, api.order, withScope('orders:read'), async (request) => ({
      data: await orders.orderDetails(posOf(request).user, request.params.ordnum),
    }));

    route(app, api.invoices, withScope('orders:read'), async (request) => {
      const { page, perPage } = request.query;
      return invoicesOfAccount(db, posOf(request).acctnum, page, perPage);
    });
  };
