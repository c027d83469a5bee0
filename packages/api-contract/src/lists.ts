import { z } from 'zod';
import { BackType, CartItemInput, MAX_CART_LINES, ProductSelection } from './cart.ts';

/** What is different about a kept line today (packages/domain order-again.ts). */
export const LineChange = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['priceUp', 'priceDown']),
    was: z.string(),
    now: z.string(),
    unit: z.enum(['ft', 'ea']),
  }),
  z.object({
    kind: z.literal('short'),
    locationName: z.string(),
    available: z.number(),
    backorder: BackType.nullable(),
  }),
]);

/** A kept line put back into the cart: what was asked, what became of it and what changed. */
export const LineResult = z.object({
  Code: z.string(),
  Description: z.string().nullable(),
  asked: z.string(),
  outcome: z.enum(['added', 'noLongerSold', 'refused']),
  message: z.string().nullable(),
  changes: z.array(LineChange),
});

/** The answer of order again and of a standing list to the cart. */
export const AddLinesResponse = z.object({
  lines: z.array(LineResult),
  added: z.number().int(),
  notAdded: z.number().int(),
});
export type AddLinesResponse = z.infer<typeof AddLinesResponse>;

export const OrdnumParams = z.object({ ordnum: z.coerce.number().int().min(1).max(2_147_483_647) });
export const InvnumParams = z.object({ invnum: z.coerce.number().int().min(1).max(2_147_483_647) });

const id = z.coerce.number().int().min(1).max(2_147_483_647);
export const ListIdParams = z.object({ id });
export const ListLineParams = z.object({ id, lineId: id });

export const LIST_NAME_MAX = 60;
export const ListName = z.object({ name: z.string().trim().min(1, 'Name is required').max(LIST_NAME_MAX) });

/** A standing list of the account, shared by all its users. */
export const StandingList = z.object({
  id: z.number().int(),
  name: z.string(),
  lineCount: z.number().int(),
  updatedAt: z.string(),
});
export const StandingListsResponse = z.object({ data: z.array(StandingList) });

/** One line of a list: the item and its selection as the add-to-cart dialog makes it. No prices. */
export const StandingListLine = z.object({
  id: z.number().int(),
  Code: z.string(),
  /** Null when the item is no longer sold. */
  Description: z.string().nullable(),
  image: z.string().nullable(),
  productSelection: ProductSelection,
  backtype: BackType.nullable(),
  /** The selection in words ("Chop 11 x 14 in, 2 frames"). */
  asked: z.string(),
  /** What the quantity field counts: feet of a length line, else pieces, frames or boxes. */
  unit: z.enum(['ft', 'ea']),
  amount: z.number(),
});
export const StandingListDetail = StandingList.extend({ lines: z.array(StandingListLine) });
export const StandingListResponse = z.object({ data: StandingListDetail });
export type StandingListDetail = z.infer<typeof StandingListDetail>;

export const MAX_LIST_LINES = 500;
export const AddListLines = z.object({ lines: z.array(CartItemInput).min(1).max(MAX_CART_LINES) });
/** A line's amount: feet for a length line, else how many. */
export const ListLinePatch = z.object({
  amount: z.union([z.number().finite().min(0).max(1_000_000), z.string().max(16)]),
});
export const ListToCart = z.object({ lineIds: z.array(id).max(MAX_LIST_LINES).optional() });
export const ListImport = z.object({ text: z.string().max(20_000) });
export const ListImportResponse = z.object({
  data: StandingListDetail,
  added: z.number().int(),
  problems: z.array(z.object({ line: z.number().int(), text: z.string(), message: z.string() })),
});
