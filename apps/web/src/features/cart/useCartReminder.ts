import { notifications } from '@mantine/notifications';
import { CART_CHECK_INTERVAL_MS, messages } from '@mitrebox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { freshCart } from '../../lib/cart-api.ts';
import { useSession } from '../../lib/session.ts';
import { markReminded, type ReminderStore, sessionStore, shouldRemind } from './cart-reminder.ts';

function remind(store: ReminderStore | null) {
  markReminded(store);
  notifications.show({
    id: 'cart-reminder',
    color: 'brass.6',
    title: 'Your cart',
    message: messages.cartReminder,
    autoClose: 10_000,
    // the message is the point of the toast: full text colour, not the dimmed one under a title (contrast)
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}

/**
 * The cart reminder (storefront §4, §9): once per session when the cart has items, and the hourly check
 * (CART_CHECK_INTERVAL_MS), which re-reads the cart — refreshing the badge — and reminds when it has items.
 */
export function useCartReminder(count: number | null): void {
  const { signedIn, purchaseBlocked } = useSession();
  const client = useQueryClient();
  const allowed = signedIn && !purchaseBlocked;

  useEffect(() => {
    if (!allowed || count === null) return;
    const store = sessionStore();
    if (shouldRemind(count, 'load', store)) remind(store);
  }, [allowed, count]);

  useEffect(() => {
    if (!allowed) return;
    const timer = window.setInterval(() => {
      freshCart(client)
        .then((cart) => {
          const store = sessionStore();
          if (shouldRemind(cart.count, 'hourly', store)) remind(store);
        })
        .catch(() => {
          // a failed check is tried again next hour; a 401 already ends the session
        });
    }, CART_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [allowed, client]);
}
