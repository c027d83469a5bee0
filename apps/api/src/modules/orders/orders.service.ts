import type { Order, SessionUser } from '@mitrebox/api-contract';
import { notFound } from '../../platform/errors.ts';
import { loadOrder } from './order-details.ts';
import { createPlaceOrder, type PlaceOrderDeps } from './place-order.ts';

export type { PlacementStep } from './place-order.ts';
export type OrdersDeps = PlaceOrderDeps;

export type OrdersService = ReturnType<typeof createOrdersService>;

export function createOrdersService(deps: OrdersDeps) {
  const { db, catalogue } = deps;

  return {
    /** POST /api/admin/orders, in one transaction (place-order.ts). */
    placeOrder: createPlaceOrder(deps),

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
