import { z } from 'zod';

/** The one wire form of every error: a message and, for form errors, a field-to-message map. */
export const ErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const SuccessBody = z.object({ success: z.boolean(), message: z.string().optional() });

/** Query strings arrive as text: accept "12" or 12, and refuse anything else. */
export const intParam = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
