import { MAX_DOCUMENT_NUMBER } from '@mitrebox/domain';
import { z } from 'zod';
import { Order, OrderItem } from './orders.ts';

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-05-31')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Not a real date');
const optionalDate = z.union([isoDate, z.literal('')]).nullish();
/** An order or invoice number as typed: plain sentences for every refusal, never the validator's text. */
const documentNumber = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number (digits only).` })
    .int({ error: `${label} must be a whole number.` })
    .positive({ error: `${label} must be greater than 0.` })
    .max(MAX_DOCUMENT_NUMBER, { error: `${label} is too large. Check the number.` });
/** Empty (or null) searches nothing; anything else must be a document number. */
const optionalNumber = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), documentNumber(label).optional());

export const ORDER_LIST_SORT_COLUMNS = [
  'Ordnum',
  'InvoiceNumbers',
  'location',
  'OrderInvTotal',
  'InvoiceInvTotal',
  'invamt',
  'payamt',
  'paystatus',
  'OrdDate',
  'InvDate',
  'shipvia',
] as const;

/** POST /api/accountOrders and /orders/listOrders (account-area §7). */
export const OrderListRequest = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce
    .number()
    .int()
    .refine((n) => [25, 50, 100, 200, 400].includes(n), 'perPage must be 25, 50, 100, 200 or 400')
    .default(25),
  search: z.string().max(60).nullish(),
  orderCol: z.enum(ORDER_LIST_SORT_COLUMNS).default('OrdDate'),
  orderDir: z
    .string()
    .default('desc')
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(['asc', 'desc'])),
  invDateFrom: optionalDate,
  invDateTo: optionalDate,
  ordDateFrom: optionalDate,
  ordDateTo: optionalDate,
  paystatus: z.union([z.enum(['0', '1', '3', '4', '9']), z.literal(''), z.number().int()]).nullish(),
  Invoicenum: optionalNumber('Invoice number'),
  Ordernum: optionalNumber('Order number'),
  Acctnum: z.string().max(20).nullish(),
  withInvItems: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});
export type OrderListRequest = z.input<typeof OrderListRequest>;

export const OrderListRow = z.object({
  Ordnum: z.number().int(),
  Acctnum: z.string(),
  InvoiceNumbers: z.string(),
  invoices: z.array(z.number().int()),
  location: z.object({ Loc: z.string(), Name: z.string() }),
  OrderInvTotal: z.string(),
  InvoiceInvTotal: z.string().nullable(),
  invamt: z.string().nullable(),
  payamt: z.string().nullable(),
  balance: z.string().nullable(),
  paystatus: z.number().int().nullable(),
  batchStatus: z.string().nullable(),
  shipvia: z.string().nullable(),
  CustPo: z.string().nullable(),
  synced: z.number().int(),
  OrdDate: z.string(),
  InvDate: z.string().nullable(),
});
export type OrderListRow = z.infer<typeof OrderListRow>;

export const OrderListResponse = z.object({
  data: z.object({
    total: z.number().int(),
    data: z.array(OrderListRow),
    current_page: z.number().int(),
    per_page: z.number().int(),
  }),
});
export type OrderListResponse = z.infer<typeof OrderListResponse>;

export const ListOrderDetailsRequest = z.object({
  orderid: documentNumber('Order number'),
});

export const InvoicePayment = z.object({
  SeqNum: z.number().int(),
  TranDate: z.string(),
  InvAmt: z.string(),
  PayAmt: z.string(),
});
export const InvoiceItem = OrderItem.pick({
  Seqnum: true,
  Qty: true,
  Code: true,
  Description: true,
  Description1: true,
  Pcode: true,
  Footage: true,
  UnitPrice: true,
  TotPrice: true,
  calcJoin: true,
  H_Int: true,
  H_Frac: true,
  W_Int: true,
  W_Frac: true,
  SizeCode: true,
  Instructions: true,
}).extend({ Shipped: z.number() });

/** An invoice (account-area §3): the order's fields plus amounts, status, payments and its items. */
export const Invoice = Order.omit({ items: true, InvoiceNumbers: true }).extend({
  Invnum: z.number().int(),
  InvDate: z.string(),
  invamt: z.string(),
  payamt: z.string(),
  balance: z.string(),
  paystatus: z.number().int(),
  payments: z.array(InvoicePayment),
  invoice_items: z.array(InvoiceItem),
});
export type Invoice = z.infer<typeof Invoice>;

export const InvoiceQuery = z.object({ Invoicenum: documentNumber('Invoice number') });
export const InvoiceResponse = z.object({ data: z.object({ data: z.array(Invoice) }) });

export const CreditRow = z.object({
  Invnum: z.number().int(),
  TranDate: z.string(),
  days_open: z.number().int(),
  invamt: z.string(),
  payamt: z.string(),
  balance: z.string(),
});
export const CreditsResponse = z.object({ data: z.array(CreditRow) });

export const PaymentBatchSearchRequest = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(400).default(25),
  batchId: optionalNumber('Batch number'),
});
export const BatchPaymentRow = z.object({
  id: z.number().int(),
  payment_batch_id: z.number().int(),
  invoice_id: z.number().int(),
  status: z.string(),
  payment_status: z.object({ name: z.string() }).nullable(),
  amount: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const PaymentBatchSearchResponse = z.object({
  total: z.number().int(),
  data: z.array(BatchPaymentRow),
  current_page: z.number().int(),
});

export const BillingMethod = z.object({
  id: z.number().int(),
  name: z.string(),
  last_four: z.string(),
  expmonth: z.number().int(),
  expyear: z.number().int(),
  type: z.string(),
  default: z.boolean(),
  billing_name: z.string(),
  billing_address: z.string(),
  billing_city: z.string(),
  billing_state: z.string(),
  billing_postal: z.string(),
  Acctnum: z.string(),
});

export const AccountDetailsQuery = z.object({ Acctnum: z.string().max(20).optional() });
export const AccountDetails = z.object({
  Acctnum: z.string(),
  Company: z.string(),
  Contact: z.string().nullable(),
  Title: z.string().nullable(),
  Phone: z.string().nullable(),
  Fax: z.string().nullable(),
  Website: z.string().nullable(),
  Address1: z.string().nullable(),
  Address2: z.string().nullable(),
  City: z.string().nullable(),
  State: z.string().nullable(),
  Zip: z.string().nullable(),
  Shipvia: z.string().nullable(),
  Terms: z.string(),
  Location: z.string(),
  B_Disc: z.string().nullable(),
  C_Disc: z.string().nullable(),
  G_Disc: z.string().nullable(),
  J_Disc: z.string().nullable(),
  L_Disc: z.string().nullable(),
  H_Disc: z.string().nullable(),
  billing: z.array(BillingMethod),
});
export const AccountDetailsResponse = z.object({ data: AccountDetails });
export const ListAccountsResponse = z.object({ data: z.array(AccountDetails.omit({ billing: true })) });

/**
 * The signed-in user's current password (and, with an authenticator app set up, its code now) before the sign-in
 * e-mail or the password changes (docs/decisions/021). Optional in the schema so that a missing one is answered
 * with the field's own message (422), not a schema error.
 */
const IdentityProof = {
  currentPassword: z.string().max(200).optional(),
  /** Required when the user has two-step sign-in (TOTP). */
  code: z.string().max(20).optional(),
};

/**
 * PUT /api/admin/userAccount: asks to change the sign-in e-mail. Nothing changes yet: the new address gets a
 * confirmation link (24 hours, once), the current one a notice with an undo link (7 days).
 */
export const UpdateUserAccountRequest = z.object({ email: z.string().max(254), ...IdentityProof });
export const UpdateUserAccountResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  /** The address waiting for its confirmation link; the sign-in e-mail stays the current one until then. */
  pendingEmail: z.string().optional(),
});

/** PUT /api/admin/userPassword: a new password from My Account; the user's other sessions end. */
export const ChangePasswordRequest = z.object({
  ...IdentityProof,
  password: z.string().max(200),
  password_confirmation: z.string().max(200),
});
export const ChangePasswordResponse = z.object({ success: z.boolean(), message: z.string() });

/** POST /api/confirmEmailChange and /api/undoEmailChange: the token of an e-mailed link. */
export const EmailChangeLinkRequest = z.object({ token: z.string().max(200) });
/** `email`: the account's sign-in e-mail now (the new one when confirmed, the old one when undone). */
export const EmailChangeLinkResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  email: z.string(),
});
