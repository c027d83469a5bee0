import type { Collection, RecentPurchase, SiteResponse } from '@mitrebox/api-contract';
import { COLLECTIONS_PAGE_SIZE, RECENT_PURCHASES_PAGE_SIZE } from '@mitrebox/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import type { SettingEntry } from './home-data.ts';

/**
 * The home page's calls. Features do not import each other, so these are the home's own; the query keys and
 * answers are the same as the catalogue's (features/catalogue/catalogue-api.ts) and lib/site.ts', so the
 * shop and the home share one cache entry each.
 */

export function useSettings() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: async ({ signal }) =>
      (await api.get<{ data: SettingEntry[] }>('/api/settings', { auth: 'none', signal })).data ?? [],
    staleTime: 10 * 60_000,
  });
}

export function useCollections() {
  return useQuery({
    queryKey: ['catalogue', 'collections'],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: Collection[] }>('/api/Shop/Collections', {
          query: { perPage: COLLECTIONS_PAGE_SIZE, orderCol: 'name', orderDir: 'ASC' },
          auth: 'none',
          signal,
        })
      ).data ?? [],
    staleTime: 5 * 60_000,
  });
}

export function useRecentPurchases(enabled: boolean) {
  const { signedIn } = useSession();
  return useQuery({
    queryKey: ['catalogue', 'recent-purchases'],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: RecentPurchase[] }>('/api/recentPurchases', {
          query: { nodate: 1, perPage: RECENT_PURCHASES_PAGE_SIZE },
          signal,
        })
      ).data ?? [],
    enabled: signedIn && enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/site as it answers (the warehouses' telephone numbers included); same key as lib/site.ts. */
export function useSite() {
  return useQuery({
    queryKey: ['site'],
    queryFn: () => api.get<SiteResponse>('/api/site', { auth: 'none' }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
