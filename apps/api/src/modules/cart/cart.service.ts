import type { CartItem, CartItemInput, CartResponse, SessionUser } from '@mitrebox/api-contract';
import { linesTotal, messages } from '@mitrebox/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, type Queryable, queryRows } from '../../platform/db.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';
import type { AccountFacts } from '../accounts/accounts.service.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { computeLine, type PricingContext } from './cart.pricing.ts';
import { carts } from './cart.tables.ts';

export type CartService = ReturnType<typeof createCartService>;

export interface ComputedCart {
  items: CartItem[];
  errors: Record<string, string>;
  /** The account's row as read with the products (undefined when no line's product exists). */
  account: AccountFacts | undefined;
}

export function createCartService(deps: { db: Db; config: Config; catalogue: CatalogueService }) {
  const { db, config, catalogue } = deps;

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
      const { items, errors } = await compute(user, inputs);
      const first = Object.values(errors)[0];
      if (first) throw unprocessable(first, errors);
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

    /**
     * Locks the cart row for order placement (one placement at a time per cart). When the order is to be made from
     * the version locked (no version asked for, or that one), the same statement empties the cart: it runs inside
     * the order's transaction, so a placement that fails keeps the cart, and the order's last round trip is saved.
     * Otherwise (emptied false) the caller empties it with emptyAfterOrder once it knows it places an order.
     * `alsoLock` takes the lock on the cart's products (their stock) in the same round trip, after the cart's.
     */
    async lockForOrder(
      tx: Queryable,
      user: SessionUser,
      version?: number,
      /** A lock to take in the same statement once the cart is locked, of the cart's item #s (a subquery). */
      alsoLock?: (codes: SQL) => SQL,
    ) {
      const acctnum = user.accounts[0].Acctnum;
      const also = alsoLock?.(sql`select e->>'Code' from locked, jsonb_array_elements(locked.cartdata) e`);
      const [row] = await queryRows<{ cartdata: CartItemInput[]; version: number; emptied: boolean }>(
        tx,
        sql`with locked as (
              select user_id, acctnum, cartdata, version from carts
              where user_id = ${user.id} and acctnum = ${acctnum} for update
            ),${also ? sql` also as (${also}),` : sql``} emptied as (
              update carts set cartdata = '[]'::jsonb, version = carts.version + 1, updated_at = ${new Date()}
              from locked
              where carts.user_id = locked.user_id and carts.acctnum = locked.acctnum
                and (${version ?? null}::int is null or locked.version = ${version ?? null}::int)
              returning 1
            )
            select cartdata, version, exists (select from emptied) as emptied${
              also ? sql`, (select count(*) from also) as also_locked` : sql``
            } from locked`,
      );
      return {
        inputs: row?.cartdata ?? [],
        version: row?.version ?? 0,
        emptied: row?.emptied ?? false,
      };
    },

    async emptyAfterOrder(tx: Queryable, user: SessionUser) {
      await tx
        .update(carts)
        .set({ cartdata: [], version: sql`${carts.version} + 1`, updatedAt: new Date() })
        .where(and(eq(carts.userId, user.id), eq(carts.acctnum, user.accounts[0].Acctnum)));
    },

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
  };
}
