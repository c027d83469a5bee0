import { Container } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isHydrating, useHydrated } from '../../lib/hydration.ts';
import { current as currentSession, useSession } from '../../lib/session.ts';
import { ActiveFilterBadges } from './ActiveFilterBadges.tsx';
import { BuyAgainSection } from './BuyAgainSection.tsx';
import {
  productFiltersQuery,
  recentPurchasesQuery,
  shopProductsQuery,
  useProductFilters,
  useRecentPurchases,
  useShopProducts,
} from './catalogue-api.ts';
import { FilterDrawer } from './FilterDrawer.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { FilterSidebar } from './FilterSidebar.tsx';
import { ProductResults } from './ProductResults.tsx';
import { ResultStates } from './ResultStates.tsx';
import { ResultsToolbar } from './ResultsToolbar.tsx';
import { ShopDialogs } from './ShopDialogs.tsx';
import { ShopHeader } from './ShopHeader.tsx';
import classes from './ShopPage.module.css';
import { ShopPager } from './ShopPager.tsx';
import {
  activeFilterCount,
  activeFilters,
  clearAll,
  parseShopParams,
  toCatalogueQuery,
} from './shop-filters.ts';
import { useCannotBuyAlert } from './useCannotBuyAlert.ts';
import { useFilterNames } from './useFilterNames.ts';
import { useShopDialogs } from './useShopDialogs.ts';
import { useShopPaging } from './useShopPaging.ts';
import { useShopUrl } from './useShopUrl.ts';
import type { ShopView } from './ViewToggle.tsx';

const DESKTOP_QUERY = '(min-width: 62em)';

/** Where the grid-or-list choice is remembered on this device. */
const VIEW_KEY = 'mitrebox.shopView';

/**
 * The shop's first data at a URL — the page of products and the filter counts — fetched with the screen's code
 * (the router's lazy route), so that the screen renders once with it rather than once per answer.
 */
export function prefetch(client: QueryClient, url: URL): Promise<unknown> {
  const { signedIn } = currentSession();
  const query = toCatalogueQuery(parseShopParams(url.searchParams));
  return Promise.all([
    client.prefetchInfiniteQuery(shopProductsQuery(signedIn, query)),
    client.prefetchQuery(productFiltersQuery(signedIn, query)),
    // signed in: Frequently Purchased and Buy Again — else their answer re-renders the shop a second time
    signedIn ? client.prefetchQuery(recentPurchasesQuery) : null,
  ]);
}

/**
 * /Shop, /Shop/{code}, /Shop/{code}/Y and /shop?nameSearch=… (storefront §2 Shop screen). Every filter lives
 * in the URL, so a copied link reproduces the view and Back restores the previous filters.
 */
export default function ShopPage() {
  const session = useSession();
  const desktopMatch = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  // The server's render (prerender.tsx) does not know the screen's width: it renders the sidebar and the phone's
  // Filters button both, and the stylesheet shows the one that fits (ADR 013); so does the app's first render over
  // that HTML, which then keeps the one that fits.
  const hydrated = useHydrated();
  const desktop: boolean | null = hydrated ? desktopMatch : null;

  const { state, query, search, setState, resultsTop } = useShopUrl();
  const canBuy = session.mayOrder;
  const action: 'cart' | 'select' | 'none' = state.fb ? 'select' : canBuy ? 'cart' : 'none';
  const [view, setView] = useLocalStorage<ShopView>({
    key: VIEW_KEY,
    defaultValue: 'grid',
    // read after the first render over the server's HTML (which shows the grid), at once otherwise
    getInitialValueInEffect: isHydrating(),
  });

  const products = useShopProducts(query);
  const filters = useProductFilters(query);
  const recent = useRecentPurchases();
  const items = useMemo(() => products.data?.pages.flatMap((p) => p.data) ?? [], [products.data]);
  const total = products.data?.pages[0]?.total ?? 0;
  // a search matching thousands is estimated by the server, and said to be
  const estimated = Boolean(products.data?.pages[0]?.total_estimated);
  const loadingFirst = products.isPending;
  const refreshing = products.isPlaceholderData && products.isFetching && !products.isFetchingNextPage;

  const dialogs = useShopDialogs({ canBuy, search });
  const cannotBuy = useCannotBuyAlert(session.signedIn && session.purchaseBlocked && !state.fb);
  const { sentinel, loadMore } = useShopPaging(products, query);

  const names = useFilterNames(filters.data);
  const filterCount = activeFilterCount(state);
  const clear = () => setState(clearAll(state));
  const panel = (
    <FilterPanel
      state={state}
      onChange={setState}
      filters={filters.data}
      recentPurchases={session.signedIn ? (recent.data ?? null) : null}
      shopPath={dialogs.shopPath}
    />
  );

  return (
    <Container size="xl" py={{ base: 'md', md: 'xl' }} className={classes.page}>
      <ShopHeader
        frameBuilder={Boolean(state.fb)}
        sampleSet={
          canBuy && !state.fb && state.collection.length === 1
            ? { id: state.collection[0], name: names.collection.get(state.collection[0]) }
            : null
        }
      />

      <div className={classes.layout}>
        {desktop !== false ? (
          <FilterSidebar desktop={desktop} filterCount={filterCount} onClear={clear}>
            {panel}
          </FilterSidebar>
        ) : null}

        <section className={classes.results} aria-labelledby="shop-results-heading" ref={resultsTop}>
          <ResultsToolbar
            state={state}
            names={names}
            signedIn={session.signedIn}
            loadingFirst={loadingFirst}
            refreshing={refreshing}
            estimated={estimated}
            total={total}
            view={view}
            desktop={desktop}
            filterCount={filterCount}
            onChange={setState}
            onView={setView}
            onOpenFilters={dialogs.drawer.open}
          />
          <ActiveFilterBadges
            badges={activeFilters(state, names)}
            state={state}
            onChange={setState}
            onClear={clear}
          />
          <ResultStates
            products={products}
            empty={items.length === 0}
            nameSearch={state.nameSearch}
            filterCount={filterCount}
            onClear={clear}
          />
          <ProductResults
            items={items}
            view={view}
            refreshing={refreshing}
            action={action}
            ownLocation={session.account?.Location}
            onDetails={dialogs.details.open}
            onEnlarge={dialogs.lightbox.open}
            onAddToCart={dialogs.cart.open}
            onSelect={dialogs.select}
          />
          <div ref={sentinel} className={classes.sentinel} aria-hidden />
          <ShopPager
            shown={items.length}
            total={total}
            hasMore={Boolean(products.hasNextPage)}
            loading={products.isFetchingNextPage}
            failed={products.isFetchNextPageError}
            onMore={loadMore}
          />
        </section>
      </div>

      {session.signedIn && canBuy && !state.fb && (recent.data?.length ?? 0) > 0 ? (
        <BuyAgainSection items={recent.data ?? []} />
      ) : null}

      {desktop === false && dialogs.drawer.mounted ? (
        <FilterDrawer
          opened={dialogs.drawer.opened}
          filterCount={filterCount}
          counting={loadingFirst || refreshing}
          total={total}
          onClose={dialogs.drawer.close}
          onClear={clear}
        >
          {panel}
        </FilterDrawer>
      ) : null}

      <ShopDialogs dialogs={dialogs} cannotBuy={cannotBuy} action={action} canBuy={canBuy} />
    </Container>
  );
}
