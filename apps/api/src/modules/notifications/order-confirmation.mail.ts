import type { Order } from '@mitrebox/api-contract';
import { money, orderTotal } from '@mitrebox/domain';
import type { Block, MailBody } from './mail-layout.ts';
import { addressText, dollars, momentText } from './mail-text.ts';
import { backorderText, footageText, lineSummary } from './order-lines.ts';

/**
 * The order confirmation: the order as placed — number, PO, each line as the cart showed it (type, size in
 * inches and sixteenths, footage, warehouse, back-order choice), the totals and how it ships.
 */
export function orderConfirmationMail(
  order: Order,
  opts: {
    publicUrl: string;
    timeZone: string;
    warehouseName: (code: string | null) => string;
    /** When it ships and arrives, a line per warehouse ("Ships today from New Orleans. Expected delivery …"). */
    shipBy?: string[];
  },
): MailBody {
  const po = order.CustPo ? ` (PO ${order.CustPo})` : '';
  const totals: [string, string][] = [['Item total', dollars(order.ItemTotal)]];
  if (money(order.DiscRate).gt(0))
    totals.push([
      `Discount (${money(order.DiscRate)}%)`,
      dollars(money(order.Discount).times(-1).toFixed(2)),
    ]);
  for (const [label, amount] of [
    ['Tax', order.Tax],
    ['Shipping', order.Shipping],
    ['Shipping cost', order.ShipCost],
    ['Packing', order.Packing],
  ] as const)
    if (money(amount).gt(0)) totals.push([label, dollars(amount)]);
  totals.push([
    'Order total',
    dollars(
      orderTotal({
        itemTotal: order.ItemTotal,
        tax: order.Tax,
        shipping: order.Shipping,
        shipCost: order.ShipCost,
        packing: order.Packing,
        discount: order.Discount,
      }),
    ),
  ]);
  const blocks: Block[] = [
    {
      kind: 'paragraph',
      text: `Thank you: we have received order ${order.Ordnum}${po}, placed on ${momentText(order.OrdDate, opts.timeZone)}. We will e-mail again when it ships.`,
    },
    {
      kind: 'details',
      rows: [
        ['Order number', String(order.Ordnum)],
        ['PO number', order.CustPo ?? '—'],
        ['Account', order.Acctnum],
        ['Ship via', order.Shipvia ?? '—'],
        [
          'Ship to',
          addressText({
            company: order.ShipCompany,
            address1: order.ShipAddress1,
            address2: order.ShipAddress2,
            city: order.ShipCity,
            state: order.ShipState,
            zip: order.ShipZip,
          }) || '—',
        ],
        ['Terms', order.Terms ?? '—'],
      ],
    },
    {
      kind: 'table',
      caption: 'Items',
      columns: [
        { label: 'Code' },
        { label: 'Description' },
        { label: 'Ordered' },
        { label: 'Footage', numeric: true },
        { label: 'Warehouse' },
        { label: 'Total', numeric: true },
      ],
      rows: order.items.map((it) => [
        it.Code,
        it.Description ?? '',
        lineSummary(it),
        footageText(it),
        opts.warehouseName(it.Location),
        dollars(it.TotPrice),
      ]),
      notes: order.items.map((it) => {
        const notes = [backorderText(it), it.Instructions ? `Instructions: ${it.Instructions}` : null].filter(
          Boolean,
        );
        return notes.length ? notes.join(' · ') : null;
      }),
    },
    { kind: 'totals', rows: totals },
    ...(opts.shipBy ?? []).map((text): Block => ({ kind: 'paragraph', text })),
    { kind: 'button', label: 'View the order', url: `${opts.publicUrl}/Admin/OrderDetails/${order.Ordnum}` },
  ];
  return {
    subject: `Order ${order.Ordnum}${po} received`,
    heading: `Order ${order.Ordnum} received`,
    blocks,
    reason: 'You receive this e-mail because an order was placed on your account.',
  };
}
