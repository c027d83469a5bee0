import { type RefObject, useCallback, useRef, useState } from 'react';
import { useHydrated } from '../../lib/hydration.ts';
import type { useShopProducts } from './catalogue-api.ts';
import { useInfiniteScroll } from './useInfiniteScroll.ts';

/** Pages infinite scroll appends by itself before MORE is needed again. */
const AUTO_PAGES = 3;

/**
 * Paging: MORE and infinite scroll both append the next page. Scrolling appends up to AUTO_PAGES pages on its
 * own, then MORE takes over (and grants as many again), so the Buy Again row and the footer below the grid
 * stay within reach of a long catalogue. A new query starts with the full allowance.
 */
export function useShopPaging(
  products: ReturnType<typeof useShopProducts>,
  query: unknown,
): { sentinel: RefObject<HTMLDivElement | null>; loadMore: () => void } {
  const sentinel = useRef<HTMLDivElement>(null);
  // not while the app takes over the server's page: its first screenful of cards would bring the sentinel into
  // view before the rest of the page's cards are in
  const hydrated = useHydrated();
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = products;
  const queryKey = JSON.stringify(query);
  const [autoBudget, setAutoBudget] = useState({ key: queryKey, pages: AUTO_PAGES });
  const budget = autoBudget.key === queryKey ? autoBudget.pages : AUTO_PAGES;
  const loadMore = useCallback(() => {
    if (!hasNextPage || isFetchingNextPage) return;
    setAutoBudget({ key: queryKey, pages: AUTO_PAGES });
    void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage, queryKey]);
  const autoLoad = useCallback(() => {
    if (!hasNextPage || isFetchingNextPage) return;
    setAutoBudget((b) => ({ key: queryKey, pages: (b.key === queryKey ? b.pages : AUTO_PAGES) - 1 }));
    void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage, queryKey]);
  useInfiniteScroll(sentinel, {
    enabled:
      hydrated &&
      budget > 0 &&
      Boolean(hasNextPage) &&
      !isFetchingNextPage &&
      !products.isPlaceholderData &&
      !products.isError,
    onReach: autoLoad,
  });
  return { sentinel, loadMore };
}
