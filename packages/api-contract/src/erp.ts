import { z } from 'zod';
import { cleanText } from './common.ts';

/**
 * The ERP connection: API keys with scopes, and the files the ERP exchanges with the shop
 * (docs/decisions/015-catalogue-csv-and-erp.md). The same files go through `npm run erp -- …`.
 */
export const ERP_SCOPES = [
  'orders:read',
  'invoices:write',
  'payments:write',
  'stock:write',
  'prices:write',
] as const;
export type ErpScope = (typeof ERP_SCOPES)[number];

export const ErpKey = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(ERP_SCOPES)),
  created_at: z.string(),
  created_by: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export const ErpKeyList = z.object({ data: z.array(ErpKey) });
export const ErpKeyInput = z.object({
  name: cleanText(80).trim().min(1, 'Give the key a name.'),
  scopes: z.array(z.enum(ERP_SCOPES)).min(1, 'Choose at least one scope.').max(ERP_SCOPES.length),
});
/** The key itself is shown once, in this answer; the shop keeps only its hash. */
export const ErpKeyCreated = z.object({ data: ErpKey, key: z.string() });
export const ErpKeyIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

const amount = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^-?\d{1,10}(\.\d{1,2})?$/, 'must be an amount like 12.50'));
const positive = amount.refine((v) => !v.startsWith('-'), 'must not be negative');
const qty = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^-?\d{1,10}(\.\d{1,2})?$/, 'must be a quantity like 12.50'));
const date = z.iso.datetime({ offset: true }).or(z.iso.date());
const optText = (max: number) => cleanText(max).nullish();
const inches = z.number().int().min(0).max(999).nullish();

export const ErpInvoiceItem = z.object({
  seqnum: z.number().int().min(1).max(9999),
  code: cleanText(40).min(1),
  description: optText(200),
  description1: optText(200),
  /** how the line was sold: L length, C chop, J join, E straight cut, B box; empty for other products */
  pcode: optText(4),
  /** negative only on a credit memo (a return) */
  qty,
  shipped: qty,
  footage: qty.nullish(),
  unit_price: positive,
  tot_price: amount,
  calc_join: amount.optional(),
  /** frame size of a chop or join: whole inches and sixteenths */
  h_int: inches,
  h_frac: inches,
  w_int: inches,
  w_frac: inches,
  size_code: optText(8),
  instructions: optText(500),
});
/** Fields that may be below 0 only on a credit memo (invamt below 0). */
const MEMO_SIGNED = ['discount', 'tax', 'shipping', 'ship_cost', 'packing'] as const;
/** An invoice of the ERP with its items and shipped quantities; invamt below 0 makes a credit memo. */
export const ErpInvoice = z
  .object({
    invnum: z.number().int().min(1).max(2_147_483_647),
    ordnum: z.number().int().min(1).max(2_147_483_647).nullish(),
    acctnum: cleanText(20).min(1),
    location: cleanText(8).min(1),
    inv_date: date,
    due_date: date.nullish(),
    terms: optText(40),
    shipvia: optText(40),
    /** the carrier's tracking number of the shipment the invoice bills, when the ERP has one */
    tracking: optText(100),
    cust_po: optText(40),
    /** salesperson, how the customer pays (ON ACCOUNT, CREDIT CARD) and who entered the order (WEB, initials) */
    sls: optText(40),
    pay_by: optText(40),
    operator: optText(40),
    ship_company: optText(200),
    ship_address1: optText(200),
    ship_address2: optText(200),
    ship_city: optText(100),
    ship_state: optText(40),
    ship_zip: optText(20),
    item_total: amount,
    /** discount rate in percent */
    disc_rate: positive.refine((v) => Number(v) <= 100, 'must be a percent from 0 to 100').optional(),
    discount: amount.optional(),
    tax: amount.optional(),
    shipping: amount.optional(),
    ship_cost: amount.optional(),
    packing: amount.optional(),
    invamt: amount,
    items: z.array(ErpInvoiceItem).max(1000),
  })
  .superRefine((inv, ctx) => {
    if (inv.invamt.startsWith('-')) return;
    for (const field of MEMO_SIGNED)
      if (inv[field]?.startsWith('-'))
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'must not be negative (only on a credit memo)',
        });
    inv.items.forEach((it, i) => {
      for (const field of ['qty', 'shipped', 'footage'] as const)
        if (it[field]?.startsWith('-'))
          ctx.addIssue({
            code: 'custom',
            path: ['items', i, field],
            message: 'must not be negative (only on a credit memo)',
          });
    });
  });
export type ErpInvoice = z.infer<typeof ErpInvoice>;

/** A payment line of an invoice; (invnum, seqnum) is its key, so sending it again changes nothing. */
export const ErpPayment = z.object({
  invnum: z.number().int().min(1).max(2_147_483_647),
  seqnum: z.number().int().min(1).max(9999),
  tran_date: date,
  amount: positive,
});
export type ErpPayment = z.infer<typeof ErpPayment>;

/**
 * An open credit of an account (account-area §2 Credits), keyed by its number. The amounts are the credit's
 * size and the part of it used, both 0 or more; the shop keeps credits as negative amounts (like a credit
 * memo's invamt), so 25.00 with 5.00 used shows to the customer as (25.00), (5.00), balance (20.00).
 */
export const ErpCredit = z.object({
  invnum: z.number().int().min(1).max(2_147_483_647),
  acctnum: cleanText(20).min(1),
  tran_date: date,
  invamt: positive,
  payamt: positive.default('0'),
});
export type ErpCredit = z.infer<typeof ErpCredit>;

const rows = (what: string) =>
  z
    .array(z.unknown())
    .max(20_000)
    .describe(`${what}; each row is checked on its own and named in the report`);
export const ErpInvoiceFile = z.object({ invoices: rows('ErpInvoice objects') });
export const ErpPaymentFile = z.object({ payments: rows('ErpPayment objects') });
export const ErpCreditFile = z.object({ credits: rows('ErpCredit objects') });

export const ErpDryRunQuery = z.object({
  dry_run: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
});

export const ErpOrderItem = z.object({
  seqnum: z.number().int(),
  code: z.string(),
  description: z.string().nullable(),
  pcode: z
    .string()
    .nullable()
    .describe(
      'Order type: L length, C chop, J join, E straight cut, B box, S corner sample (one mitred corner of the ' +
        "moulding, qty 1; its instructions say 'CORNER SAMPLE - SHIP WITH NEXT ORDER' or 'CORNER SAMPLE - SHIP NOW'), " +
        'null for items sold by the piece',
    ),
  qty: z.string(),
  footage: z.string().nullable(),
  unit_price: z.string(),
  tot_price: z.string(),
  instructions: z.string().nullable(),
});
export const ErpOrder = z.object({
  ordnum: z.number().int(),
  acctnum: z.string(),
  location: z.string(),
  ord_date: z.string(),
  cust_po: z.string().nullable(),
  shipvia: z.string().nullable(),
  terms: z.string().nullable(),
  ship_company: z.string().nullable(),
  ship_address1: z.string().nullable(),
  ship_address2: z.string().nullable(),
  ship_city: z.string().nullable(),
  ship_state: z.string().nullable(),
  ship_zip: z.string().nullable(),
  item_total: z.string(),
  discount: z.string(),
  tax: z.string(),
  shipping: z.string(),
  inv_total: z.string(),
  items: z.array(ErpOrderItem),
});
export type ErpOrder = z.infer<typeof ErpOrder>;
export const ErpOrdersQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(100) });
export const ErpOrderList = z.object({ data: z.array(ErpOrder) });
export const ErpSyncedInput = z.object({
  ordnums: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(1000),
});
export const ErpSyncedResponse = z.object({ marked: z.number().int(), already: z.number().int() });
