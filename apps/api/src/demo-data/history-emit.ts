// What the demo history writes: the orders as placed and their lines (the shop's own record), and what the ERP
// sends after — which orders it has taken and their invoices — in numbering order.
import { DEMO_ACCOUNTS } from './accounts.ts';
import { DAY, type HistoryContext, type Line, sum } from './history-drafts.ts';
import { cents } from './money.ts';

/** The rows of the orders as placed and their lines, and the ERP's documents: orders taken, invoices. */
export function emitOrders(ctx: HistoryContext) {
  const out = ctx.out;
  const drafts = ctx.drafts.slice().sort((a, b) => a.ordnum! - b.ordnum!);
  for (const o of drafts) {
    const account = DEMO_ACCOUNTS.find((a) => a.acctnum === o.acct)!;
    const ship = {
      shipCompany: account.company,
      shipAddress1: account.address1 ?? null,
      shipAddress2: account.address2 ?? null,
      shipCity: account.city ?? null,
      shipState: account.state ?? null,
      shipZip: account.zip ?? null,
    };
    const head = {
      acctnum: o.acct,
      location: o.location,
      terms: 'Net 30',
      shipvia: account.shipvia ?? null,
      sls: account.salesperson ?? null,
      payBy: o.payBy,
      custPo: o.custPo,
      operator: o.operator,
      ...ship,
    };
    const itemTotal = sum(o.lines.map((l) => l.total));
    const t =
      o.pendingTotals ??
      o.invoices.reduce(
        (acc, i) => ({
          discount: acc.discount + i.discount,
          tax: acc.tax + i.tax,
          shipping: acc.shipping + i.shipping,
          shipCost: acc.shipCost + i.shipCost,
          packing: acc.packing + i.packing,
        }),
        { discount: 0, tax: 0, shipping: 0, shipCost: 0, packing: 0 },
      );
    const total = itemTotal + t.tax + t.shipping + t.shipCost + t.packing - t.discount;
    const first = o.invoices[0];
    out.orders.push({
      ordnum: o.ordnum!,
      userId: o.operator === 'WEB' ? (ctx.userIds.get(o.acct) ?? null) : null,
      // the ERP takes the invoiced ones (HistoryDocuments.synced)
      synced: 0,
      ordDate: o.date,
      dueDate: first ? new Date(first.date.getTime() + 30 * DAY) : null,
      ...head,
      itemTotal: cents(itemTotal),
      discRate: String(o.discRate),
      discount: cents(t.discount),
      tax: cents(t.tax),
      shipping: cents(t.shipping),
      shipCost: cents(t.shipCost),
      packing: cents(t.packing),
      invTotal: cents(total),
      createdAt: o.date,
    });
    o.lines.forEach((l, i) => {
      const back = l.firstShip !== undefined;
      out.orderItems.push({
        ordnum: o.ordnum!,
        seqnum: i + 1,
        ...itemFields(l),
        location: l.location,
        backorder: back ? 'backremq' : null,
        shipQty: back ? cents(l.firstShip!) : null,
        backorderQty: back ? cents(l.qty - l.firstShip!) : null,
        cancelledQty: back ? cents(0) : null,
      });
    });
    if (o.synced === 1) out.erp.synced.push(o.ordnum!);
    for (const inv of o.invoices) {
      // payamt, balance and paystatus follow from the payment lines the ERP sends after
      out.erp.invoices.push({
        invnum: inv.invnum!,
        ordnum: o.ordnum!,
        acctnum: o.acct,
        location: o.location,
        inv_date: inv.date.toISOString(),
        due_date: new Date(inv.date.getTime() + 30 * DAY).toISOString(),
        terms: head.terms,
        shipvia: head.shipvia,
        cust_po: head.custPo,
        sls: head.sls,
        pay_by: head.payBy,
        operator: head.operator,
        ship_company: ship.shipCompany,
        ship_address1: ship.shipAddress1,
        ship_address2: ship.shipAddress2,
        ship_city: ship.shipCity,
        ship_state: ship.shipState,
        ship_zip: ship.shipZip,
        item_total: cents(inv.itemTotal),
        disc_rate: String(o.discRate),
        discount: cents(inv.discount),
        tax: cents(inv.tax),
        shipping: cents(inv.shipping),
        ship_cost: cents(inv.shipCost),
        packing: cents(inv.packing),
        invamt: cents(inv.invamt),
        items: inv.lines.map((il) => {
          const f = itemFields(il.line);
          return {
            seqnum: il.seq,
            code: f.code,
            description: f.description,
            description1: f.description1,
            pcode: f.pcode,
            qty: f.qty,
            shipped: cents(il.shipped),
            footage: f.footage,
            unit_price: f.unitPrice,
            tot_price: cents(il.total),
            calc_join: cents(il.shipped === il.line.qty ? il.line.join : 0),
            h_int: f.hInt,
            h_frac: f.hFrac,
            w_int: f.wInt,
            w_frac: f.wFrac,
            size_code: f.sizeCode,
            instructions: f.instructions,
          };
        }),
      });
    }
  }
  out.erp.invoices.sort((a, b) => a.invnum - b.invnum);
}

/** The fields an order line and an invoice line share. */
function itemFields(l: Line) {
  const p = l.p;
  return {
    qty: cents(l.qty),
    code: p.code,
    description: p.displayName,
    description1: p.manufCode ?? p.finishName ?? null,
    pcode: l.pcode,
    footage: l.footage === null ? null : cents(l.footage),
    unitPrice: cents(l.unit),
    totPrice: cents(l.total),
    calcJoin: cents(l.join),
    hInt: l.dims?.hInt ?? null,
    hFrac: l.dims?.hFrac ?? null,
    wInt: l.dims?.wInt ?? null,
    wFrac: l.dims?.wFrac ?? null,
    sizeCode: l.sizeCode,
    instructions: l.instructions,
  };
}
