import { notifications } from '@mantine/notifications';
import type { CartResponse } from '@mitrebox/api-contract';
import { isValidPo, messages, PO_MESSAGE, poMessage } from '@mitrebox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { CART_QUERY_KEY, EMPTY_CART, placeOrder } from '../../lib/cart-api.ts';
import { recentOrdersQuery } from '../../lib/shared-queries.ts';
import { useSiteInfo } from '../../lib/site.ts';

/**
 * Checkout: the PO number (checked as it is typed), the review it opens, and Place Order, which empties the
 * cart and goes to the new order — or says why not (a PO refused, purchases blocked, the cart changed).
 */
export function usePlaceOrder(cart: CartResponse) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const site = useSiteInfo();
  const [po, setPo] = useState('');
  const [poError, setPoError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reviewing, setReviewing] = useState(false);

  // said as the buyer types, never rewritten
  const typePo = (value: string) => {
    setPo(value);
    setPoError(poMessage(value));
  };

  const review = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!isValidPo(po)) {
      setPoError(PO_MESSAGE);
      return;
    }
    setReviewing(true);
  };

  const place = async () => {
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      const answer = await placeOrder({ poNumber: po.trim(), cartVersion: cart.version });
      if (typeof answer?.orderNumber === 'number' && answer.orderNumber > 0) {
        authStorage.touch(Date.now());
        // the cart is empty now: no midnight reminder on the confirmation
        notifications.hide('cart-reminder');
        client.setQueryData(CART_QUERY_KEY, { ...EMPTY_CART, version: cart.version + 1 });
        void client.invalidateQueries({ queryKey: CART_QUERY_KEY });
        // the home page's latest orders (kept a minute) now start with this one
        void client.invalidateQueries({ queryKey: recentOrdersQuery.queryKey });
        setReviewing(false);
        navigate(`/Admin/OrderDetails/${answer.orderNumber}`);
        return;
      }
      setError(messages.orderSubmitError);
    } catch (err) {
      if (err instanceof ApiError && err.errors?.poNumber) {
        setPoError(err.errors.poNumber);
        setReviewing(false);
      } else if (err instanceof ApiError && err.status === 403)
        setError(err.message || messages.purchaseBlocked(site.phone));
      else if (err instanceof ApiError && err.status === 422) {
        setError(err.message);
        void client.invalidateQueries({ queryKey: CART_QUERY_KEY });
      } else setError(messages.orderSubmitError);
    } finally {
      setBusy(false);
    }
  };

  return {
    po,
    poError,
    typePo,
    error,
    busy,
    reviewing,
    review,
    place,
    backToCart: () => setReviewing(false),
  };
}
