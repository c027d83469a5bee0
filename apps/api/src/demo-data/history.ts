// The order, invoice, payment and credit history of the demo accounts. The builder drafts each account's orders
// (history-lines.ts picks what they buy), invoices and numbers them, settles them (history-settle.ts) and writes
// the rows and ERP documents (history-emit.ts). Every part draws from one random stream, in this order.
import { DEMO_ACCOUNTS } from './accounts.ts';
import type { ProductRow } from './catalogue-builder.ts';
import type { DiscountRow } from './discounts.ts';
import {
  DAY,
  type DraftInvoice,
  type DraftOrder,
  FT,
  type History,
  type HistoryContext,
  type Line,
  sum,
} from './history-drafts.ts';
import { emitOrders } from './history-emit.ts';
import { accountPool, orderLine } from './history-lines.ts';
import { PLANS, type Plan } from './history-plans.ts';
import { settle } from './history-settle.ts';
import { divRound, extend } from './money.ts';
import { Rng } from './random.ts';
import { LOCATION_CODES, PRODUCT_TYPE } from './reference.ts';

export type {
  BatchPaymentRow,
  BillingMethodRow,
  History,
  HistoryDocuments,
  OrderItemRow,
  OrderRow,
  PaymentBatchRow,
  PaymentRow,
} from './history-drafts.ts';

/** Historic order numbers stay below the order_number_seq start (700000). */
export const FIRST_HISTORIC_ORDER = 640_100;
export const FIRST_HISTORIC_INVOICE = 318_200;

class HistoryBuilder implements HistoryContext {
  readonly rng = new Rng('mitrebox-history-v1');
  readonly today: number;
  private readonly nowMs: number;
  readonly out: History = {
    orders: [],
    orderItems: [],
    erp: { synced: [], invoices: [], payments: [], credits: [] },
    payments: [],
    billingMethods: [],
    paymentBatches: [],
    batchPayments: [],
  };
  readonly drafts: DraftOrder[] = [];

  constructor(
    private readonly products: ProductRow[],
    readonly discounts: DiscountRow[],
    readonly userIds: Map<string, number>,
    now: Date,
  ) {
    this.today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    this.nowMs = now.getTime();
  }

  /** A time on a business day `daysAgo` days before today (UTC, 14:00–22:59 ≈ 9–5 Eastern). */
  at(daysAgo: number): Date {
    const rng = this.rng;
    const t = this.today - daysAgo * DAY + rng.int(14, 22) * 3_600_000 + rng.int(0, 59) * 60_000;
    return new Date(Math.min(t, this.nowMs - 5 * 60_000)); // never in the future
  }

  daysAgo(d: Date): number {
    return Math.floor((this.today - d.getTime()) / DAY);
  }

  build(): History {
    for (const plan of PLANS) this.account(plan);
    this.number();
    for (const plan of PLANS) settle(this, plan);
    emitOrders(this);
    return this.out;
  }

  private account(plan: Plan) {
    const rng = this.rng;
    const account = DEMO_ACCOUNTS.find((a) => a.acctnum === plan.acct)!;
    const home = account.location ?? 'C';
    const pool = accountPool(this.products, plan, rng);
    if (pool.mouldings.length === 0) return;

    const ages = Array.from({ length: plan.orders }, () => rng.int(plan.minAgeDays, 425)).sort(
      (a, b) => b - a,
    );
    const pendingAges = Array.from({ length: plan.pending }, (_, i) => i);
    for (const [i, age] of [...ages, ...pendingAges].entries()) {
      const pending = i >= ages.length;
      const location = rng.chance(0.85) ? home : rng.pick(LOCATION_CODES.filter((l) => l !== home));
      const nLines = rng.weighted([
        [1, 25],
        [2, 30],
        [3, 20],
        [4, 12],
        [5, 8],
        [6, 5],
      ] as const);
      const lines: Line[] = [];
      for (let k = 0; k < nLines; k++) {
        const line = orderLine(this, plan, pool, location);
        if (line) lines.push(line);
      }
      if (lines.length === 0) continue;
      const order: DraftOrder = {
        acct: plan.acct,
        date: this.at(age),
        location,
        lines,
        synced: pending ? 0 : 1,
        discRate: rng.weighted([
          [0, 85],
          [2, 10],
          [5, 5],
        ] as const),
        taxBp: rng.chance(plan.taxShare) ? plan.taxBp : 0,
        custPo: rng.chance(0.6) ? this.po(account.contact ?? '') : null,
        operator: pending || rng.chance(0.7) ? 'WEB' : (account.salesperson ?? 'CS'),
        payBy: rng.chance(plan.cardShare) ? 'CREDIT CARD' : 'ON ACCOUNT',
        invoices: [],
      };
      if (pending) {
        const { shipping, shipCost, packing } = this.freight(order, sum(lines.map((l) => l.total)));
        const itemTotal = sum(lines.map((l) => l.total));
        const discount = divRound(itemTotal * order.discRate, 100);
        const tax = divRound((itemTotal - discount) * order.taxBp, 10_000);
        order.pendingTotals = { discount, tax, shipping, shipCost, packing };
      } else {
        this.invoice(order);
      }
      this.drafts.push(order);
    }

    // Credit memos: returns of a moulding bought earlier, each on its own order.
    const invoiced = this.drafts.filter(
      (o) =>
        o.acct === plan.acct && o.synced === 1 && o.lines.some((l) => l.p.type === PRODUCT_TYPE.MOULDINGS),
    );
    for (let k = 0; k < plan.creditMemos && invoiced.length > 0; k++) {
      const orig = invoiced[Math.floor(((k + 1) * invoiced.length) / (plan.creditMemos + 1))];
      const src = orig.lines.find((l) => l.p.type === PRODUCT_TYPE.MOULDINGS)!;
      const origAge = this.daysAgo(orig.date);
      const age = Math.max(1, origAge - rng.int(6, 25));
      const feet = rng.pick([6, 8, 10, 12, 16]);
      const unit = src.unit;
      const line: Line = {
        p: src.p,
        pcode: 'L',
        qty: -feet * FT,
        footage: -feet * FT,
        unit,
        join: 0,
        total: extend(unit, -feet * FT),
        dims: null,
        sizeCode: null,
        instructions: rng.pick([
          'RETURN - damaged in transit',
          'RETURN - warped stick',
          'RETURN - finish defect',
        ]),
        location: orig.location,
      };
      const memo: DraftOrder = {
        acct: plan.acct,
        date: this.at(age),
        location: orig.location,
        lines: [line],
        synced: 1,
        discRate: 0,
        taxBp: orig.taxBp,
        custPo: 'RMA',
        operator: account.salesperson ?? 'CS',
        payBy: 'ON ACCOUNT',
        invoices: [],
      };
      this.invoice(memo, true);
      this.drafts.push(memo);
    }
  }

  private po(contact: string): string {
    const rng = this.rng;
    const style = rng.int(0, 2);
    if (style === 0) return `PO${rng.int(1000, 99999)}`;
    if (style === 1) {
      const surnames = ['SMITH', 'NGUYEN', 'BAKER', 'LANDRY', 'GARCIA', 'OKAFOR', 'HEBERT', 'COHEN', 'PATEL'];
      return `${rng.pick(surnames)}${rng.int(10, 999)}`;
    }
    const initials = contact
      .split(/\s+/)
      .map((w) => w[0] ?? '')
      .join('')
      .toUpperCase();
    return `${initials || 'JOB'}${rng.int(100, 9999)}`;
  }

  /** Freight of an order or invoice: the truck is free on most runs, carriers are charged. */
  private freight(order: DraftOrder, itemTotal: number) {
    const rng = this.rng;
    const account = DEMO_ACCOUNTS.find((a) => a.acctnum === order.acct)!;
    const truck = account.shipvia === 'OUR TRUCK' && order.location === account.location;
    const longLength = order.lines.some((l) => l.pcode === 'L' && (l.footage ?? 0) > 40 * FT);
    const shipping = truck
      ? rng.chance(0.3)
        ? 1500
        : 0
      : 1250 + Math.min(18_000, divRound(Math.max(0, itemTotal) * 6, 100));
    const shipCost = !truck && rng.chance(0.2) ? rng.pick([1000, 2000]) : 0;
    const packing = longLength && rng.chance(0.5) ? rng.pick([500, 750, 1200]) : 0;
    return { shipping, shipCost, packing };
  }

  /** Invoices an order: one invoice, or two when lines were partly back-ordered. */
  private invoice(order: DraftOrder, memo = false) {
    const rng = this.rng;
    const orderAge = this.daysAgo(order.date);
    const firstAge = memo ? orderAge : Math.max(1, orderAge - rng.int(0, 2));
    const backordered = order.lines.some((l) => l.firstShip !== undefined);
    const parts: { age: number; lines: DraftInvoice['lines'] }[] = [{ age: firstAge, lines: [] }];
    if (backordered) parts.push({ age: Math.max(0, firstAge - rng.int(7, 21)), lines: [] });
    order.lines.forEach((line, i) => {
      const seq = i + 1;
      if (line.firstShip === undefined) {
        parts[0].lines.push({ line, seq, shipped: line.qty, total: line.total });
      } else {
        const firstTotal = extend(line.unit, line.firstShip);
        parts[0].lines.push({ line, seq, shipped: line.firstShip, total: firstTotal });
        parts[1].lines.push({
          line,
          seq,
          shipped: line.qty - line.firstShip,
          total: line.total - firstTotal,
        });
      }
    });
    parts.forEach((part, k) => {
      const itemTotal = sum(part.lines.map((l) => l.total));
      const discount = divRound(itemTotal * order.discRate, 100);
      const tax = divRound((itemTotal - discount) * order.taxBp, 10_000);
      const f = k === 0 && !memo ? this.freight(order, itemTotal) : { shipping: 0, shipCost: 0, packing: 0 };
      order.invoices.push({
        acct: order.acct,
        date: this.at(part.age),
        lines: part.lines,
        memo,
        itemTotal,
        discount,
        tax,
        ...f,
        invamt: itemTotal + tax + f.shipping + f.shipCost + f.packing - discount,
        paystatus: memo ? 4 : 0,
        payments: [],
        order,
      });
    });
  }

  /** Order and invoice numbers ascend with their dates, with gaps for other customers' business. */
  private number() {
    const rng = this.rng;
    const orders = this.drafts.slice().sort((a, b) => a.date.getTime() - b.date.getTime());
    let n = FIRST_HISTORIC_ORDER;
    for (const o of orders) {
      n += rng.int(3, 60);
      o.ordnum = n;
    }
    const invs = this.drafts.flatMap((o) => o.invoices).sort((a, b) => a.date.getTime() - b.date.getTime());
    let m = FIRST_HISTORIC_INVOICE;
    for (const inv of invs) {
      m += rng.int(3, 40);
      inv.invnum = m;
    }
  }
}

/**
 * Order, invoice, payment and credit history of the demo accounts: about 60 orders each for 10001 and
 * 10005 over the last 14 months, a little for 10002 and 10003. Money is computed in integer cents, so
 * every total equals items + tax + shipping + ship cost + packing − discount exactly.
 */
export function generateHistory(input: {
  products: ProductRow[];
  discounts: DiscountRow[];
  userIds: Map<string, number>;
  now: Date;
}): History {
  return new HistoryBuilder(input.products, input.discounts, input.userIds, input.now).build();
}
