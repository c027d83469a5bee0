import { useEffect } from 'react';
import { authStorage } from '../../lib/auth-storage.ts';
import {
  ACTIVITY_EVENTS,
  IDLE_CHECK_INTERVAL_MS,
  IDLE_WRITE_THROTTLE_MS,
  isIdleExpired,
} from '../../lib/idle.ts';
import { useSession } from '../../lib/session.ts';
import { IDLE_SIGN_OUT_PATH, signOut } from './sign-out.ts';

/**
 * Inactivity sign-out (account-area §4, §9): mouse, key and click activity is stamped in localStorage
 * (shared by every tab); when IDLE_TIMEOUT_MS passes without any, the customer is signed out and sent
 * to Login. Checked on load, on an interval and when the tab becomes visible again.
 */
export function useIdleSignOut(): void {
  const { signedIn } = useSession();

  useEffect(() => {
    if (!signedIn) return;
    let stopped = false;

    const check = () => {
      if (stopped) return;
      if (isIdleExpired(authStorage.lastActivity(), Date.now())) {
        stopped = true;
        void signOut(IDLE_SIGN_OUT_PATH);
      }
    };

    check();
    if (stopped) return;
    if (authStorage.lastActivity() === null) authStorage.touch(Date.now());

    let lastWrite = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastWrite < IDLE_WRITE_THROTTLE_MS) return;
      // Activity after the timeout does not revive the session: check before stamping.
      check();
      if (stopped) return;
      lastWrite = now;
      authStorage.touch(now);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };

    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(check, IDLE_CHECK_INTERVAL_MS);
    return () => {
      stopped = true;
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }, [signedIn]);
}
