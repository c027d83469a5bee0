import { SAMPLE_SHIPPING } from '@mitrebox/domain';
import { z } from 'zod';
import { CartResponse } from './cart.ts';

/** The account's corner samples this month: the price, the limit, and what is ordered and in the cart. */
export const SampleStatus = z.object({
  /** Price per sample; '0.00' when samples are free. */
  price: z.string(),
  /** 'Free' or '$2.50'. */
  priceLabel: z.string(),
  monthlyLimit: z.number().int(),
  /** Samples ordered this calendar month (business time zone) and in the cart now. */
  ordered: z.number().int(),
  inCart: z.number().int(),
  left: z.number().int(),
  /** Why no more can be added this month (null while some are left). */
  message: z.string().nullable(),
});
export type SampleStatus = z.infer<typeof SampleStatus>;

/** Corner samples of the mouldings named, or of every moulding of a collection (a sample set). */
export const AddSamplesRequest = z
  .object({
    codes: z.array(z.string().min(1).max(64)).max(200).optional(),
    collection: z.number().int().min(1).max(2_147_483_647).optional(),
    shipping: z.enum(SAMPLE_SHIPPING).default('with_next_order'),
  })
  .refine((b) => (b.codes?.length ?? 0) > 0 || b.collection !== undefined, {
    message: 'Name the mouldings or the collection to sample.',
    path: ['codes'],
  });

export const AddSamplesResponse = z.object({
  cart: CartResponse,
  added: z.number().int(),
  /** Samples the monthly limit left out. */
  leftOut: z.number().int(),
  /** Mouldings whose sample was in the cart already. */
  already: z.number().int(),
  message: z.string(),
  status: SampleStatus,
});
export type AddSamplesResponse = z.infer<typeof AddSamplesResponse>;
