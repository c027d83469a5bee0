/** sessionStorage key: the reminder has been shown in this browser session (cleared at sign-out). */
export const REMINDER_SHOWN_KEY = 'cartReminderShown';

export interface ReminderStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Whether to show the cart reminder (storefront §9): once per session as soon as the cart has items, and
 * every time the hourly check finds items.
 */
export function shouldRemind(count: number, reason: 'load' | 'hourly', store: ReminderStore | null): boolean {
  if (count <= 0) return false;
  if (reason === 'hourly') return true;
  return store?.getItem(REMINDER_SHOWN_KEY) !== '1';
}

export function markReminded(store: ReminderStore | null): void {
  try {
    store?.setItem(REMINDER_SHOWN_KEY, '1');
  } catch {
    // storage full or disabled: the reminder may show again, which is harmless
  }
}

export function sessionStore(): ReminderStore | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
