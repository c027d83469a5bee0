import { describe, expect, it } from 'vitest';
import { markReminded, REMINDER_SHOWN_KEY, shouldRemind } from './cart-reminder.ts';

const store = () => {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
};

describe('cart reminder', () => {
  it('shows once per session on load when the cart has items', () => {
    const s = store();
    expect(shouldRemind(0, 'load', s)).toBe(false);
    expect(shouldRemind(2, 'load', s)).toBe(true);
    markReminded(s);
    expect(s.getItem(REMINDER_SHOWN_KEY)).toBe('1');
    expect(shouldRemind(2, 'load', s)).toBe(false);
  });
  it('shows at every hourly check that finds items', () => {
    const s = store();
    markReminded(s);
    expect(shouldRemind(1, 'hourly', s)).toBe(true);
    expect(shouldRemind(0, 'hourly', s)).toBe(false);
    expect(shouldRemind(1, 'load', null)).toBe(true);
  });
});
