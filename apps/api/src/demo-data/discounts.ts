import type { discounts } from '../schema.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { levelRate } from './reference.ts';

export type DiscountRow = typeof discounts.$inferInsert;

type Entry = [key: string, rate: number, joinFee?: string, joinOsFee?: string];

/**
 * Vendor entries per account: the `vendor` column holds a product Vendor letter (R, T, W, P, K, N, V, F,
 * Q) or a FrameLine letter (A, D); the key is the order-type letter L, C, J, E, H, G or M.
 */
const VENDOR_ENTRIES: Record<string, Record<string, Entry[]>> = {
  '10001': {
    R: [
      ['L', 35],
      ['C', 25],
      ['J', 25, '3.50', '7.00'],
      ['E', 15],
    ],
    P: [
      ['L', 40],
      ['C', 30],
      ['J', 30, '3.00', '6.00'],
      ['E', 20],
    ],
    D: [
      ['L', 10],
      ['C', 10],
      ['J', 10],
    ],
    N: [['M', 5]],
    V: [['G', 5]],
    F: [['H', 10]],
  },
  '10002': {
    P: [
      ['L', 15],
      ['C', 10],
      ['J', 10, '4.50', '9.00'],
      ['E', 5],
    ],
  },
  '10003': {
    P: [
      ['L', 20],
      ['C', 15],
      ['J', 15, '4.25', '8.50'],
      ['E', 10],
    ],
    F: [['H', 5]],
  },
  '10004': {
    W: [
      ['L', 20],
      ['C', 15],
      ['J', 15, '4.25', '8.50'],
      ['E', 10],
    ],
  },
  '10005': {
    W: [
      ['L', 42],
      ['C', 32],
      ['J', 32, '3.25', '6.50'],
      ['E', 22],
    ],
    T: [
      ['L', 38],
      ['C', 28],
      ['J', 28, '3.50', '7.00'],
      ['E', 18],
    ],
    D: [
      ['L', 12],
      ['C', 12],
      ['J', 12],
    ],
    N: [['M', 8]],
    V: [['G', 5]],
    F: [['H', 12]],
  },
  '10006': {
    P: [
      ['L', 15],
      ['C', 10],
      ['J', 10, '4.50', '9.00'],
    ],
  },
  '10007': {
    R: [
      ['L', 25],
      ['C', 20],
      ['J', 20, '4.00', '8.00'],
      ['E', 10],
    ],
    V: [['G', 3]],
  },
};

/** The discounts table for every demo account: vendor entries plus the general keys (vendor ''). */
export function buildDiscounts(): DiscountRow[] {
  const rows: DiscountRow[] = [];
  for (const a of DEMO_ACCOUNTS) {
    const acct = a.acctnum;
    for (const [vendor, entries] of Object.entries(VENDOR_ENTRIES[acct] ?? {})) {
      for (const [key, rate, joinFee, joinOsFee] of entries) {
        rows.push({
          acctnum: acct,
          vendor,
          key,
          discRate: String(rate),
          joinFee: joinFee ?? null,
          joinOsFee: joinOsFee ?? null,
        });
      }
    }
    const premium = a.gDisc === 'Premium' || a.gDisc === 'Max';
    const general: Entry[] = [
      ['Length', levelRate('L', a.lDisc)],
      ['Chop', levelRate('C', a.cDisc)],
      [
        'Join',
        levelRate('J', a.jDisc),
        acct === '10005' ? '3.50' : '4.00',
        acct === '10005' ? '7.00' : '8.00',
      ],
      ['Hardware', levelRate('H', a.hDisc)],
      ['Glass', premium ? 5 : 0],
      ['FoamBoard', premium ? 10 : a.bDisc === '2' ? 5 : 0],
    ];
    if (acct === '10005') {
      // Mile High buys from the Denver warehouse on a regional contract.
      general.push(['Denver_Length', 45], ['Denver_Chop', 35], ['Denver_Join', 35, '3.00', '6.00']);
    }
    for (const [key, rate, joinFee, joinOsFee] of general) {
      rows.push({
        acctnum: acct,
        vendor: '',
        key,
        discRate: String(rate),
        joinFee: joinFee ?? null,
        joinOsFee: joinOsFee ?? null,
      });
    }
  }
  return rows;
}

/**
 * The discount entry that applies to a product line, as packages/domain prices it: the entry of the
 * product's vendor for the letter, else of its FrameLine, else the general key (Denver_* when shipped from
 * Denver and the account has one). BYPASS products and straight cut without a vendor entry get none.
 */
export function entryFor(
  rows: DiscountRow[],
  acct: string,
  p: { vendor?: string | null; frameLine?: string | null; bypass?: string | null },
  letter: string,
  general: string | null,
  location: string,
): DiscountRow | undefined {
  if ((p.bypass ?? '').trim().toUpperCase() === 'BYPASS') return undefined;
  const mine = rows.filter((r) => r.acctnum === acct);
  const find = (vendor: string | null | undefined) =>
    vendor ? mine.find((r) => r.vendor === vendor && r.key === letter) : undefined;
  const byVendor = find(p.vendor) ?? find(p.frameLine);
  if (byVendor || !general) return byVendor;
  if (location === 'G') {
    const denver = mine.find((r) => r.vendor === '' && r.key === `Denver_${general}`);
    if (denver) return denver;
  }
  return mine.find((r) => r.vendor === '' && r.key === general);
}

export const rateOf = (row: DiscountRow | undefined) => (row ? Number(row.discRate) : 0);
