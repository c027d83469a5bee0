import type { Order, SessionUser } from '@mitrebox/api-contract';
import { notFound } from '../../platform/errors.ts';
import { loadOrder } from './order-details.ts';
import { createPlaceOrder, type PlaceOrderDeps } from './place-order.ts';

export type { PlacementStep } from './place-order.ts';
export type OrdersDeps = PlaceOrderDeps & {
  /** Hears of each order placed, after its transaction committed (its confirmation e-mail). Never throws. */
  placed?: (user: SessionUser, ordnum: number) => void;
};

export type OrdersService = ReturnType<typeof createOrdersService>;

export function createOrdersService(deps: OrdersDeps) {
  const { db, catalogue } = deps;
  const place = createPlaceOrder(deps);

  return {
    /** POST /api/admin/orders, in one transaction (place-order.ts); then the order's confirmation is sent. */
    async placeOrder(user: SessionUser, body: Parameters<typeof place>[1]) {
      const placed = await place(user, body);
      // after commit; a repeated submit names the same order, and its mail goes once (the outbox's event key)
      deps.placed?.(user, placed.orderNumber);
      return placed;
    },

    /**
     * An order of lines sent whole under the cart's rules, once per `sourceKey` (the point-of-sale API's
     * Idempotency-Key); its confirmation is sent when it is made, not when it is answered again.
     */
    async placeLines(user: SessionUser, body: Parameters<typeof place.placeLines>[1]) {
      const placed = await place.placeLines(user, body);
      if (placed.created) deps.placed?.(user, placed.orderNumber);
      return placed;
    },

    /** One order of the signed-in user's accounts; another account's order is not found. */
    async orderDetails(user: SessionUser, ordnum: number): Promise<Order> {
      const order = await loadOrder(
        db,
        catalogue,
        ordnum,
        user.accounts.map((a) => a.Acctnum),
      );
      if (!order) throw notFound('Order not found');
      return order;
    },
  };
}
