import { staffMessages } from '@mitrebox/domain';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../platform/errors.ts';
import { type Authenticate, bearerToken } from '../auth/auth.guard.ts';

/**
 * Calls that change nothing although they are not GETs (searches and lists sent as POST, sign-out): the only
 * non-GET calls a read-only "view as" session may make. Every other POST, PUT, PATCH and DELETE of such a
 * session is refused (403) before it is read — a new route is refused unless it is added here.
 */
export const READ_ONLY_CALLS = new Set([
  'POST /api/logout',
  'POST /api/tokenLogin',
  'POST /user/getUserDetails',
  'POST /api/accountOrders',
  'POST /orders/listOrders',
  'POST /orders/listOrderDetails',
  'POST /api/searchPaymentBatch',
  'POST /api/sumBatchPayments',
  'POST /api/framebuilder/buildFrame',
  'POST /api/framebuilder/buildFilters',
  'POST /api/framebuilder/parts',
  'POST /api/framebuilder/getSavedFrames',
  'POST /api/framebuilder/quote',
]);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses every changing call of a view-as session (sessions.view_as_by set), whatever route it names. */
export function registerViewAsGuard(app: FastifyInstance, authenticate: Authenticate): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const token = bearerToken(request);
    if (!token) return;
    request.auth ??= await authenticate(token);
    if (request.auth?.session.viewAsBy == null) return;
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    if (!READ_ONLY_CALLS.has(route)) throw forbidden(staffMessages.viewAsReadOnly);
  });
}
