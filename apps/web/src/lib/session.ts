import type { SessionUser } from '@mitrebox/api-contract';
import { isPurchaseBlocked } from '@mitrebox/domain';
import { useSyncExternalStore } from 'react';
import { type AuthSnapshot, authStorage } from './auth-storage.ts';

export interface Session extends AuthSnapshot {
  /** Signed in means a stored user exists — with the access token that goes with it. */
  signedIn: boolean;
  /** No cart or add-to-cart (storefront §4 "Purchase blocked"). */
  purchaseBlocked: boolean;
  account: SessionUser['accounts'][number] | null;
}

export function describeSession(s: AuthSnapshot): Session {
  const signedIn = Boolean(s.token && s.user);
  return {
    ...s,
    signedIn,
    purchaseBlocked: signedIn ? isPurchaseBlocked(s.user?.accounts) : false,
    account: s.user?.accounts[0] ?? null,
  };
}

const cache = new WeakMap<AuthSnapshot, Session>();

/** The session now, outside React (a route's first-data prefetch). */
export function current(): Session {
  const snap = authStorage.getSnapshot();
  let described = cache.get(snap);
  if (!described) {
    described = describeSession(snap);
    cache.set(snap, described);
  }
  return described;
}

export function useSession(): Session {
  return useSyncExternalStore(authStorage.subscribe, current, current);
}
