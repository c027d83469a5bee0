import type { Collection, RecentPurchase, SettingsResponse } from '@mitrebox/api-contract';
import { COLLECTIONS_PAGE_SIZE, RECENT_PURCHASES_PAGE_SIZE } from '@mitrebox/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './call.ts';
import { useSession } from './session.ts';

/**
 * Calls several screens make (home, shop, account area): one definition each, one cache entry each.
 */
export const sharedKeys = {
  settings: ['settings'] as const,
  collections: ['catalogue', 'collections'] as const,
  recentPurchases: ['catalogue', 'recent-purchases'] as const,
};

export type SettingEntry = SettingsResponse['data'][number];

export async function fetchCollections(signal?: AbortSignal): Promise<Collection[]> {
  const answer = await call('GET /api/Shop/Collections', {
    query: { perPage: COLLECTIONS_PAGE_SIZE, orderCol: 'name', orderDir: 'ASC' },
    auth: 'none',
    signal,
  });
  return answer.data ?? [];
}

export async function fetchRecentPurchases(signal?: AbortSignal): Promise<RecentPurchase[]> {
  const answer = await call('GET /api/recentPurchases', {
    query: { nodate: 1, perPage: RECENT_PURCHASES_PAGE_SIZE },
    signal,
  });
  return answer.data ?? [];
}

/** GET /api/site as it answers: company, telephone, warehouses (the footer of every page). */
export const siteQuery = queryOptions({
  queryKey: ['site'],
  queryFn: () => call('GET /api/site', { auth: 'none' }),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

/** GET /api/settings: named entries whose data is a JSON string. */
export const settingsQuery = queryOptions({
  queryKey: sharedKeys.settings,
  queryFn: async ({ signal }) => (await call('GET /api/settings', { auth: 'none', signal })).data ?? [],
  staleTime: 10 * 60_000,
});

/** Every collection, sorted by name (storefront §9: 1000, name ascending). */
export const collectionsQuery = queryOptions({
  queryKey: sharedKeys.collections,
  queryFn: ({ signal }) => fetchCollections(signal),
  staleTime: 5 * 60_000,
});

export const useSettings = () => useQuery(settingsQuery);
export const useCollections = () => useQuery(collectionsQuery);

/**
 * Fetches what the first screen shows before the app renders it (main.tsx): the site for every page, and the
 * settings and collections for the home page. The first render then has its data and is one render (sliced by
 * React), not a render and a re-render per answer. Failures are left to the screen's own query.
 */
export function prefetchFirstScreen(client: QueryClient, pathname: string): Promise<unknown> {
  const calls: Promise<unknown>[] = [client.prefetchQuery(siteQuery)];
  if (pathname === '/')
    calls.push(client.prefetchQuery(settingsQuery), client.prefetchQuery(collectionsQuery));
  return Promise.all(calls);
}

export const recentPurchasesQuery = queryOptions({
  queryKey: sharedKeys.recentPurchases,
  queryFn: ({ signal }) => fetchRecentPurchases(signal),
  staleTime: 5 * 60_000,
});

/** The signed-in account's recent purchases (Frequently Purchased, Buy Again). */
export function useRecentPurchases(enabled = true) {
  const { signedIn } = useSession();
  return useQuery({ ...recentPurchasesQuery, enabled: signedIn && enabled });
}

/**
 * POST /api/accountOrders: the account's latest orders, as the orders pages read them (the home shows five).
 * Placing an order makes it stale (cart/usePlaceOrder.ts).
 */
export const recentOrdersQuery = queryOptions({
  queryKey: ['home', 'recent-orders'],
  queryFn: ({ signal }) =>
    call('POST /api/accountOrders', {
      body: { page: 1, perPage: 25, orderCol: 'OrdDate', orderDir: 'desc' },
      signal,
    }),
  staleTime: 60_000,
});
