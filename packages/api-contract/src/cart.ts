import { SAMPLE_SHIPPING } from '@mitrebox/domain';
import { z } from 'zod';

/** A typed amount: a number or its text; absurd magnitudes are refused before any rule runs. */
const smallInt = z.union([z.number().finite().min(-1_000_000).max(1_000_000), z.string().max(16)]).nullish();

export const CartDimension = z.object({
  length: smallInt,
  length_fraction: smallInt,
  width: smallInt,
  width_fraction: smallInt,
  unitedInches: z.number().nullish(),
});

/** What a shopper chose (storefront §3 Product selection). The server keeps only these inputs. */
export const ProductSelection = z.object({
  /** 'sample' is a corner sample of a moulding (one a line; order-type code S). */
  type: z.enum(['length', 'chop', 'join', 'exact', 'box', 'item', 'sample']).optional(),
  instructions: z.string().max(200).nullish(),
  /** A corner sample's ship choice: with the account's next order, or on its own now. */
  sampleShipping: z.enum(SAMPLE_SHIPPING).nullish(),
  length: smallInt,
  quantity: smallInt,
  location: z.string().max(2).nullish(),
  isRail: z.boolean().nullish(),
  dimension: CartDimension.nullish(),
});
export type ProductSelection = z.infer<typeof ProductSelection>;

export const BackType = z.enum(['backremq', 'backcancel', 'backallq']);

/** A cart line as sent: anything else the client adds (prices, totals) is ignored and recomputed. */
export const CartItemInput = z.object({
  Code: z.string().min(1).max(64),
  productSelection: ProductSelection,
  backtype: BackType.nullish(),
});
export type CartItemInput = z.infer<typeof CartItemInput>;

export const MAX_CART_LINES = 200;

export const UpdateCartRequest = z.object({ cartdata: z.array(CartItemInput).max(MAX_CART_LINES) });

/** A cart line as the server computed it from the catalogue, the account's discounts and current stock. */
export const CartItem = z.object({
  id: z.string(),
  Code: z.string(),
  FrameType: z.string(),
  type: z.number().int(),
  Description: z.string(),
  ManufCode: z.string().nullable(),
  image: z.string(),
  width_display: z.string(),
  productSelection: ProductSelection,
  backtype: BackType.nullable(),
  /** Stock state: 0 unknown, 1 in stock, 2 back-ordered. */
  stockState: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  available: z.number(),
  backremq: z.number(),
  backcancel: z.number(),
  backallq: z.number(),
  ShipVal: z.number(),
  locationName: z.string(),
  calc: z.object({
    footage: z.number(),
    quantity: z.number(),
    unit: z.enum(['ft', 'ea']),
    listPrice: z.string(),
    discountRate: z.string(),
    unitPrice: z.string(),
    joinFee: z.string(),
    /** The price of what is charged: what ships now plus what is back-ordered, never what is cancelled. */
    totalPrice: z.string(),
    pcode: z.string(),
    /** What totalPrice charges for: feet (moulding lines) and frames, boxes or pieces. */
    chargedFootage: z.number(),
    chargedQuantity: z.number(),
  }),
});
export type CartItem = z.infer<typeof CartItem>;

export const CartResponse = z.object({
  data: z.array(CartItem),
  total: z.string(),
  count: z.number().int(),
  version: z.number().int(),
});
export type CartResponse = z.infer<typeof CartResponse>;

/** POST /api/admin/orders */
export const PlaceOrderRequest = z.object({
  // the PO rule (13 letters and digits) is the service's, answered as a field message; this only caps the body
  poNumber: z.string().max(200).nullish(),
  /** The cart version the shopper saw; a repeated submit of it answers the same order. */
  cartVersion: z.number().int().nonnegative().optional(),
});
export const PlaceOrderResponse = z.object({ orderNumber: z.number().int(), success: z.boolean() });

export const LocationQtyQuery = z.object({ Code: z.string().min(1).max(64) });
export const LocationQtyResponse = z.object({
  LocationQty: z.record(
    z.string(),
    z.object({
      Name: z.string(),
      Onhand: z.number(),
      CommitAmt: z.number(),
      Loc: z.string(),
      available: z.number(),
    }),
  ),
  AccountLocs: z.object({ Location: z.string(), Name: z.string() }),
});

export const DiscountLabel = z.object({
  category: z.string(),
  field: z.string(),
  label: z.string(),
  code: z.string().nullable(),
  name: z.string(),
});
export const DiscountLabelsResponse = z.object({ data: z.array(DiscountLabel) });
