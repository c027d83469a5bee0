import { z } from 'zod';
import { LocationRow } from './catalogue.ts';

export const OrderItem = z.object({
  Seqnum: z.number().int(),
  Qty: z.number(),
  Code: z.string(),
  Description: z.string().nullable(),
  Description1: z.string().nullable(),
  Pcode: z.string().nullable(),
  Location: z.string().nullable(),
  Footage: z.number().nullable(),
  UnitPrice: z.string(),
  TotPrice: z.string(),
  calcJoin: z.string(),
  H_Int: z.number().int().nullable(),
  H_Frac: z.number().int().nullable(),
  W_Int: z.number().int().nullable(),
  W_Frac: z.number().int().nullable(),
  SizeCode: z.string().nullable(),
  Instructions: z.string().nullable(),
  Backorder: z.string().nullable(),
  ShipQty: z.number().nullable(),
  BackorderQty: z.number().nullable(),
  CancelledQty: z.number().nullable(),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** The warehouse an order ships from (the From block). */
export const OrderLocation = LocationRow.omit({ Phone: true });

/** An order (account-area §3). synced ≠ 1: pending — only the thank-you message is shown. */
export const Order = z.object({
  Ordnum: z.number().int(),
  Invnum: z.number().int().nullable(),
  InvoiceNumbers: z.array(z.number().int()),
  synced: z.number().int(),
  OrdDate: z.string(),
  DueDate: z.string().nullable(),
  Acctnum: z.string(),
  ShipCompany: z.string().nullable(),
  ShipAddress1: z.string().nullable(),
  ShipAddress2: z.string().nullable(),
  ShipCity: z.string().nullable(),
  ShipState: z.string().nullable(),
  ShipZip: z.string().nullable(),
  Terms: z.string().nullable(),
  Shipvia: z.string().nullable(),
  Sls: z.string().nullable(),
  PayBy: z.string().nullable(),
  CustPo: z.string().nullable(),
  Operator: z.string().nullable(),
  ItemTotal: z.string(),
  InvTotal: z.string(),
  DiscRate: z.string(),
  Discount: z.string(),
  Tax: z.string(),
  Shipping: z.string(),
  ShipCost: z.string(),
  Packing: z.string(),
  location: OrderLocation.nullable(),
  items: z.array(OrderItem),
});
export type Order = z.infer<typeof Order>;

export const OrderDetailsQuery = z.object({
  Ordernum: z.coerce.number().int().positive().max(2_000_000_000),
});
export const OrderDetailsResponse = z.object({ data: Order });
