import type { CartResponse } from '@mitrebox/api-contract';
import { messages } from '@mitrebox/domain';
import { useState } from 'react';
import { cartPayload } from '../../components/add-to-cart/selection.ts';
import { ApiError } from '../../lib/api.ts';
import { type useCart, useSaveCart } from '../../lib/cart-api.ts';

/**
 * Removing one line or all of them: the whole cart is saved without them. Which removal is under way, the
 * Remove all confirmation, and the message when the server refuses (the cart is then read again).
 */
export function useRemoveLines(cart: ReturnType<typeof useCart>) {
  const save = useSaveCart();
  const [removing, setRemoving] = useState<number | 'all' | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async (data: CartResponse, which: number | 'all') => {
    setError(null);
    setRemoving(which);
    const lines = which === 'all' ? [] : cartPayload(data.data.filter((_, i) => i !== which));
    try {
      await save.mutateAsync(lines);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : messages.orderSubmitError);
      void cart.refetch();
    } finally {
      setRemoving(null);
      setConfirmAll(false);
    }
  };

  return { removing, confirmAll, setConfirmAll, error, remove };
}
