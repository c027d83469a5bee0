import type { CartItemInput } from '@mitrebox/api-contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from './call.ts';

/** The account's standing lists (shared by its colleagues): the Lists page and every "Add to list" read it. */
export const LISTS_QUERY_KEY = ['lists'] as const;

export const listsQuery = queryOptions({
  queryKey: LISTS_QUERY_KEY,
  queryFn: () => call('GET /api/lists'),
  staleTime: 30_000,
});

export const listQuery = (id: number) =>
  queryOptions({
    queryKey: [...LISTS_QUERY_KEY, id],
    queryFn: () => call('GET /api/lists/:id', { params: { id } }),
  });

/** Lines into a list: an existing one by id, or a new one by name (made first). Answers the list. */
export async function addToList(target: { id: number } | { name: string }, lines: CartItemInput[]) {
  const id =
    'id' in target ? target.id : (await call('POST /api/lists', { body: { name: target.name } })).data.id;
  return call('POST /api/lists/:id/lines', { params: { id }, body: { lines } });
}
