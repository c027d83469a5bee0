import type { ErpInvoice, Order } from '@mitrebox/api-contract';
import type { MailBody } from './mail-layout.ts';
import { shipmentDetails, shippedLines } from './order-shipped.mail.ts';

/**
 * Back-ordered items released — the rule: an imported invoice of an order ships back-ordered items when it ships
 * a code of an order line that had a back-ordered quantity (BackorderQty above 0), and the shipment is of the back
 * order — always for 'Back-order everything, ship nothing' (backallq: nothing shipped at once), and for 'Ship
 * available, back-order the rest' (backremq) on every invoice of the order after its first (the first shipped
 * what was available).
 */
export function releasedCodes(inv: ErpInvoice, order: Order): Set<string> {
  const first = Math.min(...order.InvoiceNumbers, inv.invnum);
  const shipped = new Set(inv.items.filter((it) => Number(it.shipped) > 0).map((it) => it.code));
  const codes = new Set<string>();
  for (const line of order.items) {
    if (!shipped.has(line.Code) || !((line.BackorderQty ?? 0) > 0)) continue;
    if (line.Backorder === 'backallq' || (line.Backorder === 'backremq' && inv.invnum !== first))
      codes.add(line.Code);
  }
  return codes;
}

export function backorderReleasedMail(
  inv: ErpInvoice,
  codes: Set<string>,
  opts: { publicUrl: string },
): MailBody {
  return {
    subject: `Back-ordered items of order ${inv.ordnum} have shipped`,
    heading: 'Back-ordered items have shipped',
    blocks: [
      {
        kind: 'paragraph',
        text: `Items of order ${inv.ordnum} that were on back order are now in stock and have shipped${inv.shipvia ? ` by ${inv.shipvia}` : ''}.`,
      },
      shipmentDetails(inv),
      { ...shippedLines(inv, (it) => codes.has(it.code)), caption: 'Released from back order' },
      { kind: 'button', label: 'View the order', url: `${opts.publicUrl}/Admin/OrderDetails/${inv.ordnum}` },
    ],
    reason: 'You receive this e-mail because you chose to hear when back-ordered items ship.',
  };
}
