import { useQuery } from '@tanstack/react-query';
import { siteQuery } from '../../lib/shared-queries.ts';

/**
 * The home page's calls: the same query definitions as the shop's and the footer's (lib/shared-queries.ts), so
 * they share one cache entry each.
 */
export { useCollections, useRecentPurchases, useSettings } from '../../lib/shared-queries.ts';

/** GET /api/site as it answers (the warehouses' telephone numbers included). */
export const useSite = () => useQuery(siteQuery);
