import type { QueryClient } from '@tanstack/react-query';
import { balanceQuery } from '../../lib/balance-api.ts';
import { current as currentSession } from '../../lib/session.ts';
import { recentOrdersQuery, recentPurchasesQuery } from '../../lib/shared-queries.ts';

/**
 * The signed-in home's own calls (AccountHome.tsx), apart from its code: the home page's `prefetch` makes them for
 * the server's render of a buyer's home page without loading the account part's code into the visitor's first load.
 */

/** The calls of the panels the signed-in user sees (by their rights), made before the page is rendered. */
export function prefetchAccountHome(client: QueryClient): Promise<unknown> {
  const { signedIn, account, rights, mayOrder } = currentSession();
  if (!signedIn) return Promise.resolve();
  return Promise.all([
    rights.prices ? client.prefetchQuery(recentOrdersQuery) : null,
    rights.prices ? client.prefetchQuery(balanceQuery(account?.Acctnum)) : null,
    mayOrder ? client.prefetchQuery(recentPurchasesQuery) : null,
  ]);
}
