// What an account of the demo history buys: its own pool of products, and one order line at a time — a moulding
// by length, by the box or cut to a frame size, or an item sold by quantity — priced as the shop prices it.
import { DEMO_ACCOUNTS } from './accounts.ts';
import type { ProductRow } from './catalogue-builder.ts';
import { type DiscountRow, entryFor, rateOf } from './discounts.ts';
import { FT, type HistoryContext, type Line } from './history-drafts.ts';
import type { Plan } from './history-plans.ts';
import { discounted, divRound, extend } from './money.ts';
import type { Rng } from './random.ts';
import { glassLevel, PRODUCT_TYPE } from './reference.ts';

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

/** A catalogue price ('12.50') in cents. */
const priceCents = (v: string | null | undefined) => Math.round(Number(v ?? 0) * 100);

/** The buyer's instructions on one line in five. */
const instructionFor = (rng: Rng, letter: keyof typeof INSTRUCTIONS) =>
  rng.chance(0.2) ? rng.pick(INSTRUCTIONS[letter]) : null;

/** The products an account buys, by kind. */
export interface Pool {
  mouldings: ProductRow[];
  /** A dozen mouldings the account comes back to. */
  favourites: ProductRow[];
  mats: ProductRow[];
  glass: ProductRow[];
  items: ProductRow[];
  fillets: ProductRow[];
  foam: ProductRow[];
}

/** The account's own products: those whose catalogue index % 4 is the plan's pool. */
export function accountPool(products: ProductRow[], plan: Plan, rng: Rng): Pool {
  const mine = products.filter((_, i) => i % 4 === plan.pool);
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

/** One order line for a product from the account's pool. */
export function orderLine(ctx: HistoryContext, plan: Plan, pool: Pool, location: string): Line | null {
  const rng = ctx.rng;
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
  if (p.type === PRODUCT_TYPE.MOULDINGS) return mouldingLine(ctx, plan.acct, p, location);
  return itemLine(ctx, plan.acct, p, location);
}

/** A moulding by length, by the box, or cut (chop, join, straight cut) to a frame size. */
function mouldingLine(ctx: HistoryContext, acct: string, p: ProductRow, location: string): Line {
  const rng = ctx.rng;
  const base = { p, location, join: 0, dims: null, sizeCode: null } as const;
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
    const unit = discounted(length, rateOf(entryFor(ctx.discounts, acct, p, 'L', 'Length', location)));
    return {
      ...base,
      pcode,
      qty: feet * FT,
      footage: feet * FT,
      unit,
      total: extend(unit, feet * FT),
      instructions: instructionFor(rng, 'L'),
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
      ? discounted(length, rateOf(entryFor(ctx.discounts, acct, p, 'L', 'Length', location)))
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
  return cutLine(ctx, acct, p, location, pcode);
}

/** Chop, join or straight cut: frames of a size, footage by the storefront §5 rule. */
function cutLine(
  ctx: HistoryContext,
  acct: string,
  p: ProductRow,
  location: string,
  pcode: 'C' | 'J' | 'E',
): Line {
  const rng = ctx.rng;
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
  const entry = entryFor(ctx.discounts, acct, p, pcode, general, location);
  const unit = discounted(Math.round(Number(price) * 100), rateOf(entry));
  const oversize = (h + w) / 16 > 100;
  let join = 0;
  if (pcode === 'J') {
    // the join fee per frame, plus the oversize fee over 100 united inches
    const fee = priceCents(entry?.joinFee ?? p.joinFee);
    const os = oversize ? priceCents(entry?.joinOsFee ?? p.joinOsFee) : 0;
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
    instructions: instructionFor(rng, pcode),
  };
}

/** Items sold by quantity, priced as packages/domain prices them: the level's column, then the entry. */
function itemLine(ctx: HistoryContext, acct: string, p: ProductRow, location: string): Line {
  const rng = ctx.rng;
  const account = DEMO_ACCOUNTS.find((a) => a.acctnum === acct)!;
  const bypass = p.bypass === 'BYPASS';
  let qty: number;
  let listPrice: number;
  let entry: DiscountRow | undefined;
  if (p.frameType === 'MOULDING') {
    qty = rng.pick([6, 8, 10, 12, 16, 20, 24]); // fillets, by the foot
    listPrice = priceCents(p.length);
    entry = entryFor(ctx.discounts, acct, p, 'L', 'Length', location);
  } else if (p.frameType === 'MATS') {
    qty = rng.pick([1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25]);
    const level = bypass ? 1 : Math.min(5, Math.max(1, Number(account.bDisc ?? '1') || 1));
    listPrice = priceCents([p.mat1, p.mat2, p.mat3, p.mat4, p.mat5][level - 1] ?? p.mat1);
    const general = p.type === PRODUCT_TYPE.FOAM_BOARD ? 'FoamBoard' : null;
    entry = entryFor(ctx.discounts, acct, p, 'M', general, location);
  } else if (p.frameType === 'GLASS') {
    qty = rng.pick([1, 2, 3, 4, 5, 6, 10, 12, 20]);
    const level = bypass ? 1 : glassLevel(account.gDisc);
    listPrice = priceCents(level === 4 ? p.mat5 : [p.glass1, p.glass2, p.glass3][level - 1]);
    entry = entryFor(ctx.discounts, acct, p, 'G', 'Glass', location);
  } else {
    qty = rng.pick([1, 1, 2, 2, 3, 4, 5, 6, 10]);
    listPrice = priceCents(p.type === PRODUCT_TYPE.READYMADE ? (p.readymade ?? p.hardware) : p.hardware);
    entry = entryFor(ctx.discounts, acct, p, 'H', 'Hardware', location);
  }
  const unit = discounted(listPrice, rateOf(entry));
  const line: Line = {
    p,
    location,
    join: 0,
    dims: null,
    sizeCode: null,
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
