import { CART_QUERY_KEY, useCart } from '../../lib/cart-api.ts';
import { cartCountOf } from './cart-count.ts';

export { CART_QUERY_KEY };

/** Items in the cart; only for a signed-in customer who may buy (the cart query is off otherwise). */
export function useCartCount(): number {
  const cart = useCart();
  return cart.data ? cartCountOf(cart.data) : 0;
}
