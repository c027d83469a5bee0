import { createHash } from 'node:crypto';
import type { ErpCredit, ErpInvoice, ErpPayment } from '@mitrebox/api-contract';
import type {
  batchPayments,
  billingMethods,
  orderItems,
  orders,
  paymentBatches,
  payments,
} from '../schema.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import type { ProductRow } from './catalogue-builder.ts';
import { type DiscountRow, entryFor, rateOf } from './discounts.ts';
import { cents, discounted, divRound, extend } from './money.ts';
import { Rng } from './random.ts';
import { glassLevel, LOCATION_CODES, PRODUCT_TYPE } from './reference.ts';

export type OrderRow = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferInsert;
export type PaymentRow = typeof payments.$inferInsert;
export type BillingMethodRow = typeof billingMethods.$inferInsert;
export type PaymentBatchRow = typeof paymentBatches.$inferInsert;
export type BatchPaymentRow = typeof batchPayments.$inferInsert;

/**
 * What the ERP sends the shop about the demo history, in the shapes its API and command line take
 * (`POST /api/erp/invoices|payments|credits`, `npm run erp -- import-…`): the seed applies them through the
 * ERP import, so the demo data is made the way production data is.
 */
export interface HistoryDocuments {
  /** Orders the ERP has taken (`POST /api/erp/orders/synced`); the rest stay pending. */
  synced: number[];
  invoices: ErpInvoice[];
  payments: ErpPayment[];
  credits: ErpCredit[];
}

/**
 * The demo history: what the shop itself records (orders as placed, card payments with the gateway, stored
 * cards, payment batches) as rows, and what the ERP is the record of as ERP import documents.
 */
export interface History {
  /** Every order as placed, not yet taken by the ERP (synced = 0). */
  orders: OrderRow[];
  orderItems: OrderItemRow[];
  erp: HistoryDocuments;
  payments: PaymentRow[];
  billingMethods: BillingMethodRow[];
  paymentBatches: PaymentBatchRow[];
  batchPayments: BatchPaymentRow[];
}

/** Historic order numbers stay below the order_number_seq start (700000). */
export const FIRST_HISTORIC_ORDER = 640_100;
export const FIRST_HISTORIC_INVOICE = 318_200;

interface Plan {
  acct: string;
  /** Products whose catalogue index % 4 equals this value: each account buys its own items. */
  pool: number;
  orders: number;
  pending: number;
  creditMemos: number;
  /** Sales tax in basis points of a percent (881 = 8.81%) and the share of orders taxed. */
  taxBp: number;
  taxShare: number;
  /** Share of payments made by card (the rest by check). */
  cardShare: number;
  minAgeDays: number;
  mode: 'normal' | 'allPaid' | 'overdue';
  /** Days ago of a processed payment batch, if any. */
  batchDaysAgo?: number;
  onAccountCredits: [invnum: number, cents: number, daysAgo: number][];
}

const PLANS: Plan[] = [
  {
    acct: '10001',
    pool: 0,
    orders: 60,
    pending: 2,
    creditMemos: 3,
    taxBp: 0,
    taxShare: 0,
    cardShare: 0.2,
    minAgeDays: 4,
    mode: 'normal',
    batchDaysAgo: 26,
    onAccountCredits: [
      [500012, -2500, 41],
      [500019, -1275, 9],
    ],
  },
  {
    acct: '10005',
    pool: 1,
    orders: 60,
    pending: 2,
    creditMemos: 2,
    taxBp: 881,
    taxShare: 0.3,
    cardShare: 0.8,
    minAgeDays: 4,
    mode: 'normal',
    batchDaysAgo: 12,
    onAccountCredits: [[500027, -4000, 63]],
  },
  {
    acct: '10002',
    pool: 2,
    orders: 8,
    pending: 0,
    creditMemos: 0,
    taxBp: 0,
    taxShare: 0,
    cardShare: 0,
    minAgeDays: 190,
    mode: 'allPaid',
    onAccountCredits: [],
  },
  {
    acct: '10003',
    pool: 3,
    orders: 10,
    pending: 0,
    creditMemos: 1,
    taxBp: 750,
    taxShare: 1,
    cardShare: 0.5,
    minAgeDays: 20,
    mode: 'overdue',
    onAccountCredits: [[500031, -1850, 77]],
  },
];

const CARDS: Record<
  string,
  { id: number; name: string; lastFour: string; type: string; exp: [number, number] }[]
> = {
  '10001': [
    { id: 1, name: 'Shop Visa', lastFour: '1111', type: 'Visa', exp: [8, 3] },
    { id: 2, name: 'Backup Mastercard', lastFour: '4444', type: 'MasterCard', exp: [2, 2] },
  ],
  '10005': [{ id: 3, name: 'Studio Amex', lastFour: '0005', type: 'American Express', exp: [11, 4] }],
};

const DAY = 86_400_000;
const FT = 100; // footage and quantities are hundredths

interface Line {
  p: ProductRow;
  pcode: string;
  qty: number; // hundredths (negative on credit memos)
  footage: number | null; // hundredths
  unit: number; // cents
  join: number; // cents
  total: number; // cents, footage × unit (or qty × unit) + join fee
  dims?: { hInt: number; hFrac: number; wInt: number; wFrac: number } | null;
  sizeCode: string | null;
  instructions: string | null;
  location: string;
  /** Quantity shipped on the first invoice when the rest was back-ordered (hundredths). */
  firstShip?: number;
}

interface DraftInvoice {
  acct: string;
  date: Date;
  lines: { line: Line; seq: number; shipped: number; total: number }[];
  memo: boolean;
  itemTotal: number;
  discount: number;
  tax: number;
  shipping: number;
  shipCost: number;
  packing: number;
  invamt: number;
  paystatus: number;
  payments: { date: Date; amount: number; card: boolean }[];
  invnum?: number;
  order: DraftOrder;
}

interface DraftOrder {
  acct: string;
  date: Date;
  location: string;
  lines: Line[];
  synced: number;
  discRate: number;
  taxBp: number;
  custPo: string | null;
  operator: string;
  payBy: string;
  invoices: DraftInvoice[];
  ordnum?: number;
  // totals of a pending order (invoiced orders sum their invoices)
  pendingTotals?: { discount: number; tax: number; shipping: number; shipCost: number; packing: number };
}

const COMMON_SIZES: [number, number][] = [
  [8, 10],
  [11, 14],
  [12, 16],
  [14, 18],
  [16, 20],
  [18, 24],
  [20, 24],
  [22, 28],
  [24, 30],
  [24, 36],
  [30, 40],
  [32, 40],
  [36, 48],
];

const INSTRUCTIONS = {
  L: [
    'Cut in half for shipping',
    'No pieces under 6 ft please',
    'Cut to 8 ft lengths',
    'Keep sticks together',
  ],
  C: [
    'Mark each corner',
    'Art runs 1/8 undersize',
    'Customer pickup Friday',
    'Rush - wedding gift',
    'Chop for 2 frames',
  ],
  J: ['V-nail 3 per corner', 'Rush please', 'Fill corners, touch up leaf', 'Add wire and bumpers'],
  E: ['Straight cut, no mitres', 'Cut for shadow box sides', 'Rails for a canvas'],
};

const sixteenths = (whole: number, frac: number) => whole * 16 + frac;

class HistoryBuilder {
  private readonly rng = new Rng('mitrebox-history-v1');
  private readonly today: number;
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
  private readonly drafts: DraftOrder[] = [];

  constructor(
    private readonly products: ProductRow[],
    private readonly discounts: DiscountRow[],
    private readonly userIds: Map<string, number>,
    now: Date,
  ) {
    this.today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    this.nowMs = now.getTime();
  }

  /** A time on a business day `daysAgo` days before today (UTC, 14:00–22:59 ≈ 9–5 Eastern). */
  private at(daysAgo: number, rng = this.rng): Date {
    const t = this.today - daysAgo * DAY + rng.int(14, 22) * 3_600_000 + rng.int(0, 59) * 60_000;
    return new Date(Math.min(t, this.nowMs - 5 * 60_000)); // never in the future
  }

  private daysAgo(d: Date): number {
    return Math.floor((this.today - d.getTime()) / DAY);
  }

  build(): History {
    for (const plan of PLANS) this.account(plan);
    this.number();
    for (const plan of PLANS) this.settle(plan);
    this.emit();
    return this.out;
  }

  private pool(plan: Plan) {
    const mine = this.products.filter((_, i) => i % 4 === plan.pool);
    const rng = this.rng;
    const byType = (...types: number[]) => mine.filter((p) => types.includes(p.type));
    const mouldings = byType(PRODUCT_TYPE.MOULDINGS);
    const favourites = rng.shuffle(mouldings).slice(0, 12);
    return {
      mouldings,
      favourites,
      mats: byType(PRODUCT_TYPE.MATS),
      glass: byType(PRODUCT_TYPE.GLASS),
      items: byType(PRODUCT_TYPE.HARDWARE, PRODUCT_TYPE.SUPPLIES, PRODUCT_TYPE.READYMADE),
      fillets: byType(PRODUCT_TYPE.FILLETS),
      foam: byType(PRODUCT_TYPE.FOAM_BOARD),
    };
  }

  private account(plan: Plan) {
    const rng = this.rng;
    const account = DEMO_ACCOUNTS.find((a) => a.acctnum === plan.acct)!;
    const home = account.location ?? 'C';
    const pool = this.pool(plan);
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
        const line = this.line(plan, pool, location);
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
        const { shipping, shipCost, packing } = this.freight(order, this.sum(lines.map((l) => l.total)));
        const itemTotal = this.sum(lines.map((l) => l.total));
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

  private sum(xs: number[]): number {
    let s = 0;
    for (const x of xs) s += x;
    return s;
  }

  /** One order line for a product from the account's pool. */
  private line(plan: Plan, pool: ReturnType<HistoryBuilder['pool']>, location: string): Line | null {
    const rng = this.rng;
    const acct = plan.acct;
    const account = DEMO_ACCOUNTS.find((a) => a.acctnum === acct)!;
    const kind = rng.weighted([
      ['moulding', 66],
      ['mat', 15],
      ['glass', 8],
      ['item', 7],
      ['fillet', 2],
      ['foam', 2],
    ] as const);
    const list =
      kind === 'moulding'
        ? rng.chance(0.7) && pool.favourites.length
          ? pool.favourites
          : pool.mouldings
        : kind === 'mat'
          ? pool.mats
          : kind === 'glass'
            ? pool.glass
            : kind === 'item'
              ? pool.items
              : kind === 'fillet'
                ? pool.fillets
                : pool.foam;
    if (list.length === 0) return null;
    const p = rng.pick(list);
    const instr = (letter: keyof typeof INSTRUCTIONS) =>
      rng.chance(0.2) ? rng.pick(INSTRUCTIONS[letter]) : null;
    const base = { p, location, join: 0, dims: null, sizeCode: null } as const;

    if (p.type === PRODUCT_TYPE.MOULDINGS) {
      const boxed = (p.boxQty ?? 0) > 0;
      const pcode = rng.weighted([
        ['L', 35],
        ['C', 30],
        ['J', 15],
        ['E', 10],
        [boxed ? 'B' : 'L', 10],
      ] as const);
      const length = Math.round(Number(p.length) * 100);
      if (pcode === 'L') {
        const feet = rng.pick([10, 12, 16, 20, 24, 30, 36, 40, 48, 50, 60, 80, 96, 100, 120]);
        const unit = discounted(length, rateOf(entryFor(this.discounts, acct, p, 'L', 'Length', location)));
        return {
          ...base,
          pcode,
          qty: feet * FT,
          footage: feet * FT,
          unit,
          total: extend(unit, feet * FT),
          instructions: instr('L'),
        };
      }
      if (pcode === 'B') {
        const boxes = rng.weighted([
          [1, 70],
          [2, 22],
          [3, 8],
        ] as const);
        const footage = boxes * (p.boxQty ?? 0) * FT;
        // 70% of the length price and no further discount; without box discount, the length price
        const unit = p.boxNoDiscount
          ? discounted(length, rateOf(entryFor(this.discounts, acct, p, 'L', 'Length', location)))
          : divRound(length * 70, 100);
        return {
          ...base,
          pcode,
          qty: boxes * FT,
          footage,
          unit,
          total: extend(unit, footage),
          instructions: null,
        };
      }
      // Chop, join or straight cut: frames of a size, footage by the storefront §5 rule.
      const frames = rng.weighted([
        [1, 50],
        [2, 25],
        [3, 10],
        [4, 8],
        [6, 7],
      ] as const);
      const [a, b] = rng.pick(COMMON_SIZES);
      const frac = () => (rng.chance(0.3) ? rng.pick([2, 4, 8, 12]) : 0);
      const dims = { hInt: b, hFrac: frac(), wInt: a, wFrac: frac() };
      const rail = pcode !== 'J' && rng.chance(0.08);
      const wS = Math.round(Number(p.width) * 16);
      const h = sixteenths(dims.hInt, dims.hFrac);
      const w = sixteenths(dims.wInt, dims.wFrac);
      // In sixteenths: (perimeter + 8 × width) / 12 in, rounded up to half a foot (96 sixteenths).
      const perFrameS = rail ? 2 * wS + h : 2 * (h + w) + 8 * wS;
      let footage = Math.ceil(perFrameS / 96) * 50 * frames;
      if (pcode !== 'E') footage = Math.max(footage, 4 * FT);
      const price = pcode === 'C' ? p.chop : pcode === 'J' ? p.joinAmt : p.length2;
      const general = pcode === 'C' ? 'Chop' : pcode === 'J' ? 'Join' : null;
      const entry = entryFor(this.discounts, acct, p, pcode, general, location);
      const unit = discounted(Math.round(Number(price) * 100), rateOf(entry));
      const oversize = (h + w) / 16 > 100;
      let join = 0;
      if (pcode === 'J') {
        // the join fee per frame, plus the oversize fee over 100 united inches
        const c = (v: string | null | undefined) => Math.round(Number(v ?? 0) * 100);
        const fee = c(entry?.joinFee ?? p.joinFee);
        const os = oversize ? c(entry?.joinOsFee ?? p.joinOsFee) : 0;
        join = (fee + os) * frames;
      }
      return {
        p,
        location,
        pcode,
        qty: frames * FT,
        footage,
        unit,
        join,
        total: extend(unit, footage) + join,
        dims: rail ? { hInt: dims.hInt, hFrac: dims.hFrac, wInt: 0, wFrac: 0 } : dims,
        sizeCode: oversize ? 'OS' : 'STD',
        instructions: instr(pcode),
      };
    }

    // Items sold by quantity, priced as packages/domain prices them: the level's column, then the entry.
    const bypass = p.bypass === 'BYPASS';
    const c = (v: string | null | undefined) => Math.round(Number(v ?? 0) * 100);
    let qty: number;
    let listPrice: number;
    let entry: DiscountRow | undefined;
    if (p.frameType === 'MOULDING') {
      qty = rng.pick([6, 8, 10, 12, 16, 20, 24]); // fillets, by the foot
      listPrice = c(p.length);
      entry = entryFor(this.discounts, acct, p, 'L', 'Length', location);
    } else if (p.frameType === 'MATS') {
      qty = rng.pick([1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25]);
      const level = bypass ? 1 : Math.min(5, Math.max(1, Number(account.bDisc ?? '1') || 1));
      listPrice = c([p.mat1, p.mat2, p.mat3, p.mat4, p.mat5][level - 1] ?? p.mat1);
      const general = p.type === PRODUCT_TYPE.FOAM_BOARD ? 'FoamBoard' : null;
      entry = entryFor(this.discounts, acct, p, 'M', general, location);
    } else if (p.frameType === 'GLASS') {
      qty = rng.pick([1, 2, 3, 4, 5, 6, 10, 12, 20]);
      const level = bypass ? 1 : glassLevel(account.gDisc);
      listPrice = c(level === 4 ? p.mat5 : [p.glass1, p.glass2, p.glass3][level - 1]);
      entry = entryFor(this.discounts, acct, p, 'G', 'Glass', location);
    } else {
      qty = rng.pick([1, 1, 2, 2, 3, 4, 5, 6, 10]);
      listPrice = c(p.type === PRODUCT_TYPE.READYMADE ? (p.readymade ?? p.hardware) : p.hardware);
      entry = entryFor(this.discounts, acct, p, 'H', 'Hardware', location);
    }
    const unit = discounted(listPrice, rateOf(entry));
    const line: Line = {
      ...base,
      pcode: '',
      qty: qty * FT,
      footage: null,
      unit,
      total: extend(unit, qty * FT),
      instructions: null,
    };
    if (qty >= 4 && p.type !== PRODUCT_TYPE.FILLETS && rng.chance(0.08)) {
      line.firstShip = Math.floor(qty / 2) * FT; // the rest was back-ordered and shipped later
    }
    return line;
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
      const itemTotal = this.sum(part.lines.map((l) => l.total));
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

  /** Payment state of every invoice of a plan, the payment batch, cards and on-account credits. */
  private settle(plan: Plan) {
    const rng = this.rng;
    const acct = plan.acct;
    const invs = this.drafts
      .filter((o) => o.acct === acct)
      .flatMap((o) => o.invoices)
      .filter((i) => !i.memo)
      .sort((a, b) => a.date.getTime() - b.date.getTime());
    for (const inv of invs) {
      const age = this.daysAgo(inv.date);
      let status: 0 | 1 | 3;
      if (plan.mode === 'allPaid') status = 1;
      else if (plan.mode === 'overdue') status = age > 45 && rng.chance(0.4) ? 1 : 0;
      else if (age > 45)
        status = rng.weighted([
          [1, 90],
          [3, 5],
          [0, 5],
        ] as const);
      else if (age > 25)
        status = rng.weighted([
          [1, 50],
          [3, 10],
          [0, 40],
        ] as const);
      else
        status = rng.weighted([
          [1, 15],
          [0, 85],
        ] as const);
      if (inv.invamt <= 0) status = 1;
      inv.paystatus = status;
      const payDay = () => {
        const after = Math.min(rng.int(8, 35), Math.max(0, age - 1));
        return this.at(age - after);
      };
      if (status === 1 && inv.invamt > 0) {
        if (rng.chance(0.1) && inv.invamt > 2000) {
          const first = divRound(inv.invamt, 200) * 100; // about half, in whole dollars
          inv.payments.push({ date: payDay(), amount: first, card: false });
          inv.payments.push({ date: payDay(), amount: inv.invamt - first, card: rng.chance(plan.cardShare) });
          inv.payments.sort((a, b) => a.date.getTime() - b.date.getTime());
        } else {
          inv.payments.push({ date: payDay(), amount: inv.invamt, card: rng.chance(plan.cardShare) });
        }
      } else if (status === 3) {
        let part = Math.floor((inv.invamt * (0.3 + rng.next() * 0.4)) / 100) * 100;
        if (part <= 0 || part >= inv.invamt) part = Math.floor(inv.invamt / 2);
        if (part <= 0) inv.paystatus = 0;
        else inv.payments.push({ date: payDay(), amount: part, card: rng.chance(plan.cardShare) });
      }
    }

    const userId = this.userIds.get(acct) ?? null;
    const account = DEMO_ACCOUNTS.find((a) => a.acctnum === acct)!;
    for (const card of CARDS[acct] ?? []) {
      const year = new Date(this.today).getUTCFullYear() + card.exp[1];
      this.out.billingMethods.push({
        id: card.id,
        acctnum: acct,
        name: card.name,
        lastFour: card.lastFour,
        expmonth: card.exp[0],
        expyear: year,
        type: card.type,
        isDefault: card === CARDS[acct][0],
        billingName: account.contact ?? account.company,
        billingAddress: account.address1 ?? '',
        billingCity: account.city ?? '',
        billingState: account.state ?? '',
        billingPostal: account.zip ?? '',
        // an opaque vaulted-card token of the sandbox gateway (seeded into its vault beside this row)
        gatewayToken: `sbxv_${createHash('sha256').update(`demo:${acct}:${card.id}`).digest('base64url').slice(0, 24)}`,
        createdAt: new Date(this.today - 400 * DAY),
      });
    }
    const card = (CARDS[acct] ?? [])[0];

    // Card payments become payment rows; one processed batch paid some invoices together.
    let batch: { id: number; date: Date; members: { inv: DraftInvoice; ok: boolean }[] } | undefined;
    if (plan.batchDaysAgo !== undefined && card) {
      const date = this.at(plan.batchDaysAgo);
      const paid = invs.filter(
        (i) =>
          i.paystatus === 1 &&
          i.payments.length === 1 &&
          this.daysAgo(i.date) > plan.batchDaysAgo! + 3 &&
          this.daysAgo(i.date) < plan.batchDaysAgo! + 60,
      );
      const unpaid = invs.filter((i) => i.paystatus === 0 && this.daysAgo(i.date) > plan.batchDaysAgo! + 1);
      const members = [
        ...paid.slice(-2).map((inv) => ({ inv, ok: true })),
        ...unpaid.slice(acct === '10001' ? -1 : unpaid.length).map((inv) => ({ inv, ok: false })),
      ];
      if (members.length > 0) {
        batch = { id: this.out.paymentBatches.length + 1, date, members };
        for (const m of members.filter((x) => x.ok))
          m.inv.payments = [{ date, amount: m.inv.invamt, card: true }];
      }
    }

    for (const inv of invs) {
      const member = batch?.members.find((m) => m.inv === inv);
      inv.payments.forEach((pay, k) => {
        // the shop's own record of a card payment; the ERP's payment line below records it on the invoice
        if (pay.card && card) {
          this.out.payments.push({
            id: this.out.payments.length + 1,
            acctnum: acct,
            invnum: inv.invnum!,
            userId,
            amount: cents(pay.amount),
            status: 'succeeded',
            gateway: 'sandbox',
            gatewayTransactionId: `sbx_${inv.invnum}_${k + 1}`,
            lastFour: card.lastFour,
            cardType: card.type,
            message: 'Approved',
            batchId: member ? batch!.id : null,
            createdAt: pay.date,
            updatedAt: pay.date,
          });
        }
        this.out.erp.payments.push({
          invnum: inv.invnum!,
          seqnum: k + 1,
          tran_date: pay.date.toISOString(),
          amount: cents(pay.amount),
        });
      });
    }

    if (batch && card) {
      let total = 0;
      for (const m of batch.members) {
        total += m.inv.invamt;
        let paymentId: number | null;
        if (m.ok) {
          paymentId =
            this.out.payments.find((p) => p.invnum === m.inv.invnum && p.batchId === batch.id)?.id ?? null;
        } else {
          paymentId = this.out.payments.length + 1;
          this.out.payments.push({
            id: paymentId,
            acctnum: acct,
            invnum: m.inv.invnum!,
            userId,
            amount: cents(m.inv.invamt),
            status: 'failed',
            gateway: 'sandbox',
            gatewayTransactionId: `sbx_${m.inv.invnum}_declined`,
            lastFour: card.lastFour,
            cardType: card.type,
            message: 'Declined: do not honor',
            batchId: batch.id,
            createdAt: batch.date,
            updatedAt: batch.date,
          });
        }
        const processed = new Date(batch.date.getTime() + 3_600_000);
        this.out.batchPayments.push({
          id: this.out.batchPayments.length + 1,
          paymentBatchId: batch.id,
          invoiceId: m.inv.invnum!,
          acctnum: acct,
          amount: cents(m.inv.invamt),
          status: m.ok ? 'Approved' : 'Declined',
          paymentStatusId: m.ok ? 2 : 3,
          paymentId,
          createdAt: batch.date,
          updatedAt: processed,
        });
      }
      this.out.paymentBatches.push({
        id: batch.id,
        acctnum: acct,
        userId,
        billingMethodId: card.id,
        total: cents(total),
        createdAt: batch.date,
        processedAt: new Date(batch.date.getTime() + 3_600_000),
      });
    }

    // Credit memos stay open as credits; 5000… numbers are on-account credits without an invoice.
    const memos = this.drafts.filter((o) => o.acct === acct).flatMap((o) => o.invoices.filter((i) => i.memo));
    memos.forEach((m, k) => {
      const applied = k === 0 && memos.length > 1 ? m.invamt : 0; // the oldest was used against an invoice
      // the ERP sends a credit's size and the part used as amounts of 0 or more
      this.out.erp.credits.push({
        invnum: m.invnum!,
        acctnum: acct,
        tran_date: m.date.toISOString(),
        invamt: cents(-m.invamt),
        payamt: cents(-applied),
      });
    });
    for (const [invnum, amount, daysAgo] of plan.onAccountCredits) {
      this.out.erp.credits.push({
        invnum,
        acctnum: acct,
        tran_date: this.at(daysAgo).toISOString(),
        invamt: cents(-amount),
        payamt: cents(0),
      });
    }
  }

  private emit() {
    const out = this.out;
    const drafts = this.drafts.slice().sort((a, b) => a.ordnum! - b.ordnum!);
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
      const itemTotal = this.sum(o.lines.map((l) => l.total));
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
        userId: o.operator === 'WEB' ? (this.userIds.get(o.acct) ?? null) : null,
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
          ...this.itemFields(l),
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
            const f = this.itemFields(il.line);
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

  private itemFields(l: Line) {
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
