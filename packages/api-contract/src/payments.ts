import { z } from 'zod';
import { BillingMethod } from './account-area.ts';

const text = (max: number) => z.string().max(max).optional();
const monthOrYear = z.union([z.literal(''), z.coerce.number().int().min(1).max(9999)]).nullish();
const invnum = z.coerce.number().int().positive().max(2_000_000_000);

/** GET /api/admin/accountBToken (param origin): the hosted card-field configuration of the configured gateway. */
export const BTokenQuery = z.object({ origin: z.string().max(300).optional() });
export const BTokenResponse = z.object({
  gateway: z.enum(['sandbox', 'braintree']),
  /** Braintree's client token (braintree); null for the sandbox. */
  clientToken: z.string().nullable(),
  /** The hosted card-field page (sandbox) and the origin its messages come from. */
  fieldsUrl: z.string().nullable(),
  fieldsOrigin: z.string().nullable(),
});
export type BTokenResponse = z.infer<typeof BTokenResponse>;

/**
 * POST /api/admin/makePayment (account-area §7): Invnum plus the payment form. accountBillId is a saved
 * billing method's id or 'manual' (then token is the hosted field's single-use token). The card number and
 * CVV never appear here. Header Idempotency-Key: one per payment attempt.
 */
export const MakePaymentRequest = z.object({
  Invnum: invnum,
  Acctnum: z.string().max(20).optional(),
  accountBillId: z
    .union([z.literal('manual'), z.coerce.number().int().positive().max(2_000_000_000)])
    .nullish(),
  paymentType: text(30),
  token: text(200),
  expmonth: monthOrYear,
  expyear: monthOrYear,
  billing_name: text(120),
  billing_address: text(200),
  billing_city: text(100),
  billing_state: text(30),
  billing_postal: text(20),
  last_four: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  type: text(40),
  /** Typed amount, digits and a dot (account-area §5). */
  amount: z.string().max(30),
});
export type MakePaymentRequest = z.input<typeof MakePaymentRequest>;

export const MakePaymentResponse = z.object({
  success: z.boolean(),
  paymentSuccess: z.boolean(),
  msg: z.string(),
  paymentId: z.number().int().nullable(),
  balance: z.string().nullable(),
  paystatus: z.number().int().nullable(),
});
export type MakePaymentResponse = z.infer<typeof MakePaymentResponse>;

/** POST /api/admin/accountBillingMethods: a new card, vaulted through the hosted field's single-use token. */
export const CreateBillingMethodRequest = z.object({
  Acctnum: z.string().max(20).optional(),
  name: text(60),
  billing_name: text(120),
  billing_address: text(200),
  billing_city: text(100),
  billing_state: text(30),
  billing_postal: text(20),
  expmonth: monthOrYear,
  expyear: monthOrYear,
  token: text(200),
  last_four: z.string().max(4).optional(),
  type: text(40),
  default: z.boolean().optional(),
});
export type CreateBillingMethodRequest = z.input<typeof CreateBillingMethodRequest>;

/** PUT /api/admin/accountBillingMethods/{id}: edit the details, or {default: true} to make it the default. */
export const UpdateBillingMethodRequest = CreateBillingMethodRequest.omit({
  token: true,
  last_four: true,
  type: true,
}).extend({
  id: z.coerce.number().int().optional(),
});
export type UpdateBillingMethodRequest = z.input<typeof UpdateBillingMethodRequest>;

export const BillingMethodParams = z.object({ id: z.coerce.number().int().positive().max(2_000_000_000) });
export const BillingMethodResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  billing: z.array(BillingMethod),
});
export type BillingMethodResponse = z.infer<typeof BillingMethodResponse>;

/** POST /api/sumBatchPayments and /api/makeBatchPayments: the ticked invoices. */
export const BatchInvoicesRequest = z
  .array(z.object({ invoiceid: invnum }))
  .min(1)
  .max(400);
export type BatchInvoicesRequest = z.input<typeof BatchInvoicesRequest>;
export const SumBatchPaymentsResponse = z.array(z.object({ lastfour: z.string(), sum: z.string() }));
export const MakeBatchPaymentsResponse = z.object({ success: z.boolean(), batchId: z.number().int() });
