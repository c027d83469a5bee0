import type { SessionUser } from '@mitrebox/api-contract';
import { type AccountRights, isPurchaseBlocked } from '@mitrebox/domain';
import { useSyncExternalStore } from 'react';
import { type AuthSnapshot, authStorage } from './auth-storage.ts';
import { NO_RIGHTS, rightsOf } from './rights.ts';

export interface Session extends AuthSnapshot {
  /** Signed in means a stored user exists — with the access token that goes with it. */
  signedIn: boolean;
  /** No cart or add-to-cart (storefront §4 "Purchase blocked"). */
  purchaseBlocked: boolean;
  account: SessionUser['accounts'][number] | null;
  /** What the user may do in that account (none signed out): cart and ordering, paying, prices, colleagues. */
  rights: AccountRights;
  /** The cart, Add to Cart and placing orders are offered: signed in, not purchase blocked, with the order right. */
  mayOrder: boolean;
}

export function describeSession(s: AuthSnapshot): Session {
  const signedIn = Boolean(s.token && s.user);
  const account = s.user?.accounts[0] ?? null;
  const purchaseBlocked = signedIn ? isPurchaseBlocked(s.user?.accounts) : false;
  const rights = signedIn ? rightsOf(account) : NO_RIGHTS;
  return {
    ...s,
    signedIn,
    purchaseBlocked,
    account,
    rights,
    mayOrder: signedIn && !purchaseBlocked && rights.order,
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

/** The signed-in user's rights in the account they work in (the first of their accounts); none when signed out. */
export function useRights(): AccountRights {
  return useSession().rights;
}
