import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import type { Db } from '../../platform/db.ts';
import type { PaymentGateway } from '../../platform/payments/gateway.ts';
import { scopeAccounts } from '../accounts/scope.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import type { PaymentsService } from './payments.service.ts';
import { searchPaymentBatches } from './payments.service.ts';

const { payments: api } = contract;

export const paymentsRoutes =
  (
    deps: { db: Db; gateway: PaymentGateway; payments: PaymentsService },
    guards: Guards,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const { payments } = deps;

    route(app, api.searchPaymentBatches, { preHandler: guards.requireUser }, async (request) => {
      const { page, perPage, batchId } = request.body;
      return searchPaymentBatches(deps.db, scopeAccounts(authOf(request).user), {
        page,
        perPage,
        batchId: typeof batchId === 'number' ? batchId : null,
      });
    });

    // the shop page's origin as the browser reached this API (the sandbox's fields sit beside it)
    route(app, api.gatewayConfig, { preHandler: guards.requireUser }, async (request) =>
      deps.gateway.clientConfig(`${request.protocol}://${request.host}`),
    );

    route(app, api.makePayment, { preHandler: guards.requireUser }, async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const answer = await payments.makePayment(
        authOf(request).user,
        request.body,
        Array.isArray(key) ? key[0] : key,
      );
      return reply.code(answer.statusCode).send(answer.body);
    });

    route(app, api.addBillingMethod, { preHandler: guards.requireUser }, async (request) =>
      payments.billing.add(authOf(request).user, request.body),
    );

    route(app, api.updateBillingMethod, { preHandler: guards.requireUser }, async (request) =>
      payments.billing.update(authOf(request).user, request.params.id, request.body),
    );

    route(app, api.removeBillingMethod, { preHandler: guards.requireUser }, async (request) =>
      payments.billing.remove(authOf(request).user, request.params.id),
    );

    route(app, api.sumBatchPayments, { preHandler: guards.requireUser }, async (request) =>
      payments.batch.sum(
        authOf(request).user,
        request.body.map((r) => r.invoiceid),
      ),
    );

    route(app, api.makeBatchPayments, { preHandler: guards.requireUser }, async (request) => {
      const answer = await payments.batch.make(
        authOf(request).user,
        request.body.map((r) => r.invoiceid),
      );
      payments.kickBatchJob();
      return answer;
    });
  };
