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
    app.get(
      '/invoices',
      {
        schema: {
          tags,
          summary: 'Invoices of every account (paged, sorted, searched by account, number and date)',
          querystring: StaffInvoicesQuery,
          security: [{ bearer: [] }],
          response: { 200: StaffInvoicesResponse, ...errors },
        },
      },
      async (request) => money.listInvoices(request.query),
    );

    app.get(
      '/orders',
      {
        schema: {
          tags,
          summary: 'Orders of every account (paged, sorted, searched by account, number and date)',
          querystring: StaffOrdersQuery,
          security: [{ bearer: [] }],
          response: { 200: StaffOrdersResponse, ...errors },
        },
      },
      async (request) => money.listOrders(request.query),
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

    app.post(
      '/payments/:id/refund',
      {
        schema: {
          tags,
          summary:
            'Refund all or part of a settled card payment (admin, accounting; header Idempotency-Key required)',
          params: StaffPaymentParams,
          body: StaffRefundRequest,
          security: [{ bearer: [] }],
          response: { 200: StaffAdjustmentResponse, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await money.adjust(
          staffOf(request),
          request.params.id,
          { kind: 'refund', amount: request.body.amount },
          keyOf(request),
        );
        return reply.code(answer.statusCode).send(answer.body as never);
      },
    );

    app.post(
      '/payments/:id/void',
      {
        schema: {
          tags,
          summary:
            'Void a card payment before it settles (admin, accounting; header Idempotency-Key required)',
          params: StaffPaymentParams,
          security: [{ bearer: [] }],
          response: { 200: StaffAdjustmentResponse, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await money.adjust(
          staffOf(request),
          request.params.id,
          { kind: 'void' },
          keyOf(request),
        );
        return reply.code(answer.statusCode).send(answer.body as never);
      },
    );
  };
