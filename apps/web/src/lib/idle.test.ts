import { IDLE_TIMEOUT_MS } from '@mitrebox/domain';
import { expect, it } from 'vitest';
import { isIdleExpired } from './idle.ts';

it('expires once the idle timeout has passed since the last activity', () => {
  const now = 1_000_000_000_000;
  expect(isIdleExpired(now - IDLE_TIMEOUT_MS + 1, now)).toBe(false);
  expect(isIdleExpired(now - IDLE_TIMEOUT_MS, now)).toBe(true);
  expect(isIdleExpired(now - IDLE_TIMEOUT_MS - 60_000, now)).toBe(true);
});

it('never expires without a recorded activity', () => {
  expect(isIdleExpired(null, Date.now())).toBe(false);
});
