import { PaymentBatchSearchRequest, PaymentBatchSearchResponse } from '../account-area.ts';
import { ErrorBody } from '../common.ts';
import {
  BatchInvoicesRequest,
  BillingMethodParams,
  BillingMethodResponse,
  BTokenQuery,
  BTokenResponse,
  CreateBillingMethodRequest,
  MakeBatchPaymentsResponse,
  MakePaymentRequest,
  MakePaymentResponse,
  SumBatchPaymentsResponse,
  UpdateBillingMethodRequest,
} from '../payments.ts';
import { defineRoute } from '../route.ts';

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

/** Card payments of the signed-in user: one invoice, a batch of invoices, and the saved cards. */
export const paymentsContract = {
  searchPaymentBatches: defineRoute({
    method: 'POST',
    right: 'prices',
    path: '/api/searchPaymentBatch',
    tags,
    summary: "The user's batch payments, optionally of one batch",
    body: PaymentBatchSearchRequest,
    response: { 200: PaymentBatchSearchResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
  }),
  gatewayConfig: defineRoute({
    method: 'GET',
    right: 'pay',
    path: '/api/admin/accountBToken',
    tags,
    summary: "The configured gateway's hosted card-field configuration",
    query: BTokenQuery,
    response: { 200: BTokenResponse, ...errors },
  }),
  makePayment: defineRoute({
    method: 'POST',
    right: 'pay',
    path: '/api/admin/makePayment',
    tags,
    summary: 'Pay an invoice with a saved card or a hosted-field token (header Idempotency-Key required)',
    body: MakePaymentRequest,
    response: { 200: MakePaymentResponse, ...errors },
  }),
  addBillingMethod: defineRoute({
    method: 'POST',
    right: 'pay',
    path: '/api/admin/accountBillingMethods',
    tags,
    summary: 'Add a card (vaulted through the hosted fields)',
    body: CreateBillingMethodRequest,
    response: { 200: BillingMethodResponse, ...errors },
  }),
  updateBillingMethod: defineRoute({
    method: 'PUT',
    right: 'pay',
    path: '/api/admin/accountBillingMethods/:id',
    tags,
    summary: 'Edit a card, or make it the default ({ default: true })',
    params: BillingMethodParams,
    body: UpdateBillingMethodRequest,
    response: { 200: BillingMethodResponse, ...errors },
  }),
  removeBillingMethod: defineRoute({
    method: 'DELETE',
    right: 'pay',
    path: '/api/admin/accountBillingMethods/:id',
    tags,
    summary: 'Remove a card',
    params: BillingMethodParams,
    response: { 200: BillingMethodResponse, ...errors },
  }),
  sumBatchPayments: defineRoute({
    method: 'POST',
    right: 'pay',
    path: '/api/sumBatchPayments',
    tags,
    summary: "The default card's last four and the ticked invoices' sum",
    body: BatchInvoicesRequest,
    response: { 200: SumBatchPaymentsResponse, ...errors },
  }),
  makeBatchPayments: defineRoute({
    method: 'POST',
    right: 'pay',
    path: '/api/makeBatchPayments',
    tags,
    summary: 'Pay the ticked invoices with the default card; a job charges them (answers at once)',
    body: BatchInvoicesRequest,
    response: { 200: MakeBatchPaymentsResponse, ...errors },
  }),
};
