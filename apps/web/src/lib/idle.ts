import { IDLE_TIMEOUT_MS } from '@mitrebox/domain';

/** How often the inactivity timer is checked (the specification's timeout is far longer). */
export const IDLE_CHECK_INTERVAL_MS = 60_000;
/** Activity is written to storage at most this often (mouse moves fire many events). */
export const IDLE_WRITE_THROTTLE_MS = 5_000;
export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'click',
  'touchstart',
  'scroll',
] as const;

/** True when the last recorded activity lies at least the idle timeout in the past. */
export function isIdleExpired(
  lastActivity: number | null,
  now: number,
  timeoutMs = IDLE_TIMEOUT_MS,
): boolean {
  if (lastActivity === null) return false;
  return now - lastActivity >= timeoutMs;
}
