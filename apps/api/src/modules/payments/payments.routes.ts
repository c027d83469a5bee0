import { ErrorBody, PaymentBatchSearchRequest, PaymentBatchSearchResponse } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { scopeAccounts } from '../accounts/scope.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import { searchPaymentBatches } from './payments.service.ts';

export const paymentsRoutes =
  (deps: { db: Db }, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/searchPaymentBatch',
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['Payments'],
          summary: "The user's batch payments, optionally of one batch",
          body: PaymentBatchSearchRequest,
          response: { 200: PaymentBatchSearchResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => {
        const { page, perPage, batchId } = request.body;
        return searchPaymentBatches(deps.db, scopeAccounts(authOf(request).user), {
          page,
          perPage,
          batchId: typeof batchId === 'number' ? batchId : null,
        });
      },
    );
  };
