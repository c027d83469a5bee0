import type { CartItem, CartItemInput, SessionUser } from '@mitrebox/api-contract';
import { isValidPo, linesTotal, messages, orderTotal, PO_MESSAGE, toSixteenths } from '@mitrebox/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, type Queryable, queryRows } from '../../platform/db.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { orderItems, orders } from './orders.tables.ts';

/**
 * Placing an order: the one process that spans modules in one transaction (docs/ARCHITECTURE.md). The cart locks
 * itself and its products' stock rows (cart.lockForOrder with catalogue.lockStockOf), re-prices its lines
 * (cart.compute), and the order, its items and the stock they commit are written in one statement built from the
 * orders' inserts and the catalogue's fragment (catalogue.commitStockOf).
 */

/** Steps of order placement, named so that tests can make one fail and check that nothing was kept. */
export type PlacementStep = 'locked' | 'order' | 'items' | 'stock' | 'cart';

export interface PlaceOrderDeps {
  db: Db;
  config: Config;
  cart: CartService;
  catalogue: CatalogueService;
  /** Called after each step inside the transaction (tests inject a failure here). */
  afterStep?: (step: PlacementStep) => void | Promise<void>;
}

const EMPTY_CART = 'Your cart is empty.';

/** A write refused by a unique index (PostgreSQL's 23505), as the driver or Drizzle's wrapper reports it. */
const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

function itemRows(ordnum: number | SQL, items: CartItem[]) {
  return items.map((item, i) => {
    const sel = item.productSelection;
    const dim = sel.dimension;
    const hasDim = Boolean(dim && (Number(dim.length) > 0 || Number(dim.width) > 0));
    const sixteenthsL = dim ? toSixteenths(dim.length, dim.length_fraction) : 0;
    const sixteenthsW = dim ? toSixteenths(dim.width, dim.width_fraction) : 0;
    // what is charged is what the order holds: the cancelled part of a line is neither charged nor stored
    const qty = item.calc.pcode === 'L' ? 1 : item.calc.chargedQuantity;
    return {
      ordnum,
      seqnum: i + 1,
      qty: String(qty),
      code: item.Code,
      description: item.Description,
      description1: item.width_display ? `${item.width_display}" ${item.FrameType.toLowerCase()}` : null,
      pcode: item.calc.pcode || null,
      location: sel.location ?? null,
      footage: item.calc.unit === 'ft' ? String(item.calc.chargedFootage) : null,
      unitPrice: item.calc.unitPrice,
      totPrice: item.calc.totalPrice,
      calcJoin: item.calc.joinFee,
      hInt: hasDim ? Math.floor(sixteenthsL / 16) : null,
      hFrac: hasDim ? sixteenthsL % 16 : null,
      wInt: hasDim ? Math.floor(sixteenthsW / 16) : null,
      wFrac: hasDim ? sixteenthsW % 16 : null,
      sizeCode: hasDim ? (sel.isRail ? 'RAIL' : 'FRAME') : null,
      instructions: sel.instructions || null,
      backorder: item.backtype,
      shipQty: String(item.ShipVal),
      backorderQty: String(item.backremq + item.backallq),
      cancelledQty: String(item.backcancel),
    };
  });
}

/**
 * The order of `inputs` written in `tx`: every line re-checked and re-priced by the cart's rules (422 naming the
 * line), then the order, its items and the stock they commit in one statement. `sourceKey` makes it once.
 */
async function writeOrder(
  deps: PlaceOrderDeps,
  tx: Queryable,
  user: SessionUser,
  inputs: CartItemInput[],
  po: string,
  sourceKey: string,
): Promise<number> {
  const { config, cart, catalogue } = deps;
  const step = async (name: PlacementStep) => deps.afterStep?.(name);
  const acctnum = user.accounts[0].Acctnum;
  // the lines re-priced, with the account's row read in the same round trip
  const { items, errors, account } = await cart.compute(user, inputs, tx);
  const first = Object.values(errors)[0];
  if (first) throw unprocessable(first, errors);
  if (!account)
    throw new AppError('no_account', 403, messages.purchaseBlocked(config.CUSTOMER_SERVICE_PHONE));
  // the month's corner samples counted again under the cart's lock: two carts cannot both spend the last
  await cart.sampleLimit.assertWithinLimit(user, items, tx);
  const itemTotal = linesTotal(items.map((i) => i.calc.totalPrice));
  const zero = '0.00';
  // the order number is drawn by the insert itself
  const order = tx
    .insert(orders)
    .values({
      ordnum: sql`nextval('order_number_seq')`,
      acctnum,
      userId: user.id,
      location: account.location,
      synced: 0,
      shipCompany: account.company,
      shipAddress1: account.address1,
      shipAddress2: account.address2,
      shipCity: account.city,
      shipState: account.state,
      shipZip: account.zip,
      terms: account.terms,
      shipvia: account.shipvia,
      sls: account.salesperson,
      payBy: account.terms,
      custPo: po || null,
      operator: 'WEB',
      itemTotal,
      invTotal: orderTotal({
        itemTotal,
        tax: zero,
        shipping: zero,
        shipCost: zero,
        packing: zero,
        discount: zero,
      }),
      sourceKey,
    })
    .returning({ ordnum: orders.ordnum });
  // the order, its items and the stock they commit in one statement: the items take the number the order's
  // insert drew
  const lines = tx
    .insert(orderItems)
    .values(itemRows(sql`(select ordnum from placed)`, items))
    .returning({ ordnum: orderItems.ordnum });
  const committed = catalogue.commitStockOf(
    items.map((i) => ({ code: i.Code, location: i.productSelection.location ?? '', qty: i.ShipVal })),
  );
  const [{ ordnum }] = await queryRows<{ ordnum: number }>(
    tx,
    sql`with placed as (${order.getSQL()})${committed ? sql`, committed as (${committed})` : sql``}
    ${lines.getSQL()}`,
  );
  await step('order');
  await step('items');
  await step('stock');
  return ordnum;
}

export function createPlaceOrder(deps: PlaceOrderDeps) {
  const { db, cart, catalogue } = deps;
  const step = async (name: PlacementStep) => deps.afterStep?.(name);

  /**
   * POST /api/admin/orders: one transaction that locks the cart, re-checks and re-prices every line, writes
   * the order and its items, commits stock per warehouse and empties the cart. A repeated submit of the same
   * cart version answers the order it already made.
   */
  async function placeOrder(
    user: SessionUser,
    body: { poNumber?: string | null; cartVersion?: number },
  ): Promise<{ orderNumber: number; success: true }> {
    cart.assertMayBuy(user);
    const po = (body.poNumber ?? '').trim();
    if (!isValidPo(po)) throw unprocessable(PO_MESSAGE, { poNumber: PO_MESSAGE });
    const acctnum = user.accounts[0].Acctnum;

    return db.transaction(async (tx) => {
      // the cart locked and, when the order is made from the version locked, emptied — and its products' stock
      // rows locked — in the same round trip: stock read from here on cannot change under us until the order is
      // written
      const locked = await cart.lockForOrder(tx, user, body.cartVersion, catalogue.lockStockOf);
      await step('locked');
      const sourceKey = (version: number) => `cart:${user.id}:${acctnum}:${version}`;
      if (body.cartVersion !== undefined && body.cartVersion !== locked.version) {
        const [done] = await tx
          .select({ ordnum: orders.ordnum })
          .from(orders)
          .where(eq(orders.sourceKey, sourceKey(body.cartVersion)))
          .limit(1);
        if (done) return { orderNumber: done.ordnum, success: true as const };
      }
      if (locked.inputs.length === 0) throw unprocessable(EMPTY_CART);
      const ordnum = await writeOrder(deps, tx, user, locked.inputs, po, sourceKey(locked.version));

      if (!locked.emptied) await cart.emptyAfterOrder(tx, user);
      await step('cart');
      return { orderNumber: ordnum, success: true as const };
    });
  }

  /**
   * An order of lines sent whole (the point-of-sale API), not of the cart: the lines' stock rows locked, then
   * written as a cart's order is (writeOrder). `sourceKey` names the placement: when an order of it exists, that
   * order is the answer, and a concurrent twin loses on the unique key and answers the same way.
   */
  async function placeLines(
    user: SessionUser,
    body: { poNumber?: string | null; lines: CartItemInput[]; sourceKey: string },
  ): Promise<{ orderNumber: number; created: boolean }> {
    cart.assertMayBuy(user);
    const po = (body.poNumber ?? '').trim();
    if (!isValidPo(po)) throw unprocessable(PO_MESSAGE, { poNumber: PO_MESSAGE });
    if (body.lines.length === 0) throw unprocessable(EMPTY_CART);
    const existing = async () => {
      const [done] = await db
        .select({ ordnum: orders.ordnum })
        .from(orders)
        .where(eq(orders.sourceKey, body.sourceKey))
        .limit(1);
      return done?.ordnum;
    };
    const before = await existing();
    if (before !== undefined) return { orderNumber: before, created: false };
    try {
      const ordnum = await db.transaction(async (tx) => {
        const codes = body.lines.map((l) => l.Code);
        await tx.execute(
          catalogue.lockStockOf(
            sql.join(
              codes.map((c) => sql`${c}`),
              sql`, `,
            ),
          ),
        );
        await step('locked');
        return writeOrder(deps, tx, user, body.lines, po, body.sourceKey);
      });
      return { orderNumber: ordnum, created: true };
    } catch (err) {
      const twin = isUniqueViolation(err) ? await existing() : undefined;
      if (twin === undefined) throw err;
      return { orderNumber: twin, created: false };
    }
  }

  // the cart's placement, and the lines' placement beside it (callers and tests call the first as before)
  return Object.assign(placeOrder, { placeLines });
}
