// Who buys what in the demo history: each account's plan (how many orders, how it pays) and its stored cards.

export interface Plan {
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

/** The accounts with a history, in the order they are generated (the order of their random draws). */
export const PLANS: Plan[] = [
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

/** The cards an account has stored; `exp` is [month, years after this year]. */
export const CARDS: Record<
  string,
  { id: number; name: string; lastFour: string; type: string; exp: [number, number] }[]
> = {
  '10001': [
    { id: 1, name: 'Shop Visa', lastFour: '1111', type: 'Visa', exp: [8, 3] },
    { id: 2, name: 'Backup Mastercard', lastFour: '4444', type: 'MasterCard', exp: [2, 2] },
  ],
  '10005': [{ id: 3, name: 'Studio Amex', lastFour: '0005', type: 'American Express', exp: [11, 4] }],
};
