import { markSessionEnding } from '../../lib/api.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { call } from '../../lib/call.ts';

/**
 * Sign out (storefront §4): tell the server (best effort), clear every stored value, reload at `to`
 * so no cached screen data of the account survives.
 */
export async function signOut(to = '/'): Promise<void> {
  markSessionEnding();
  const token = authStorage.token;
  // Forget the session first, so nothing on screen goes on using it while the server is told.
  authStorage.clearAll();
  if (token) {
    try {
      // called directly, not through authApi: the header's sign-out is in every page's first load
      await call('POST /api/logout', { auth: { bearer: token }, resetOnUnauthorized: false });
    } catch {
      // The session may already be gone on the server; signing out locally is what matters.
    }
  }
  window.location.assign(to);
}

/** Where the inactivity sign-out lands: the sign-in screen, which then explains why. */
export const IDLE_SIGN_OUT_PATH = '/login?expired=1';
