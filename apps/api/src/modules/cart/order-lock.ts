import type { CartItemInput, SessionUser } from '@mitrebox/api-contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../platform/db.ts';
import { carts } from './cart.tables.ts';

/** The cart's part in placing an order (orders/place-order.ts): it locks itself, then empties. */

/**
 * Locks the cart row for order placement (one placement at a time per cart). When the order is to be made from
 * the version locked (no version asked for, or that one), the same statement empties the cart: it runs inside
 * the order's transaction, so a placement that fails keeps the cart, and the order's last round trip is saved.
 * Otherwise (emptied false) the caller empties it with emptyAfterOrder once it knows it places an order.
 * `alsoLock` takes the lock on the cart's products (their stock) in the same round trip, after the cart's.
 */
export async function lockForOrder(
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
}

/** Empties the cart inside the order's transaction, when lockForOrder did not. */
export async function emptyAfterOrder(tx: Queryable, user: SessionUser) {
  await tx
    .update(carts)
    .set({ cartdata: [], version: sql`${carts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(carts.userId, user.id), eq(carts.acctnum, user.accounts[0].Acctnum)));
}
