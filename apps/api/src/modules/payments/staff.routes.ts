import { contract } from '@mitrebox/api-contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import type { Db } from '../../platform/db.ts';
import type { PaymentGateway } from '../../platform/payments/gateway.ts';
import { staffOf as staffMemberOf } from '../auth/auth.guard.ts';
import { createStaffMoney, type StaffMember } from './staff-money.ts';

const { staffPayments: api } = contract;
/** Every back-office route signs in with the staff bearer token. */
const docs = { security: [{ bearer: [] }] };

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
 * A refund and a void of a card payment take the same path to the gateway, the same idempotency and give the
 * same answer; a refund's body names the amount.
 */
export const staffPaymentsRoutes =
  (deps: { db: Db; gateway: PaymentGateway }): FastifyPluginAsyncZod =>
  async (app) => {
    const money = createStaffMoney({ db: deps.db, gateway: deps.gateway, log: app.log });

    route(app, api.listInvoices, { docs }, async (request) => money.listInvoices(request.query));

    route(app, api.listOrders, { docs }, async (request) => money.listOrders(request.query));

    route(app, api.order, { docs }, async (request) => money.order(request.params.ordnum));

    route(app, api.invoice, { docs }, async (request) => money.invoice(request.params.invnum));

    route(app, api.refundPayment, { docs }, async (request, reply) => {
      const refund = { kind: 'refund' as const, amount: request.body.amount };
      const answer = await money.adjust(staffOf(request), request.params.id, refund, keyOf(request));
      return reply.code(answer.statusCode).send(answer.body);
    });

    route(app, api.voidPayment, { docs }, async (request, reply) => {
      const answer = await money.adjust(
        staffOf(request),
        request.params.id,
        { kind: 'void' },
        keyOf(request),
      );
      return reply.code(answer.statusCode).send(answer.body);
    });
  };
