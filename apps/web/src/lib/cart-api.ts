import type { CartItemInput, CartResponse, PlaceOrderResponse } from '@mitrebox/api-contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { authStorage } from './auth-storage.ts';
import { call } from './call.ts';
import { useSession } from './session.ts';

export type PlaceOrderAnswer = Partial<z.infer<typeof PlaceOrderResponse>>;

/** The one cache entry of the cart: the header badge, the cart page and the dialog all read it. */
export const CART_QUERY_KEY = ['cart'] as const;

export const EMPTY_CART: CartResponse = { data: [], total: '0.00', count: 0, version: 0 };

export const fetchCart = () => call('GET /api/getCart');

/** GET /api/getCart, for a signed-in customer who may buy (useCartReminder re-reads it every hour). */
export const cartQuery = queryOptions({
  queryKey: CART_QUERY_KEY,
  queryFn: fetchCart,
  staleTime: 60_000,
  retry: (count, err) => count < 1 && !((err as { status?: number }).status === 403),
});

export function useCart() {
  const { mayOrder } = useSession();
  return useQuery({ ...cartQuery, enabled: mayOrder });
}

/** The cart as the server holds it right now (the dialog adds to this, never to a stale copy). */
export const freshCart = (client: QueryClient) =>
  client.fetchQuery({ queryKey: CART_QUERY_KEY, queryFn: fetchCart, staleTime: 0 });

/** POST /api/updateCart: the whole cart; the server re-checks and re-prices every line. */
export const saveCart = (cartdata: CartItemInput[]) => call('POST /api/updateCart', { body: { cartdata } });

/** Replaces the cart and puts the server's answer in the cache (the header badge follows). */
export function useSaveCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCart,
    onSuccess: (cart) => {
      client.setQueryData(CART_QUERY_KEY, cart);
      authStorage.touch(Date.now());
    },
  });
}

/** POST /api/admin/orders with the cart version the shopper saw (a repeat answers the same order). */
export const placeOrder = (body: { poNumber: string; cartVersion: number }) =>
  call('POST /api/admin/orders', { body });

/** The authentication check (GET /api/me); shares its cache entry with the app's session check. */
export function useAuthCheck() {
  const { signedIn, token } = useSession();
  return useQuery({
    queryKey: ['me', token],
    queryFn: () => call('GET /api/me'),
    enabled: signedIn,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Where an order ships: the account's address (the order copies it when it is placed). */
export function useShipTo(enabled: boolean) {
  return useQuery({
    queryKey: ['accountDetails', 'shipTo'],
    queryFn: async () => {
      const { data } = await call('GET /api/admin/accountDetails', { query: {} });
      return {
        company: data.Company,
        lines: [
          data.Address1,
          data.Address2,
          [data.City, data.State].filter(Boolean).join(', ') + (data.Zip ? ` ${data.Zip}` : ''),
        ]
          .map((l) => (l ?? '').trim())
          .filter(Boolean),
        shipvia: data.Shipvia,
      };
    },
    enabled,
    staleTime: 10 * 60_000,
  });
}
