import { ErrorBody } from '../common.ts';
import { defineRoute } from '../route.ts';
import {
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
} from '../staff-payments.ts';

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

/**
 * The back office's money section: orders and invoices of any account, their card payments, refunds and voids
 * (admin and accounting only).
 */
export const staffPaymentsContract = {
  listInvoices: defineRoute({
    method: 'GET',
    path: '/api/staff/invoices',
    tags,
    summary: 'Invoices of every account (paged, sorted, searched by account, number and date)',
    query: StaffInvoicesQuery,
    response: { 200: StaffInvoicesResponse, ...errors },
  }),
  listOrders: defineRoute({
    method: 'GET',
    path: '/api/staff/orders',
    tags,
    summary: 'Orders of every account (paged, sorted, searched by account, number and date)',
    query: StaffOrdersQuery,
    response: { 200: StaffOrdersResponse, ...errors },
  }),
  order: defineRoute({
    method: 'GET',
    path: '/api/staff/orders/:ordnum',
    tags,
    summary: 'One order of any account with its lines and invoice numbers',
    params: StaffOrderParams,
    response: { 200: StaffOrderResponse, ...errors },
  }),
  invoice: defineRoute({
    method: 'GET',
    path: '/api/staff/invoices/:invnum',
    tags,
    summary: 'One invoice of any account with its card payments, refunds and voids',
    params: StaffInvoiceParams,
    response: { 200: StaffInvoiceResponse, ...errors },
  }),
  refundPayment: defineRoute({
    method: 'POST',
    path: '/api/staff/payments/:id/refund',
    tags,
    summary:
      'Refund all or part of a settled card payment (admin, accounting; header Idempotency-Key required)',
    params: StaffPaymentParams,
    body: StaffRefundRequest,
    response: { 200: StaffAdjustmentResponse, ...errors },
  }),
  voidPayment: defineRoute({
    method: 'POST',
    path: '/api/staff/payments/:id/void',
    tags,
    summary: 'Void a card payment before it settles (admin, accounting; header Idempotency-Key required)',
    params: StaffPaymentParams,
    response: { 200: StaffAdjustmentResponse, ...errors },
  }),
};
