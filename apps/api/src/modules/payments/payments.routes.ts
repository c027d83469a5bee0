import {
  BatchInvoicesRequest,
  BillingMethodParams,
  BillingMethodResponse,
  BTokenQuery,
  BTokenResponse,
  CreateBillingMethodRequest,
  ErrorBody,
  MakeBatchPaymentsResponse,
  MakePaymentRequest,
  MakePaymentResponse,
  PaymentBatchSearchRequest,
  PaymentBatchSearchResponse,
  SumBatchPaymentsResponse,
  UpdateBillingMethodRequest,
} from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import type { PaymentGateway } from '../../platform/payments/gateway.ts';
import { scopeAccounts } from '../accounts/scope.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import type { PaymentsService } from './payments.service.ts';
import { searchPaymentBatches } from './payments.service.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  500: ErrorBody,
  502: ErrorBody,
};
const tags = ['Payments'];

export const paymentsRoutes =
  (
    deps: { db: Db; gateway: PaymentGateway; payments: PaymentsService },
    guards: Guards,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const { payments } = deps;

    app.post(
      '/api/searchPaymentBatch',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
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

    app.get(
      '/api/admin/accountBToken',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: "The configured gateway's hosted card-field configuration",
          querystring: BTokenQuery,
          response: { 200: BTokenResponse, ...errors },
        },
      },
      // the shop page's origin as the browser reached this API (the sandbox's fields sit beside it)
      async (request) => deps.gateway.clientConfig(`${request.protocol}://${request.host}`),
    );

    app.post(
      '/api/admin/makePayment',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary:
            'Pay an invoice with a saved card or a hosted-field token (header Idempotency-Key required)',
          body: MakePaymentRequest,
          response: { 200: MakePaymentResponse, ...errors },
        },
      },
      async (request, reply) => {
        const key = request.headers['idempotency-key'];
        const answer = await payments.makePayment(
          authOf(request).user,
          request.body,
          Array.isArray(key) ? key[0] : key,
        );
        return reply.code(answer.statusCode).send(answer.body as never);
      },
    );

    app.post(
      '/api/admin/accountBillingMethods',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: 'Add a card (vaulted through the hosted fields)',
          body: CreateBillingMethodRequest,
          response: { 200: BillingMethodResponse, ...errors },
        },
      },
      async (request) => payments.billing.add(authOf(request).user, request.body),
    );

    app.put(
      '/api/admin/accountBillingMethods/:id',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: 'Edit a card, or make it the default ({ default: true })',
          params: BillingMethodParams,
          body: UpdateBillingMethodRequest,
          response: { 200: BillingMethodResponse, ...errors },
        },
      },
      async (request) => payments.billing.update(authOf(request).user, request.params.id, request.body),
    );

    app.delete(
      '/api/admin/accountBillingMethods/:id',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: 'Remove a card',
          params: BillingMethodParams,
          response: { 200: BillingMethodResponse, ...errors },
        },
      },
      async (request) => payments.billing.remove(authOf(request).user, request.params.id),
    );

    app.post(
      '/api/sumBatchPayments',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: "The default card's last four and the ticked invoices' sum",
          body: BatchInvoicesRequest,
          response: { 200: SumBatchPaymentsResponse, ...errors },
        },
      },
      async (request) =>
        payments.batch.sum(
          authOf(request).user,
          request.body.map((r) => r.invoiceid),
        ),
    );

    app.post(
      '/api/makeBatchPayments',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: 'Pay the ticked invoices with the default card; a job charges them (answers at once)',
          body: BatchInvoicesRequest,
          response: { 200: MakeBatchPaymentsResponse, ...errors },
        },
      },
      async (request) => {
        const answer = await payments.batch.make(
          authOf(request).user,
          request.body.map((r) => r.invoiceid),
        );
        payments.kickBatchJob();
        return answer;
      },
    );
  };
