import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call.ts';

/** GET /api/WhereToBuy (zip, miles): dealers within the radius, nearest first, and the ZIP's centre. */
export function useDealers(search: { zip: string; miles: number } | null) {
  return useQuery({
    queryKey: ['dealers', search?.zip, search?.miles],
    enabled: search !== null,
    queryFn: ({ signal }) =>
      call('GET /api/WhereToBuy', {
        query: { zip: search!.zip, miles: String(search!.miles) },
        auth: 'none',
        signal,
      }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
