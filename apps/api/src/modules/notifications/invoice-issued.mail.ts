import type { ErpInvoice } from '@mitrebox/api-contract';
import { money } from '@mitrebox/domain';
import type { Block, MailBody } from './mail-layout.ts';
import { dayText, dollars } from './mail-text.ts';

/** An invoice the ERP issued: its amount, its due date and a link to its page, where it is paid. */
export function invoiceIssuedMail(inv: ErpInvoice, opts: { publicUrl: string }): MailBody {
  const due = inv.due_date ? dayText(inv.due_date) : null;
  const page = `${opts.publicUrl}/Admin/InvoiceDetails/${inv.invnum}`;
  const blocks: Block[] = [
    {
      kind: 'paragraph',
      text: `Invoice ${inv.invnum} for ${dollars(inv.invamt)} is ready${inv.ordnum ? ` for order ${inv.ordnum}` : ''}${due ? `, due ${due}` : ''}.`,
    },
    {
      kind: 'details',
      rows: [
        ['Invoice number', String(inv.invnum)],
        ...(inv.ordnum ? [['Order number', String(inv.ordnum)] as [string, string]] : []),
        ...(inv.cust_po ? [['PO number', inv.cust_po] as [string, string]] : []),
        ['Invoice date', dayText(inv.inv_date)],
        ['Amount', dollars(inv.invamt)],
        ['Due date', due ?? '—'],
        ['Terms', inv.terms ?? '—'],
      ],
    },
    { kind: 'button', label: `View and pay invoice ${inv.invnum}`, url: page },
  ];
  return {
    subject: `Invoice ${inv.invnum}: ${dollars(inv.invamt)}${due ? ` due ${due}` : ''}`,
    heading: `Invoice ${inv.invnum}`,
    blocks,
    reason: 'You receive this e-mail because you chose to hear of new invoices on your account.',
  };
}

/** Whether an imported invoice is one to tell of: an invoice with an amount (not a credit memo). */
export const isBillable = (inv: ErpInvoice) => money(inv.invamt).gt(0);
