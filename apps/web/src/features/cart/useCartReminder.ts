import { notifications } from '@mantine/notifications';
import { CART_CHECK_INTERVAL_MS, messages } from '@mitrebox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { freshCart } from '../../lib/cart-api.ts';
import { useSession } from '../../lib/session.ts';
import { markReminded, type ReminderStore, sessionStore, shouldRemind } from './cart-reminder.ts';

const REMINDER_ID = 'cart-reminder';
/** An open Mantine modal (its content carries aria-modal while it is on screen, until its close transition ends). */
const OPEN_DIALOG = '[role="dialog"][aria-modal="true"]';
let stopWatching: (() => void) | null = null;

function showReminder(onGone: () => void) {
  notifications.show({
    id: REMINDER_ID,
    color: 'brass.6',
    title: 'Your cart',
    message: messages.cartReminder,
    autoClose: 10_000,
    onClose: onGone,
    // the message is the point of the toast: full text colour, not the dimmed one under a title (contrast)
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}

/**
 * The toasts sit above dialogs (a card form's error must show over it), so the reminder, which is no answer to
 * anything the user did, steps aside: it waits while a dialog is open and goes away when one opens — it once
 * covered the add-to-cart dialog's button for its ten seconds.
 */
function remind(store: ReminderStore | null) {
  markReminded(store);
  stopWatching?.();
  if (typeof MutationObserver === 'undefined') {
    showReminder(() => {});
    return;
  }
  let shown = false;
  const observer = new MutationObserver(() => update());
  const stop = () => {
    observer.disconnect();
    if (stopWatching === stop) stopWatching = null;
  };
  function update() {
    const dialogOpen = document.querySelector(OPEN_DIALOG) !== null;
    if (!shown && !dialogOpen) {
      shown = true;
      showReminder(stop);
    } else if (shown && dialogOpen) {
      notifications.hide(REMINDER_ID);
      stop();
    }
  }
  stopWatching = stop;
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-modal'],
  });
  update();
}

/**
 * The cart reminder (storefront §4, §9): once per session when the cart has items, and the hourly check
 * (CART_CHECK_INTERVAL_MS), which re-reads the cart — refreshing the badge — and reminds when it has items.
 */
export function useCartReminder(count: number | null): void {
  const { mayOrder } = useSession();
  const client = useQueryClient();
  const allowed = mayOrder;

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
