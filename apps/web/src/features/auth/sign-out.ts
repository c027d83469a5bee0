import { markSessionEnding } from '../../lib/api.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { authApi } from './auth-api.ts';

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
      await authApi.logout(token);
    } catch {
      // The session may already be gone on the server; signing out locally is what matters.
    }
  }
  window.location.assign(to);
}

/** Where the inactivity sign-out lands: the sign-in screen, which then explains why. */
export const IDLE_SIGN_OUT_PATH = '/login?expired=1';
