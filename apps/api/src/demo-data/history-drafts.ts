// The shapes the history generator works with: what it writes (rows and ERP documents), the orders and invoices
// it drafts before numbering them, and what its parts share (one random stream, the calendar, the drafts).
import type { ErpCredit, ErpInvoice, ErpPayment } from '@mitrebox/api-contract';
import type {
  batchPayments,
  billingMethods,
  orderItems,
  orders,
  paymentBatches,
  payments,
} from '../schema.ts';
import type { ProductRow } from './catalogue-builder.ts';
import type { DiscountRow } from './discounts.ts';
import type { Rng } from './random.ts';

export type OrderRow = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferInsert;
export type PaymentRow = typeof payments.$inferInsert;
export type BillingMethodRow = typeof billingMethods.$inferInsert;
export type PaymentBatchRow = typeof paymentBatches.$inferInsert;
export type BatchPaymentRow = typeof batchPayments.$inferInsert;

/**
 * What the ERP sends the shop about the demo history, in the shapes its API and command line take
 * (`POST /api/erp/invoices|payments|credits`, `npm run erp -- import-…`): the seed applies them through the
 * ERP import, so the demo data is made the way production data is.
 */
export interface HistoryDocuments {
  /** Orders the ERP has taken (`POST /api/erp/orders/synced`); the rest stay pending. */
  synced: number[];
  invoices: ErpInvoice[];
  payments: ErpPayment[];
  credits: ErpCredit[];
}

/**
 * The demo history: what the shop itself records (orders as placed, card payments with the gateway, stored
 * cards, payment batches) as rows, and what the ERP is the record of as ERP import documents.
 */
export interface History {
  /** Every order as placed, not yet taken by the ERP (synced = 0). */
  orders: OrderRow[];
  orderItems: OrderItemRow[];
  erp: HistoryDocuments;
  payments: PaymentRow[];
  billingMethods: BillingMethodRow[];
  paymentBatches: PaymentBatchRow[];
  batchPayments: BatchPaymentRow[];
}

export const DAY = 86_400_000;
export const FT = 100; // footage and quantities are hundredths

export interface Line {
  p: ProductRow;
  pcode: string;
  qty: number; // hundredths (negative on credit memos)
  footage: number | null; // hundredths
  unit: number; // cents
  join: number; // cents
  total: number; // cents, footage × unit (or qty × unit) + join fee
  dims?: { hInt: number; hFrac: number; wInt: number; wFrac: number } | null;
  sizeCode: string | null;
  instructions: string | null;
  location: string;
  /** Quantity shipped on the first invoice when the rest was back-ordered (hundredths). */
  firstShip?: number;
}

export interface DraftInvoice {
  acct: string;
  date: Date;
  lines: { line: Line; seq: number; shipped: number; total: number }[];
  memo: boolean;
  itemTotal: number;
  discount: number;
  tax: number;
  shipping: number;
  shipCost: number;
  packing: number;
  invamt: number;
  paystatus: number;
  payments: { date: Date; amount: number; card: boolean }[];
  invnum?: number;
  order: DraftOrder;
}

export interface DraftOrder {
  acct: string;
  date: Date;
  location: string;
  lines: Line[];
  synced: number;
  discRate: number;
  taxBp: number;
  custPo: string | null;
  operator: string;
  payBy: string;
  invoices: DraftInvoice[];
  ordnum?: number;
  // totals of a pending order (invoiced orders sum their invoices)
  pendingTotals?: { discount: number; tax: number; shipping: number; shipCost: number; packing: number };
}

/**
 * What the parts of the history generator share. There is one random stream: every part draws from it in the
 * order the generator calls them, so the same day gives the same history.
 */
export interface HistoryContext {
  readonly rng: Rng;
  readonly discounts: DiscountRow[];
  readonly userIds: Map<string, number>;
  /** Midnight (UTC) of the day the history is relative to, in ms. */
  readonly today: number;
  readonly out: History;
  readonly drafts: DraftOrder[];
  /** A time on a business day `daysAgo` days before today (UTC, 14:00–22:59 ≈ 9–5 Eastern). */
  at(daysAgo: number): Date;
  daysAgo(d: Date): number;
}

export function sum(xs: number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}
