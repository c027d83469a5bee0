import type { CartItem, CartItemInput, CartResponse, SessionUser } from '@mitrebox/api-contract';
import { linesTotal, messages } from '@mitrebox/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';
import type { AccountFacts } from '../accounts/accounts.service.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { cornerSampleSettings } from '../catalogue/staff-settings.service.ts';
import { computeLine, type PricingContext } from './cart.pricing.ts';
import { carts } from './cart.tables.ts';
import { emptyAfterOrder, lockForOrder } from './order-lock.ts';
import { createSampleLimit } from './sample-limit.ts';
import { isSampleInput, repeatedSample, type SamplesOrdered } from './sample-line.ts';

export type CartService = ReturnType<typeof createCartService>;

export interface ComputedCart {
  items: CartItem[];
  errors: Record<string, string>;
  /** The account's row as read with the products (undefined when no line's product exists). */
  account: AccountFacts | undefined;
}

export function createCartService(deps: {
  db: Db;
  config: Config;
  catalogue: CatalogueService;
  /** The corner samples an account ordered this month (the orders' count, for the monthly limit). */
  samplesOrdered: SamplesOrdered;
}) {
  const { db, config, catalogue } = deps;
  const sampleLimit = createSampleLimit({ db, config, samplesOrdered: deps.samplesOrdered });

  /** Purchase-blocked accounts have no cart at all (storefront §4, §6). */
  function assertMayBuy(user: SessionUser) {
    if (user.purchaseBlocked)
      throw new AppError('purchase_blocked', 403, messages.purchaseBlocked(config.CUSTOMER_SERVICE_PHONE));
  }

  /** The products of the lines with their stock, and the account's prices and row: one round trip. */
  async function pricingContext(
    user: SessionUser,
    codes: string[],
    q: Queryable = db,
  ): Promise<PricingContext & { row: AccountFacts | undefined }> {
    const account = user.accounts[0];
    const found = await catalogue.forAccount([...new Set(codes)], account, q);
    return {
      account,
      pricing: found.pricing,
      products: new Map(found.products.map((p) => [p.Code, p])),
      row: found.account,
    };
  }

  /** Recomputes every line; lines that break a rule are reported by index ('cartdata.3'). */
  async function compute(
    user: SessionUser,
    inputs: CartItemInput[],
    q: Queryable = db,
  ): Promise<ComputedCart> {
    const ctx = await pricingContext(
      user,
      inputs.map((i) => i.Code),
      q,
    );
    if (inputs.some(isSampleInput)) ctx.samples = await cornerSampleSettings(q);
    const items: CartItem[] = [];
    const errors: Record<string, string> = {};
    inputs.forEach((input, i) => {
      const result = computeLine(input, ctx);
      if (result.ok) items.push(result.item);
      else errors[`cartdata.${i}`] = result.message;
    });
    return { items, errors, account: ctx.row };
  }

  async function stored(user: SessionUser, q: Queryable = db) {
    const [row] = await q
      .select()
      .from(carts)
      .where(and(eq(carts.userId, user.id), eq(carts.acctnum, user.accounts[0].Acctnum)))
      .limit(1);
    return { inputs: (row?.cartdata ?? []) as CartItemInput[], version: row?.version ?? 0 };
  }

  function response(items: CartItem[], version: number): CartResponse {
    return {
      data: items,
      total: linesTotal(items.map((i) => i.calc.totalPrice)),
      count: items.length,
      version,
    };
  }

  /** The inputs a computed line keeps (what is stored: never a price). */
  const inputOf = (item: CartItem): CartItemInput => ({
    Code: item.Code,
    productSelection: item.productSelection,
    backtype: item.backtype,
  });

  return {
    assertMayBuy,
    compute,

    async getCart(user: SessionUser): Promise<CartResponse> {
      assertMayBuy(user);
      const { inputs, version } = await stored(user);
      // Lines that no longer hold (an item withdrawn) are dropped from what is shown.
      const { items } = await compute(user, inputs);
      return response(items, version);
    },

    /** POST /api/updateCart: the whole cart is sent; every line is re-checked and re-priced. */
    async updateCart(user: SessionUser, inputs: CartItemInput[]): Promise<CartResponse> {
      assertMayBuy(user);
      const repeated = repeatedSample(inputs);
      if (repeated) throw unprocessable(repeated.message, { [repeated.key]: repeated.message });
      const { items, errors } = await compute(user, inputs);
      const first = Object.values(errors)[0];
      if (first) throw unprocessable(first, errors);
      // more samples than the cart held are checked against the month's limit (fewer never are refused); a cart
      // without samples reads nothing more (round-trips.test.ts counts the statements)
      const samples = inputs.filter(isSampleInput).length;
      if (samples > 0 && samples > (await stored(user)).inputs.filter(isSampleInput).length)
        await sampleLimit.assertWithinLimit(user, items);
      const acctnum = user.accounts[0].Acctnum;
      const cartdata = items.map(inputOf);
      const [row] = await db
        .insert(carts)
        .values({ userId: user.id, acctnum, cartdata, version: 1 })
        .onConflictDoUpdate({
          target: [carts.userId, carts.acctnum],
          set: { cartdata, version: sql`${carts.version} + 1`, updatedAt: new Date() },
        })
        .returning({ version: carts.version });
      return response(items, row.version);
    },

    lockForOrder,
    emptyAfterOrder,

    /** The midnight clearing: every cart empties. */
    async clearAll(q: Queryable = db): Promise<number> {
      const rows = await q
        .update(carts)
        .set({ cartdata: [], version: sql`${carts.version} + 1`, updatedAt: new Date() })
        .where(sql`jsonb_array_length(${carts.cartdata}) > 0`)
        .returning({ userId: carts.userId });
      return rows.length;
    },

    storedCart: stored,
    /** The corner samples' monthly limit (checked again when the order is placed). */
    sampleLimit,
  };
}
