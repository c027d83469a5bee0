import type { ErpInvoice } from '@mitrebox/api-contract';
import type { Block, MailBody } from './mail-layout.ts';
import { addressText, dayText } from './mail-text.ts';
import { lineSummary } from './order-lines.ts';

/** The shipment an invoice documents, its lines as the cart named them (the invoice's shipped quantities). */
export function shippedLines(inv: ErpInvoice, only?: (item: ErpInvoice['items'][number]) => boolean) {
  const items = inv.items.filter((it) => Number(it.shipped) > 0 && (!only || only(it)));
  return {
    kind: 'table' as const,
    caption: 'Shipped',
    columns: [
      { label: 'Code' },
      { label: 'Description' },
      { label: 'Ordered' },
      { label: 'Shipped', numeric: true },
    ],
    rows: items.map((it) => [
      it.code,
      it.description ?? '',
      lineSummary({
        Pcode: it.pcode ?? null,
        Qty: Number(it.qty),
        Footage: it.footage == null ? null : Number(it.footage),
        H_Int: it.h_int ?? null,
        H_Frac: it.h_frac ?? null,
        W_Int: it.w_int ?? null,
        W_Frac: it.w_frac ?? null,
      }),
      Number(it.shipped).toFixed(2),
    ]),
  };
}

/** How the shipment travels: ship via, the tracking number when the ERP sent one, and where to. */
export function shipmentDetails(inv: ErpInvoice): Block {
  return {
    kind: 'details',
    rows: [
      ['Order number', String(inv.ordnum)],
      ...(inv.cust_po ? [['PO number', inv.cust_po] as [string, string]] : []),
      ['Invoice number', String(inv.invnum)],
      ['Ship date', dayText(inv.inv_date)],
      ['Ship via', inv.shipvia ?? '—'],
      ['Tracking number', inv.tracking ?? 'Not given yet'],
      [
        'Ship to',
        addressText({
          company: inv.ship_company,
          address1: inv.ship_address1,
          address2: inv.ship_address2,
          city: inv.ship_city,
          state: inv.ship_state,
          zip: inv.ship_zip,
        }) || '—',
      ],
    ],
  };
}

/** An order shipped: an imported invoice of an order is the document of its shipment. */
export function orderShippedMail(inv: ErpInvoice, opts: { publicUrl: string }): MailBody {
  const via = inv.shipvia ? ` by ${inv.shipvia}` : '';
  const tracking = inv.tracking ? ` Tracking number: ${inv.tracking}.` : '';
  return {
    subject: `Order ${inv.ordnum} has shipped${inv.tracking ? ` (tracking ${inv.tracking})` : ''}`,
    heading: `Order ${inv.ordnum} has shipped`,
    blocks: [
      { kind: 'paragraph', text: `Order ${inv.ordnum} left our warehouse${via}.${tracking}` },
      shipmentDetails(inv),
      shippedLines(inv),
      { kind: 'button', label: 'View the order', url: `${opts.publicUrl}/Admin/OrderDetails/${inv.ordnum}` },
    ],
    reason: 'You receive this e-mail because you chose to hear when your orders ship.',
  };
}
