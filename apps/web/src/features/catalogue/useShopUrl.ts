import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { parseShopParams, type ShopState, toCatalogueQuery, toShopSearch } from './shop-filters.ts';

/**
 * The shop's filters, read from the URL and changed by navigating to a new one, so that a copied link
 * reproduces the view and Back restores the previous filters. A change scrolls the results back into view.
 */
export function useShopUrl() {
  const location = useLocation();
  const navigate = useNavigate();
  const urlState = useMemo(() => parseShopParams(new URLSearchParams(location.search)), [location.search]);
  // A change shows at once (a ticked box stays ticked) while the navigation to its URL completes.
  // It ends for good once the location moves on (so Back to the earlier entry reads that entry's URL).
  const [optimistic, setOptimistic] = useState<{ key: string; state: ShopState } | null>(null);
  if (optimistic && optimistic.key !== location.key) setOptimistic(null);
  const state = optimistic && optimistic.key === location.key ? optimistic.state : urlState;
  const query = useMemo(() => toCatalogueQuery(state), [state]);
  const search = toShopSearch(state);

  const resultsTop = useRef<HTMLDivElement>(null);
  const setState = useCallback(
    (next: ShopState) => {
      setOptimistic({ key: location.key, state: next });
      navigate({ pathname: '/Shop', search: toShopSearch(next) }, { preventScrollReset: true });
      const top = resultsTop.current?.getBoundingClientRect().top ?? 0;
      if (top < 0) resultsTop.current?.scrollIntoView({ block: 'start' });
    },
    [navigate, location.key],
  );

  return { state, query, search, setState, resultsTop };
}
