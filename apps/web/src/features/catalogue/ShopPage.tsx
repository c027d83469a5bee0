import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Container,
  Drawer,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Skeleton,
  Text,
  Title,
} from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { CANNOT_BUY_ALERT_DELAY_MS, messages, productTypeName } from '@mitrebox/domain';
import {
  IconAdjustmentsHorizontal,
  IconAlertCircle,
  IconFilterOff,
  IconPhone,
  IconSearch,
} from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { AddToCartDialog } from '../../components/add-to-cart/AddToCartDialog.tsx';
import { BuyAgainCarousel } from '../../components/BuyAgainCarousel.tsx';
import { WhenNear } from '../../components/WhenNear.tsx';
import { cx } from '../../lib/cx.ts';
import { current as currentSession, useSession } from '../../lib/session.ts';
import { telHref, useSiteInfo } from '../../lib/site.ts';
import { useLazyDialog } from '../../lib/use-opened-once.ts';
import {
  productFiltersQuery,
  recentPurchasesQuery,
  type ShopProduct,
  shopProductsQuery,
  useProductFilters,
  useRecentPurchases,
  useShopProducts,
} from './catalogue-api.ts';
import { FilterPanel } from './FilterPanel.tsx';
import { ImageLightbox } from './ImageLightbox.tsx';
import { ProductCard } from './ProductCard.tsx';
import { ProductDetailsModal } from './ProductDetailsModal.tsx';
import { ProductTable } from './ProductTable.tsx';
import classes from './ShopPage.module.css';
import {
  type ActiveFilter,
  activeFilterCount,
  activeFilters,
  clearAll,
  type FilterNames,
  parseShopParams,
  type ShopState,
  SORT_CHOICES,
  sortChoice,
  toCatalogueQuery,
  toShopSearch,
  withSortChoice,
} from './shop-filters.ts';
import { useInfiniteScroll } from './useInfiniteScroll.ts';
import { ViewToggle } from './ViewToggle.tsx';

const count = new Intl.NumberFormat('en-US');
const DESKTOP_QUERY = '(min-width: 62em)';
/** Cards whose pictures load at once (a phone's first screenful: they are not to compete with the first one). */
const EAGER_CARDS = 4;
/** The cards of the server's render (a wide screen's first screenful); the browser's render has the whole page. */
const SERVER_CARDS = 12;
/** Pages infinite scroll appends by itself before MORE is needed again. */
const AUTO_PAGES = 3;

/** Where the grid-or-list choice is remembered on this device. */
const VIEW_KEY = 'mitrebox.shopView';

/** Navigation state of a product opened from within the shop: closing it goes Back. */
interface ShopNavState {
  fromShop?: boolean;
}

/**
 * /Shop, /Shop/{code}, /Shop/{code}/Y and /shop?nameSearch=… (storefront §2 Shop screen). Every filter lives
 * in the URL, so a copied link reproduces the view and Back restores the previous filters.
 */
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

export default function ShopPage() {
  const { code: routeCode = null } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const site = useSiteInfo();
  const desktopMatch = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  // The server's render (prerender.tsx) does not know the screen's width: it renders the sidebar and the phone's
  // Filters button both, and the stylesheet shows the one that fits (ADR 013).
  const desktop: boolean | null = import.meta.env.SSR ? null : desktopMatch;

  const urlState = useMemo(() => parseShopParams(new URLSearchParams(location.search)), [location.search]);
  // A change shows at once (a ticked box stays ticked) while the navigation to its URL completes.
  // It ends for good once the location moves on (so Back to the earlier entry reads that entry's URL).
  const [optimistic, setOptimistic] = useState<{ key: string; state: ShopState } | null>(null);
  if (optimistic && optimistic.key !== location.key) setOptimistic(null);
  const state = optimistic && optimistic.key === location.key ? optimistic.state : urlState;
  const query = useMemo(() => toCatalogueQuery(state), [state]);
  const search = toShopSearch(state);
  const autoAdd = routeCode !== null && /\/y\/?$/i.test(location.pathname);
  const canBuy = session.signedIn && !session.purchaseBlocked;
  const action: 'cart' | 'select' | 'none' = state.fb ? 'select' : canBuy ? 'cart' : 'none';

  const [view, setView] = useLocalStorage<'grid' | 'list'>({
    key: VIEW_KEY,
    defaultValue: 'grid',
    getInitialValueInEffect: false,
  });
  const sortData = SORT_CHOICES.filter((c) => session.signedIn || !c.value.startsWith('price')).map((c) => ({
    value: c.value,
    label: c.label,
  }));

  const products = useShopProducts(query);
  const filters = useProductFilters(query);
  const recent = useRecentPurchases();

  const items = useMemo(() => products.data?.pages.flatMap((p) => p.data) ?? [], [products.data]);
  const total = products.data?.pages[0]?.total ?? 0;
  // a search matching thousands is estimated by the server (issue 17), and said to be
  const estimated = Boolean(products.data?.pages[0]?.total_estimated);
  const loadingFirst = products.isPending;
  const refreshing = products.isPlaceholderData && products.isFetching && !products.isFetchingNextPage;

  // ——— state changes go through the URL ———
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

  // ——— modals ———
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [lightbox, setLightbox] = useState<ShopProduct | null>(null);
  const [detailsInitial, setDetailsInitial] = useState<ShopProduct | null>(null);
  const [cartCode, setCartCode] = useState<string | null>(null);

  const shopPath = useCallback((code: string) => `/Shop/${encodeURIComponent(code)}${search}`, [search]);

  const openDetails = useCallback(
    (p: ShopProduct) => {
      setDetailsInitial(p);
      setDrawerOpen(false);
      navigate(shopPath(p.Code), {
        preventScrollReset: true,
        state: { fromShop: true } satisfies ShopNavState,
      });
    },
    [navigate, shopPath],
  );

  const closeRouteProduct = useCallback(() => {
    if ((location.state as ShopNavState | null)?.fromShop) navigate(-1);
    else navigate({ pathname: '/Shop', search }, { replace: true, preventScrollReset: true });
  }, [location.state, navigate, search]);

  // A product opened from the drawer (Frequently Purchased) shows without the drawer behind it.
  useEffect(() => {
    if (routeCode) setDrawerOpen(false);
  }, [routeCode]);

  const openCart = useCallback((code: string) => setCartCode(code), []);
  const select = useCallback(
    (code: string) => navigate(`/FrameBuilder?select=${encodeURIComponent(code)}`),
    [navigate],
  );

  const detailsCode = routeCode && !(autoAdd && canBuy) ? routeCode : null;
  const dialogCode = cartCode ?? (routeCode && autoAdd && canBuy ? routeCode : null);
  const closeDialog = () => {
    if (cartCode) setCartCode(null);
    else closeRouteProduct();
  };
  // dialogs and the phone's filter drawer are built the first time they open (ADR 013)
  const drawer = useLazyDialog(drawerOpen);
  const lightboxDialog = useLazyDialog(lightbox !== null);
  const detailsDialog = useLazyDialog(detailsCode !== null);
  const cartDialog = useLazyDialog(dialogCode !== null);
  const addFromDetails = (code: string) => {
    closeRouteProduct();
    setCartCode(code);
  };

  // ——— the cannot-buy alert, 1 s after the shop opens (not in frame-builder mode) ———
  const [cannotBuyOpen, setCannotBuyOpen] = useState(false);
  const cannotBuy = useLazyDialog(cannotBuyOpen);
  const blocked = session.signedIn && session.purchaseBlocked && !state.fb;
  useEffect(() => {
    if (!blocked) return;
    const timer = window.setTimeout(() => setCannotBuyOpen(true), CANNOT_BUY_ALERT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [blocked]);

  // ——— paging: MORE and infinite scroll both append the next page ———
  // Scrolling appends up to AUTO_PAGES pages on its own, then MORE takes over (and grants as many again), so
  // the Buy Again row and the footer below the grid stay within reach of a long catalogue.
  const sentinel = useRef<HTMLDivElement>(null);
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
      budget > 0 &&
      Boolean(hasNextPage) &&
      !isFetchingNextPage &&
      !products.isPlaceholderData &&
      !products.isError,
    onReach: autoLoad,
  });

  // ——— badges ———
  const names: FilterNames = useMemo(() => {
    const f = filters.data;
    return {
      typeName: (t) => f?.type.find((x) => x.value === t)?.name ?? productTypeName(t),
      collection: new Map((f?.collection ?? []).map((c) => [c.id, c.name])),
      color_family: new Map((f?.color_family ?? []).map((c) => [c.id, c.name])),
      profile_type: new Map((f?.profile_type ?? []).map((c) => [c.id, c.name])),
    };
  }, [filters.data]);
  const badges = activeFilters(state, names);
  const filterCount = activeFilterCount(state);
  const clear = () => setState(clearAll(state));

  const panel = (
    <FilterPanel
      state={state}
      onChange={setState}
      filters={filters.data}
      recentPurchases={session.signedIn ? (recent.data ?? null) : null}
      shopPath={shopPath}
    />
  );

  const heading = state.nameSearch
    ? `Results for “${state.nameSearch}”`
    : state.type === null
      ? 'All products'
      : (names.typeName(state.type) ?? 'Products');

  return (
    <Container size="xl" py={{ base: 'md', md: 'xl' }} className={classes.page}>
      <header className={classes.head}>
        <div className={classes.headText}>
          <Text className={classes.eyebrow}>
            {state.fb ? 'Frame Builder · choose a moulding' : 'Catalogue'}
          </Text>
          <Title order={1} className={classes.title}>
            Shop
          </Title>
        </div>
      </header>

      <div className={classes.layout}>
        {desktop !== false ? (
          <aside className={cx(classes.sidebar, desktop === null && classes.wideOnly)} aria-label="Filters">
            <div className={classes.sidebarHead}>
              <Text className={classes.sidebarTitle}>Filters</Text>
              {filterCount > 0 ? (
                <Button variant="subtle" size="compact-sm" onClick={clear}>
                  Clear all
                </Button>
              ) : null}
            </div>
            {/* the server's render leaves the filter groups to the browser (a phone does not show them) */}
            {desktop === null ? null : panel}
          </aside>
        ) : null}

        <section className={classes.results} aria-labelledby="shop-results-heading" ref={resultsTop}>
          <div className={classes.toolbar}>
            <div className={classes.toolbarText}>
              <Title order={2} id="shop-results-heading" className={classes.resultsHeading}>
                {heading}
              </Title>
              <Text className={classes.total} aria-live="polite" data-testid="total-results">
                {loadingFirst
                  ? 'Loading…'
                  : `Total Results ${estimated ? 'about ' : ''}${count.format(total)}`}
                {refreshing ? <Loader size={14} ml={8} aria-label="Updating" /> : null}
              </Text>
            </div>
            <div className={classes.viewControls}>
              <NativeSelect
                size="sm"
                label="Sort by"
                data={sortData}
                value={sortChoice(state)}
                onChange={(e) => setState(withSortChoice(state, e.currentTarget.value))}
                className={classes.sort}
                data-testid="shop-sort"
              />
              <ViewToggle value={view} onChange={setView} />
            </div>
            {desktop !== true ? (
              <Button
                variant="default"
                leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
                onClick={() => setDrawerOpen(true)}
                aria-haspopup="dialog"
                className={cx(classes.filtersButton, desktop === null && classes.narrowOnly)}
                rightSection={
                  filterCount > 0 ? (
                    <Badge size="sm" circle color="brass.4" c="walnut.9" aria-label={`${filterCount} active`}>
                      {filterCount}
                    </Badge>
                  ) : null
                }
              >
                Filters
              </Button>
            ) : null}
          </div>

          {badges.length > 0 ? (
            <ul className={classes.badges} aria-label="Active filters">
              {badges.map((b) => (
                <li key={b.key}>
                  <FilterBadge badge={b} onRemove={() => setState(b.remove(state))} />
                </li>
              ))}
              <li>
                <Button variant="subtle" size="compact-sm" onClick={clear} className={classes.clearAll}>
                  Clear all
                </Button>
              </li>
            </ul>
          ) : null}

          {products.isError && !products.data ? (
            <Alert
              color="red"
              icon={<IconAlertCircle size={18} />}
              title="The products could not be loaded"
              mt="md"
            >
              <Text size="sm">{(products.error as Error).message}</Text>
              <Button size="xs" mt="sm" variant="light" color="red" onClick={() => void products.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : null}

          {loadingFirst ? (
            <div className={classes.grid} role="status" aria-busy="true" aria-label="Loading products">
              {Array.from({ length: 12 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
                <div key={i} className={classes.skeletonCard}>
                  <Skeleton className={classes.skeletonImage} />
                  <div className={classes.skeletonBody}>
                    <Skeleton height={14} width="45%" />
                    <Skeleton height={14} width="90%" mt={8} />
                    <Skeleton height={12} width="60%" mt={8} />
                    <Skeleton height={32} mt={16} />
                  </div>
                </div>
              ))}
            </div>
          ) : null}

          {!loadingFirst && products.data && items.length === 0 ? (
            <div className={classes.empty} data-testid="shop-empty">
              <IconSearch size={40} stroke={1.4} aria-hidden className={classes.emptyIcon} />
              <Title order={3} className={classes.emptyTitle}>
                No products match
              </Title>
              <Text c="dimmed" maw={420} ta="center">
                {state.nameSearch
                  ? `Nothing matches “${state.nameSearch}” with these filters. Check the spelling or the item #, or widen the filters.`
                  : 'Nothing matches all of these filters. Remove one or clear them to see more.'}
              </Text>
              {filterCount > 0 ? (
                <Button mt="md" leftSection={<IconFilterOff size={18} aria-hidden />} onClick={clear}>
                  Clear filters
                </Button>
              ) : null}
            </div>
          ) : null}

          {items.length > 0 && view === 'list' ? (
            <ProductTable
              products={items}
              action={action}
              ownLocation={session.account?.Location}
              onDetails={openDetails}
              onAddToCart={openCart}
              onSelect={select}
            />
          ) : null}

          {items.length > 0 && view !== 'list' ? (
            <div
              className={classes.grid}
              data-refreshing={refreshing || undefined}
              data-testid="product-grid"
            >
              {(import.meta.env.SSR ? items.slice(0, SERVER_CARDS) : items).map((p, i) => (
                <ProductCard
                  key={p.Code}
                  product={p}
                  action={action}
                  ownLocation={session.account?.Location}
                  eager={i < EAGER_CARDS}
                  priority={i === 0}
                  onDetails={openDetails}
                  onEnlarge={setLightbox}
                  onAddToCart={openCart}
                  onSelect={select}
                />
              ))}
            </div>
          ) : null}

          <div ref={sentinel} className={classes.sentinel} aria-hidden />

          {items.length > 0 ? (
            <div className={classes.more}>
              <Text size="sm" c="dimmed" aria-live="polite">
                Showing {count.format(items.length)} of {count.format(total)}
              </Text>
              {hasNextPage ? (
                <Button
                  variant="outline"
                  size="md"
                  onClick={loadMore}
                  loading={isFetchingNextPage}
                  loaderProps={{ type: 'dots' }}
                  className={classes.moreButton}
                >
                  MORE
                </Button>
              ) : null}
              {products.isFetchNextPageError ? (
                <Text size="sm" c="red.7">
                  The next page could not be loaded. Press MORE to try again.
                </Text>
              ) : null}
            </div>
          ) : null}
        </section>
      </div>

      {session.signedIn && canBuy && !state.fb && (recent.data?.length ?? 0) > 0 ? (
        <section className={classes.buyAgain} aria-labelledby="shop-buy-again">
          <Title order={2} id="shop-buy-again" className={classes.buyAgainTitle}>
            Buy Again
          </Title>
          <WhenNear minHeight={300}>
            <BuyAgainCarousel items={recent.data ?? []} />
          </WhenNear>
        </section>
      ) : null}

      {desktop === false && drawer.mounted ? (
        <Drawer
          opened={drawer.opened}
          onClose={() => setDrawerOpen(false)}
          title="Filters"
          position="left"
          size="min(23rem, 92vw)"
          padding="md"
          closeButtonProps={{ 'aria-label': 'Close filters' }}
          classNames={{ title: classes.drawerTitle, body: classes.drawerBody }}
        >
          <div className={classes.drawerPanel}>{panel}</div>
          <div className={classes.drawerFooter}>
            <Button variant="default" onClick={clear} disabled={filterCount === 0}>
              Clear all
            </Button>
            <Button onClick={() => setDrawerOpen(false)} className={classes.drawerShow}>
              {loadingFirst || refreshing ? 'Show results' : `Show ${count.format(total)} results`}
            </Button>
          </div>
        </Drawer>
      ) : null}

      {lightboxDialog.mounted ? (
        <ImageLightbox product={lightboxDialog.opened ? lightbox : null} onClose={() => setLightbox(null)} />
      ) : null}

      {detailsDialog.mounted ? (
        <ProductDetailsModal
          code={detailsDialog.opened ? detailsCode : null}
          initial={detailsInitial}
          onClose={closeRouteProduct}
          action={action}
          onAddToCart={addFromDetails}
          onSelect={select}
        />
      ) : null}

      {canBuy && cartDialog.mounted ? (
        <AddToCartDialog code={dialogCode} opened={cartDialog.opened} onClose={closeDialog} />
      ) : null}

      {cannotBuy.mounted ? (
        <Modal
          opened={cannotBuy.opened}
          onClose={() => setCannotBuyOpen(false)}
          title="Ordering is not available"
          centered
          closeButtonProps={{ 'aria-label': 'Close' }}
          classNames={{ title: classes.modalTitle }}
        >
          <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="cannot-buy">
            {messages.purchaseBlocked(site.phone)}
          </Alert>
          <Group justify="flex-end" mt="md" gap="sm">
            <Button
              component="a"
              href={telHref(site.phone)}
              variant="default"
              leftSection={<IconPhone size={16} />}
            >
              Call {site.phone}
            </Button>
            <Button onClick={() => setCannotBuyOpen(false)}>Keep browsing</Button>
          </Group>
        </Modal>
      ) : null}
    </Container>
  );
}

function FilterBadge({ badge, onRemove }: { badge: ActiveFilter; onRemove: () => void }) {
  return (
    <span className={classes.badge} data-testid="filter-badge">
      <span className={classes.badgeGroup}>{badge.group}</span>
      <span className={classes.badgeLabel}>{badge.label}</span>
      <CloseButton
        size="sm"
        className={classes.badgeRemove}
        aria-label={`Remove filter ${badge.group}: ${badge.label}`}
        onClick={onRemove}
      />
    </span>
  );
}
