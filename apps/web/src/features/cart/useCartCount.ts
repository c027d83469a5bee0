import { CART_CHECK_INTERVAL_MS } from '@mitrebox/domain';
import { useQuery } from '@tanstack/react-query';
import { api, orFallbackOn404 } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { cartCountOf } from './cart-count.ts';

export const CART_QUERY_KEY = ['cart'] as const;

/** Items in the cart; only for a signed-in customer who may buy. A 404 (no cart module) reads as 0. */
export function useCartCount(): number {
  const { signedIn, purchaseBlocked } = useSession();
  const cart = useQuery({
    queryKey: CART_QUERY_KEY,
    queryFn: () => orFallbackOn404(api.get<unknown>('/api/getCart'), { data: [] }),
    enabled: signedIn && !purchaseBlocked,
    refetchInterval: CART_CHECK_INTERVAL_MS,
    staleTime: 60_000,
  });
  return cart.data ? cartCountOf(cart.data) : 0;
}
