/**
 * The build's prerender (scripts/prerender.mjs): the home page as an anonymous visitor first sees it, and the page
 * frame with a loader for every other screen, rendered to HTML without data (the parts that wait for data show
 * their placeholders). The browser paints it before any script has run; the app then renders over it (main.tsx).
 *
 * The same bundle renders screens per request on the server (`renderScreen`: the shop's listing, a product page,
 * the collections, the Frame Creator, Where To Buy, careers and contact, as an anonymous visitor sees them, with their
 * data; a signed-in buyer's cart, Frame Creator and orders: ADR 013).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SessionUser } from '@mitrebox/api-contract';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { AppProviders } from './app/AppProviders.tsx';
import { PageLoader } from './app/PageLoader.tsx';
import { RootLayout } from './app/RootLayout.tsx';
import { routes as appRoutes } from './app/router.tsx';
import AdminLayout from './features/account/AdminLayout.tsx';
import MyAccountPage, { prefetch as prefetchMyAccount } from './features/account/MyAccountPage.tsx';
import CartPage, { prefetch as prefetchCart } from './features/cart/CartPage.tsx';
import CollectionsPage, { prefetch as prefetchCollections } from './features/catalogue/CollectionsPage.tsx';
import ProductDetailPage, { prefetch as prefetchProduct } from './features/catalogue/ProductDetailPage.tsx';
import ShopPage, { prefetch as prefetchShop } from './features/catalogue/ShopPage.tsx';
import CareersPage, { prefetch as prefetchCareers } from './features/content/CareersPage.tsx';
import ContactUsPage from './features/content/ContactUsPage.tsx';
import WhereToBuyPage from './features/dealers/WhereToBuyPage.tsx';
import FrameBuilderPage, { prefetch as prefetchFrameBuilder } from './features/frames/FrameBuilderPage.tsx';
import HomePage, { prefetch as prefetchHome } from './features/home/HomePage.tsx';
import OrdersListPage, { prefetch as prefetchOrders } from './features/orders/OrdersListPage.tsx';
import { configureApi } from './lib/api.ts';
import { type AuthSnapshot, setRenderSession } from './lib/auth-storage.ts';
import { siteQuery } from './lib/shared-queries.ts';
import { renderingFor, type ViewportGuess } from './lib/viewport.ts';

const routes = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: '*', element: <PageLoader /> },
    ],
  },
];

/** The HTML of #root for a path: '/' (the home page) or any other path (the frame with a loader). */
export async function render(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender${path}`));
  if (context instanceof Response) throw new Error(`prerender of ${path} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  return renderToString(
    <AppProviders client={client}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}

interface DataScreen {
  path: string;
  element: ReactElement;
  prefetch?: (c: QueryClient, u: URL) => Promise<unknown>;
  /**
   * Who it is rendered for: anyone (the shop and a product page: a visitor's, or a buyer's with their prices and
   * stock), or only a signed-in buyer (their cart, their orders), never a visitor.
   */
  for: 'anyone' | 'buyer';
}

/** The screens the server renders per request, each with the first data its browser route fetches (`prefetch`). */
const dataScreens: DataScreen[] = [
  // the signed-in home page ('' is '/'; a visitor's is prerendered at build time), its account part left to the app
  { path: '', element: <HomePage />, prefetch: prefetchHome, for: 'buyer' },
  { path: 'Shop', element: <ShopPage />, prefetch: prefetchShop, for: 'anyone' },
  { path: 'productDetail/:Code', element: <ProductDetailPage />, prefetch: prefetchProduct, for: 'anyone' },
  { path: 'Cart', element: <CartPage />, prefetch: prefetchCart, for: 'buyer' },
  { path: 'FrameBuilder', element: <FrameBuilderPage />, prefetch: prefetchFrameBuilder, for: 'anyone' },
  // the public pages whose first view is text and pictures (their largest paint comes with the HTML: issue 33)
  { path: 'collections', element: <CollectionsPage />, prefetch: prefetchCollections, for: 'anyone' },
  { path: 'careers', element: <CareersPage />, prefetch: prefetchCareers, for: 'anyone' },
  { path: 'whereToBuy', element: <WhereToBuyPage />, for: 'anyone' },
  { path: 'contactUs', element: <ContactUsPage />, for: 'anyone' },
  {
    path: 'Admin/userListOrders/:searchx?',
    element: <OrdersListPage />,
    prefetch: prefetchOrders,
    for: 'buyer',
  },
  { path: 'userListOrders', element: <OrdersListPage />, prefetch: prefetchOrders, for: 'buyer' },
  // My Account (/Admin, and its older paths)
  { path: 'Admin', element: <MyAccountPage />, prefetch: prefetchMyAccount, for: 'buyer' },
  { path: 'Admin/userSettings', element: <MyAccountPage />, prefetch: prefetchMyAccount, for: 'buyer' },
  { path: 'userSettings', element: <MyAccountPage />, prefetch: prefetchMyAccount, for: 'buyer' },
];
/** The account area's screens sit in its layout (the left menu), as in the browser's routes (app/router.tsx). */
const inAdminLayout = (path: string) => /^(Admin\b|userListOrders|userSettings)/i.test(path);
const dataRoutes = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      ...dataScreens
        .filter((s) => !inAdminLayout(s.path))
        .map(({ path, element }) => (path === '' ? { index: true, element } : { path, element })),
      {
        element: <AdminLayout />,
        children: dataScreens
          .filter((s) => inAdminLayout(s.path))
          .map(({ path, element }) => ({ path, element })),
      },
    ],
  },
];

const matches = (screen: DataScreen, pathname: string) =>
  new RegExp(`^/${screen.path.replace(/\/:\w+\?/g, '(?:/[^/]+)?').replace(/:\w+/g, '[^/]+')}/?$`, 'i').test(
    pathname,
  );

/**
 * The session of the render under way (a signed-in screen's), read by the app's session store instead of the
 * browser's storage: renders of different users run at once (their API calls interleave), each sees its own. It holds
 * the user, not the token: the server adds the user's token to the render's API calls itself.
 */
const renderSession = new AsyncLocalStorage<AuthSnapshot>();
setRenderSession(() => renderSession.getStore());

/** Where the server's renders make their API calls (the API itself, in process): set once by the server. */
export function configureRender(options: { fetch: typeof fetch }): void {
  configureApi({ baseUrl: 'http://render.internal', fetch: options.fetch });
}

export interface RenderedScreen {
  /** The HTML of #root. */
  root: string;
  /** The query cache the page was rendered from (TanStack Query's dehydrated state), for the browser's cache. */
  data: unknown;
  /** The width it was rendered for (lib/viewport.ts), which the app's first render over it assumes too. */
  viewport: ViewportGuess;
}

/**
 * A data screen at `url` as a visitor (no `user`) or the signed-in `user` sees it, rendered with its first data —
 * the same calls and cache entries as the browser's route loader makes — or null when the path is not one of them
 * or a call failed (the server then sends the page frame, and the browser fetches).
 */
export async function renderScreen(
  url: string,
  user?: SessionUser,
  options: { phone?: boolean } = {},
): Promise<RenderedScreen | null> {
  const target = new URL(url, 'http://render.internal');
  const screen = dataScreens.find((s) => matches(s, target.pathname));
  if (!screen || (!user && screen.for === 'buyer')) return null;
  if (!user) return renderWith(target, screen, options);
  // the token stays with the server (its calls carry it); the app's session store only needs to say "signed in"
  return renderSession.run({ token: 'server', user, vtoken: null, vuser: null }, () =>
    renderWith(target, screen, options),
  );
}

async function renderWith(
  target: URL,
  screen: DataScreen,
  options: { phone?: boolean },
): Promise<RenderedScreen | null> {
  const handler = createStaticHandler(dataRoutes);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  await Promise.all([client.prefetchQuery(siteQuery), screen.prefetch?.(client, target)]);
  const queries = client.getQueryCache().getAll();
  if (queries.length < (screen.prefetch ? 2 : 1) || queries.some((q) => q.state.status !== 'success'))
    return null;
  const context = await handler.query(new Request(target));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const viewport: ViewportGuess = options.phone ? 'phone' : 'wide';
  const root = renderingFor(viewport, () =>
    renderToString(
      <AppProviders client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>,
    ),
  );
  return { root, data: dehydrate(client), viewport };
}

export interface ScreenRoute {
  /** The route's full path as React Router matches it (case-insensitive; ':x', ':x?' and '*'). */
  pattern: string;
  /** The lazily loaded modules its screen is made of, outermost first, as the build manifest names them. */
  screens: string[];
}

/** Each page route of the app with the screen modules it loads (the build writes their chunks: screens.json). */
export function screenRoutes(): ScreenRoute[] {
  const found: ScreenRoute[] = [];
  const walk = (list: RouteObject[], base: string, outer: string[]) => {
    for (const route of list) {
      const here = route.path ? `${base.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : base;
      const screen = (route.handle as { screen?: string } | undefined)?.screen;
      const screens = screen ? [...outer, screen] : outer;
      if (route.children) walk(route.children, here, screens);
      else if (screens.length > 0) found.push({ pattern: here || '/', screens });
    }
  };
  walk(appRoutes, '', []);
  return found;
}
