import { z } from 'zod';
import { ErrorBody } from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * The e-mails a user may choose to receive (My Account → E-mails). The order confirmation and the ERP's news
 * are on until turned off; the monthly statement is off until chosen.
 */
export const MAIL_KINDS = [
  'orderConfirmation',
  'invoiceIssued',
  'orderShipped',
  'backorderReleased',
  'monthlyStatement',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Each kind's name and what it brings, as My Account and the unsubscribe page say them. */
export const MAIL_KIND_TEXT: Record<MailKind, { label: string; description: string }> = {
  orderConfirmation: {
    label: 'Order confirmation',
    description: 'When you place an order: its lines, totals and ship via.',
  },
  invoiceIssued: {
    label: 'Invoice issued',
    description: 'When we invoice an order: the amount, the due date and a link to pay it.',
  },
  orderShipped: {
    label: 'Order shipped',
    description:
      'When an order leaves the warehouse: how it ships, and its tracking number when there is one.',
  },
  backorderReleased: {
    label: 'Back-ordered items released',
    description: 'When items you had on back order ship.',
  },
  monthlyStatement: {
    label: 'Monthly statement',
    description: 'On the first of the month: your statement of account, with the PDF attached.',
  },
};

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
