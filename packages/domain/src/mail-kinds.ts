// The e-mails a user may choose to receive: their names and texts, shared by the screen and the server (no zod:
// the browser imports this).

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
