import type { SessionAccount } from '@mitrebox/api-contract';
import type { PricingAccount } from '@mitrebox/domain';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import {
  type AccountPricingRow,
  discountsOfAccount,
  listDiscountLevels,
  pricingOfAccount,
  pricingTextOfAccount,
} from './pricing.repository.ts';

/** An account's pricing as a listing prices with it, and the key of the answers it gives (listingPricing). */
export interface ListingPricing {
  key: string;
  pricing: PricingAccount;
}

/** One discount entry as packages/domain prices with it. */
export const toDiscount = (d: {
  vendor: string;
  key: string;
  discRate: string;
  joinFee: string | null;
  joinOsFee: string | null;
}) => ({ Vendor: d.vendor, key: d.key, DiscRate: d.discRate, JoinFee: d.joinFee, JoinOSFee: d.joinOsFee });

/** What packages/domain prices with, from the pricing as the database reads it. */
export const toPricing = (p: AccountPricingRow): PricingAccount => ({
  glassCode: p.glassCode,
  matCode: p.matCode,
  discounts: p.discounts.map(toDiscount),
});

/**
 * The key of a listing's answers and net prices for an account: its warehouse and its pricing's JSON text exactly
 * as the database writes it (glass and mat levels, every discount entry in order), so accounts whose pricing is the
 * same share answers, and any difference is another key.
 */
export const pricingKey = (account: SessionAccount, pricingText: string) =>
  `${account.Location ?? ''}|${pricingText}`;

const DISCOUNT_LABELS = {
  B_Disc: 'Mats',
  C_Disc: 'Chop',
  G_Disc: 'Glass',
  J_Disc: 'Join',
  L_Disc: 'Length',
  H_Disc: 'Hardware',
} as const;

export type CataloguePricing = ReturnType<typeof createCataloguePricing>;

/** An account's prices: its glass and mat levels and discount entries, as listings, pages and the cart read them. */
export function createCataloguePricing(deps: { db: Db; config: Config }) {
  const { db, config } = deps;

  /** An account's pricing for listings, kept per account for LISTING_CACHE_MS (the age a cached listing may have). */
  const listingPricings = new LRUCache<string, ListingPricing>({
    max: 10_000,
    ttl: config.LISTING_CACHE_MS || 1,
  });

  return {
    /** What packages/domain prices with for this account: its glass and mat levels and every discount entry. */
    async pricingOf(acctnum: string): Promise<PricingAccount> {
      return toPricing(await pricingOfAccount(db, acctnum));
    },

    /** Every discount entry of an account, in the shape packages/domain prices with. */
    async accountDiscounts(acctnum: string, q: Queryable = db) {
      return (await discountsOfAccount(q, acctnum)).map(toDiscount);
    },

    /**
     * The account's pricing for listings (kept for LISTING_CACHE_MS): `key` names the answers it gives, the same for
     * every account with the same warehouse, levels and discounts (the micro-cache of listings is keyed by it).
     */
    async listingPricing(account: SessionAccount): Promise<ListingPricing> {
      const kept = config.LISTING_CACHE_MS ? listingPricings.get(account.Acctnum) : undefined;
      if (kept) return kept;
      const text = await pricingTextOfAccount(db, account.Acctnum);
      const priced = {
        key: pricingKey(account, text),
        pricing: toPricing(JSON.parse(text) as AccountPricingRow),
      };
      if (config.LISTING_CACHE_MS) listingPricings.set(account.Acctnum, priced);
      return priced;
    },

    /**
     * The account's discount levels as labels (My Account, GET /api/discountlbl): each code of the account
     * (B_Disc mats, C_Disc chop, G_Disc glass, J_Disc join, L_Disc length, H_Disc hardware) with its name.
     */
    async discountLabels(
      codes: Record<'B_Disc' | 'C_Disc' | 'G_Disc' | 'J_Disc' | 'L_Disc' | 'H_Disc', string | null>,
    ) {
      const levels = await listDiscountLevels(db);
      return (Object.keys(DISCOUNT_LABELS) as (keyof typeof DISCOUNT_LABELS)[]).map((field) => {
        const category = field[0];
        const code = codes[field];
        const level = levels.find((l) => l.category === category && l.code === code);
        return {
          category,
          field,
          label: DISCOUNT_LABELS[field],
          code,
          name: level?.name ?? (code ? code : 'None'),
        };
      });
    },
  };
}
