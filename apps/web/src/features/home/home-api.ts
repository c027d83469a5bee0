import type { SiteResponse } from '@mitrebox/api-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * The home page's calls. Features do not import each other, so these are the home's own; the query keys and
 * answers are the same as the catalogue's (features/catalogue/catalogue-api.ts) and lib/site.ts', so the
 * shop and the home share one cache entry each.
 */

/** GET /api/site as it answers (the warehouses' telephone numbers included); same key as lib/site.ts. */
export { useCollections, useRecentPurchases, useSettings } from '../../lib/shared-queries.ts';

export function useSite() {
  return useQuery({
    queryKey: ['site'],
    queryFn: () => api.get<SiteResponse>('/api/site', { auth: 'none' }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
