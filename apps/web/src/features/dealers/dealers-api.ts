import type { WhereToBuyResponse } from '@mitrebox/api-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** GET /api/WhereToBuy (zip, miles): dealers within the radius, nearest first, and the ZIP's centre. */
export function useDealers(search: { zip: string; miles: number } | null) {
  return useQuery({
    queryKey: ['dealers', search?.zip, search?.miles],
    enabled: search !== null,
    queryFn: ({ signal }) =>
      api.get<WhereToBuyResponse>('/api/WhereToBuy', {
        query: { zip: search!.zip, miles: search!.miles },
        auth: 'none',
        signal,
      }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
