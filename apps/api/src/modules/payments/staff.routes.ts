import {
  ErrorBody,
  StaffAdjustmentResponse,
  StaffInvoiceParams,
  StaffInvoiceResponse,
  StaffInvoicesQuery,
  StaffInvoicesResponse,
  StaffOrderParams,
  StaffOrderResponse,
  StaffOrdersQuery,
  StaffOrdersResponse,
  StaffPaymentParams,
  StaffRefundRequest,
} from '@mitrebox/api-contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import type { PaymentGateway } from '../../platform/payments/gateway.ts';
import { staffOf as staffMemberOf } from '../auth/auth.guard.ts';
import { createStaffMoney, type StaffMember } from './staff-money.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  502: ErrorBody,
};
const tags = ['Staff: orders, invoices and payments'];

const staffOf = (request: FastifyRequest): StaffMember => {
  const staff = staffMemberOf(request);
  return { id: staff.id, email: staff.email, role: staff.role, requestId: String(request.id) };
};
const keyOf = (request: FastifyRequest) => {
  const key = request.headers['idempotency-key'];
  return Array.isArray(key) ? key[0] : key;
};

/**
 * The back office's money section (registered under /api/staff by the staff scope, which signs every route
 * in): orders and invoices of any account, their payments, refunds and voids (admin and accounting only).
 */
export const staffPaymentsRoutes =
  (deps: { db: Db; gateway: PaymentGateway }): FastifyPluginAsyncZod =>
  async (app) => {
    const money = createStaffMoney({ db: deps.db, gateway: deps.gateway, log: app.log });

    /** A paged list of every account's documents. */
    const list = <Q extends z.ZodType>(
      url: string,
      summary: string,
      querystring: Q,
      response: z.ZodType,
      handler: (query: z.infer<Q>) => Promise<unknown>,
    ) =>
      app.get(
        url,
        {
          schema: {
            tags,
            summary,
            querystring,
            security: [{ bearer: [] }],
            response: { 200: response, ...errors },
          },
        },
        async (request) => handler(request.query as z.infer<Q>),
      );

    /**
     * A refund or a void of a card payment: the same path to the gateway, the same idempotency, the same
     * answer; a refund's body names the amount.
     */
    const adjustment = (kind: 'refund' | 'void', summary: string) =>
      app.post(
        `/payments/:id/${kind}`,
        {
          schema: {
            tags,
            summary,
            params: StaffPaymentParams,
            ...(kind === 'refund' ? { body: StaffRefundRequest } : {}),
            security: [{ bearer: [] }],
            response: { 200: StaffAdjustmentResponse, ...errors },
          },
        },
        async (request, reply) => {
          const answer = await money.adjust(
            staffOf(request),
            request.params.id,
            kind === 'refund'
              ? { kind, amount: (request.body as z.infer<typeof StaffRefundRequest>).amount }
              : { kind },
            keyOf(request),
          );
          return reply.code(answer.statusCode).send(answer.body as never);
        },
      );

    list(
      '/invoices',
      'Invoices of every account (paged, sorted, searched by account, number and date)',
      StaffInvoicesQuery,
      StaffInvoicesResponse,
      (query) => money.listInvoices(query),
    );
    list(
      '/orders',
      'Orders of every account (paged, sorted, searched by account, number and date)',
      StaffOrdersQuery,
      StaffOrdersResponse,
      (query) => money.listOrders(query),
    );

    app.get(
      '/orders/:ordnum',
      {
        schema: {
          tags,
          summary: 'One order of any account with its lines and invoice numbers',
          params: StaffOrderParams,
          security: [{ bearer: [] }],
          response: { 200: StaffOrderResponse, ...errors },
        },
      },
      async (request) => money.order(request.params.ordnum),
    );

    app.get(
      '/invoices/:invnum',
      {
        schema: {
          tags,
          summary: 'One invoice of any account with its card payments, refunds and voids',
          params: StaffInvoiceParams,
          security: [{ bearer: [] }],
          response: { 200: StaffInvoiceResponse, ...errors },
        },
      },
      async (request) => money.invoice(request.params.invnum),
    );

    adjustment(
      'refund',
      'Refund all or part of a settled card payment (admin, accounting; header Idempotency-Key required)',
    );
    adjustment(
      'void',
      'Void a card payment before it settles (admin, accounting; header Idempotency-Key required)',
    );
  };
