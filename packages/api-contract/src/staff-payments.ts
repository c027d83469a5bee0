import { z } from 'zod';

/**
 * The back office's money screens (docs/decisions/012-card-payments.md, 022-staff-role-matrix.md): orders and
 * invoices of any account with their card payments, refunds and voids. Under /api/staff/…, staff only; refund and
 * void for admin and accounting only.
 */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .optional();

const listQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(25),
  dir: z.enum(['asc', 'desc']).default('desc'),
  /** an account number (or its start), or a document number */
  q: z.string().max(60).optional(),
  acctnum: z.string().max(20).optional(),
  from: day,
  to: day,
};

export const StaffInvoicesQuery = z.object({
  ...listQuery,
  sort: z.enum(['invnum', 'acctnum', 'invDate', 'invamt', 'balance', 'paystatus']).default('invDate'),
});
export const StaffOrdersQuery = z.object({
  ...listQuery,
  sort: z.enum(['ordnum', 'acctnum', 'ordDate', 'custPo', 'invTotal', 'status']).default('ordDate'),
});

/** pending: not yet taken by the ERP (account-area: synced ≠ 1); synced: taken; invoiced: has an invoice. */
export const StaffOrderStatus = z.enum(['pending', 'synced', 'invoiced']);
export type StaffOrderStatus = z.infer<typeof StaffOrderStatus>;

const money = z.string();

export const StaffInvoicesResponse = z.object({
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  rows: z.array(
    z.object({
      invnum: z.number().int(),
      ordnum: z.number().int().nullable(),
      acctnum: z.string(),
      invDate: z.string(),
      invamt: money,
      payamt: money,
      balance: money,
      paystatus: z.number().int(),
    }),
  ),
});
export type StaffInvoicesResponse = z.infer<typeof StaffInvoicesResponse>;

export const StaffOrdersResponse = z.object({
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  rows: z.array(
    z.object({
      ordnum: z.number().int(),
      acctnum: z.string(),
      ordDate: z.string(),
      location: z.string(),
      custPo: z.string().nullable(),
      itemTotal: money,
      /** the account's company name (null when the account is gone) */
      company: z.string().nullable(),
      status: StaffOrderStatus,
      invTotal: money,
    }),
  ),
});
export type StaffOrdersResponse = z.infer<typeof StaffOrdersResponse>;

export const StaffOrderParams = z.object({ ordnum: z.coerce.number().int().min(1).max(2_147_483_647) });

/** GET /api/staff/orders/{ordnum}: one order of any account with its lines and invoices. */
export const StaffOrderResponse = z.object({
  ordnum: z.number().int(),
  acctnum: z.string(),
  company: z.string().nullable(),
  status: StaffOrderStatus,
  ordDate: z.string(),
  dueDate: z.string().nullable(),
  location: z.string(),
  custPo: z.string().nullable(),
  terms: z.string().nullable(),
  shipvia: z.string().nullable(),
  operator: z.string().nullable(),
  shipTo: z.object({
    company: z.string().nullable(),
    address1: z.string().nullable(),
    address2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
  }),
  itemTotal: money,
  discount: money,
  tax: money,
  shipping: money,
  packing: money,
  invTotal: money,
  invoiceNumbers: z.array(z.number().int()),
  lines: z.array(
    z.object({
      seqnum: z.number().int(),
      qty: z.string(),
      code: z.string(),
      description: z.string().nullable(),
      /** order type: L length, C chop, J join, E exact, B box, blank for items */
      pcode: z.string().nullable(),
      location: z.string().nullable(),
      unitPrice: money,
      totPrice: money,
      /** "H x W" in inches with sixteenths, when the line has a size */
      size: z.string().nullable(),
      instructions: z.string().nullable(),
      shipQty: z.string().nullable(),
      backorderQty: z.string().nullable(),
    }),
  ),
});
export type StaffOrderResponse = z.infer<typeof StaffOrderResponse>;

export const StaffInvoiceParams = z.object({ invnum: z.coerce.number().int().min(1).max(2_147_483_647) });
export const StaffPaymentParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const StaffInvoiceResponse = z.object({
  invnum: z.number().int(),
  ordnum: z.number().int().nullable(),
  acctnum: z.string(),
  invDate: z.string(),
  invamt: money,
  payamt: money,
  balance: money,
  paystatus: z.number().int(),
  payments: z.array(
    z.object({
      id: z.number().int(),
      amount: money,
      /** refunded or voided so far */
      refunded: money,
      status: z.string(),
      gateway: z.string(),
      transactionId: z.string().nullable(),
      lastFour: z.string().nullable(),
      cardType: z.string().nullable(),
      message: z.string().nullable(),
      batchId: z.number().int().nullable(),
      createdAt: z.string(),
      adjustments: z.array(
        z.object({
          id: z.number().int(),
          kind: z.string(),
          amount: money,
          status: z.string(),
          message: z.string().nullable(),
          createdAt: z.string(),
        }),
      ),
    }),
  ),
});
export type StaffInvoiceResponse = z.infer<typeof StaffInvoiceResponse>;

/** POST /api/staff/payments/{id}/refund: all that is left (no amount) or part of it. Header Idempotency-Key. */
export const StaffRefundRequest = z.object({ amount: z.string().max(20).optional() });

export const StaffAdjustmentResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  adjustmentId: z.number().int(),
  amount: money,
  invoice: z.object({ payamt: money, balance: money, paystatus: z.number().int() }).nullable(),
});
export type StaffAdjustmentResponse = z.infer<typeof StaffAdjustmentResponse>;
