import { z } from 'zod';
import { ErrorBody } from '../common.ts';
import { defineRoute } from '../route.ts';

export { MAIL_KIND_TEXT, MAIL_KINDS, type MailKind } from '@mitrebox/domain';

export const MailPreferences = z.object({
  orderConfirmation: z.boolean(),
  invoiceIssued: z.boolean(),
  orderShipped: z.boolean(),
  backorderReleased: z.boolean(),
  monthlyStatement: z.boolean(),
});
export type MailPreferences = z.infer<typeof MailPreferences>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody };
const tags = ['My Account'];

/** The signed-in user's choice of e-mails (their own, whichever account they act for). */
export const mailPreferencesContract = {
  get: defineRoute({
    method: 'GET',
    path: '/api/account/mail-preferences',
    tags,
    summary: 'Which e-mails the signed-in user receives',
    response: { 200: z.object({ data: MailPreferences }), ...errors },
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/account/mail-preferences',
    tags,
    summary: 'Choose which e-mails the signed-in user receives (the kinds left out stay as they were)',
    body: MailPreferences.partial(),
    response: { 200: z.object({ data: MailPreferences }), ...errors },
  }),
};
