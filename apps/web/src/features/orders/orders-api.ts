import type { OrderListRequest } from '@mitrebox/api-contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call.ts';

export const orderKeys = {
  all: ['orders'] as const,
  list: (request: OrderListRequest) => ['orders', 'list', request] as const,
  details: (ordnum: string) => ['orders', 'details', ordnum] as const,
  recent: ['orders', 'recentPurchases'] as const,
};

/** POST /api/accountOrders: one server page of the user's orders. The last page stays shown while the next loads. */
export const orderListQuery = (request: OrderListRequest) =>
  queryOptions({
    queryKey: orderKeys.list(request),
    queryFn: ({ signal }) => call('POST /api/accountOrders', { body: request, signal }),
  });

export function useOrderList(request: OrderListRequest) {
  return useQuery({
    ...orderListQuery(request),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
  });
}

/** A route's order number: digits only, or null (no call is made and the page shows 'not found'). */
export function orderNumberParam(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  return /^\d{1,10}$/.test(v) && Number(v) > 0 ? v : null;
}

/** GET /api/admin/ordersDetails?Ordernum=: another account's order (or none) answers 404. */
export function useOrderDetails(ordnum: string | null) {
  return useQuery({
    queryKey: orderKeys.details(ordnum ?? ''),
    queryFn: ({ signal }) => call('GET /api/admin/ordersDetails', { query: { Ordernum: ordnum }, signal }),
    select: (answer) => answer.data,
    enabled: ordnum !== null,
  });
}

export { useRecentPurchases } from '../../lib/shared-queries.ts';
