import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import HomePage from '../features/home/HomePage.tsx';
import { queryClient } from '../lib/query-client.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PageLoader } from './PageLoader.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

interface PageModule {
  default: ComponentType;
  /** The screen's first data at a URL, put in the query cache (optional). */
  prefetch?: (client: QueryClient, url: URL) => Promise<unknown>;
}

/** How long a screen's first data may hold back its first render; after that the screen shows its loaders. */
const FIRST_DATA_WAIT_MS = 3000;

/**
 * A screen loaded on first visit, in its own code chunk, with the Mantine styles the first load leaves out
 * (the home page alone is in the first load: ADR 005). A screen that exports `prefetch` has its first data
 * fetched by the route's loader, beside its code, when the route is entered (not again as its search changes:
 * the screen's own queries follow that), so it renders once, with its data (ADR 013).
 */
const lazyPage = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [page] = await Promise.all([load(), import('../styles/mantine-more.ts')]);
    const { prefetch } = page;
    if (!prefetch) return { Component: page.default };
    return {
      Component: page.default,
      loader: async ({ request }) => {
        await Promise.race([
          prefetch(queryClient, new URL(request.url)).catch(() => undefined),
          new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS)),
        ]);
        return null;
      },
      shouldRevalidate: () => false,
    };
  },
});

const shop = lazyPage(() => import('../features/catalogue/ShopPage.tsx'));
const forgotPassword = lazyPage(() => import('../features/auth/ForgotPasswordPage.tsx'));
const ordersList = lazyPage(() => import('../features/orders/OrdersListPage.tsx'));
const orderView = lazyPage(() => import('../features/orders/OrderViewPage.tsx'));
const myAccount = lazyPage(() => import('../features/account/MyAccountPage.tsx'));
const adminLayout = lazyPage(() => import('../features/account/AdminLayout.tsx'));

/**
 * Every route of storefront §2 and account-area §2. Paths match case-insensitively (React Router's
 * default), so /shop and /Shop, /admin and /Admin are the same screen. Which routes need a signed-in
 * customer is decided by the route guard in RootLayout (isLoginRequired of @mitrebox/domain).
 */
export const routes: RouteObject[] = [
  // The back office (issue 15): its own layout, one lazy chunk customers never download
  {
    path: '/staff/*',
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageLoader,
    lazy: async () => (await import('../features/staff/entry.ts')).loadStaffApp(),
  },
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageLoader,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },

          // Shop and catalogue
          { path: 'Shop', ...shop },
          { path: 'Shop/:code', ...shop },
          { path: 'Shop/:code/Y', ...shop },
          { path: 'collections', ...lazyPage(() => import('../features/catalogue/CollectionsPage.tsx')) },
          { path: 'productSearch', ...lazyPage(() => import('../features/catalogue/ProductSearchPage.tsx')) },
          {
            path: 'productDetail/:Code',
            ...lazyPage(() => import('../features/catalogue/ProductDetailPage.tsx')),
          },
          { path: 'FrameBuilder', ...lazyPage(() => import('../features/frames/FrameBuilderPage.tsx')) },
          {
            path: 'FrameBuilder/credits',
            ...lazyPage(() => import('../features/frames/FrameCreditsPage.tsx')),
          },
          { path: 'Cart', ...lazyPage(() => import('../features/cart/CartPage.tsx')) },
          { path: 'orderComplete', ...lazyPage(() => import('../features/orders/OrderCompletePage.tsx')) },

          // Sign-in and its relatives
          { path: 'login/:extoken?', ...lazyPage(() => import('../features/auth/LoginPage.tsx')) },
          { path: 'verifyData', ...lazyPage(() => import('../features/auth/VerifyDataPage.tsx')) },
          {
            path: 'accountMsg/:msg?/:msgHeading?',
            ...lazyPage(() => import('../features/auth/AccountMsgPage.tsx')),
          },
          { path: 'forgot_password', ...forgotPassword },
          { path: 'forgot-password', ...forgotPassword },
          {
            path: 'reset-password/:token/:email',
            ...lazyPage(() => import('../features/auth/ResetPasswordPage.tsx')),
          },
          { path: 'verifyEmail/:vid', ...lazyPage(() => import('../features/auth/VerifyEmailPage.tsx')) },

          // Information pages
          { path: 'whereToBuy', ...lazyPage(() => import('../features/dealers/WhereToBuyPage.tsx')) },
          { path: 'careers', ...lazyPage(() => import('../features/content/CareersPage.tsx')) },
          { path: 'contactUs', ...lazyPage(() => import('../features/content/ContactUsPage.tsx')) },
          { path: 'pdflist', ...lazyPage(() => import('../features/content/DocumentsPage.tsx')) },
          { path: 'newAccount', ...lazyPage(() => import('../features/content/NewAccountPage.tsx')) },
          { path: 'whoWeAre', ...lazyPage(() => import('../features/content/WhoWeArePage.tsx')) },
          { path: 'privacyPolicy', ...lazyPage(() => import('../features/content/PrivacyPolicyPage.tsx')) },
          { path: 'Terms', ...lazyPage(() => import('../features/content/TermsPage.tsx')) },
          { path: 'FAQ', ...lazyPage(() => import('../features/content/FaqPage.tsx')) },
          { path: 'storeLocations', ...lazyPage(() => import('../features/content/StoreLocationsPage.tsx')) },

          // Account area: /Admin with its left menu, and the older top-level paths to the same screens
          {
            path: 'Admin',
            ...adminLayout,
            children: [
              // /Admin itself is My Account (the header's 'My Account' link lands there)
              { index: true, ...myAccount },
              { path: 'userListOrders/:searchx?', ...ordersList },
              {
                path: 'PaymentBatch',
                ...lazyPage(() => import('../features/payments/PaymentBatchPage.tsx')),
              },
              { path: 'orderView/:orderid', ...orderView },
              { path: 'userSettings', ...myAccount },
              {
                path: 'OrderDetails/:orderid',
                ...lazyPage(() => import('../features/orders/OrderDetailsPage.tsx')),
              },
              {
                path: 'InvoiceDetails/:invoiceid',
                ...lazyPage(() => import('../features/invoices/InvoiceDetailsPage.tsx')),
              },
              {
                path: 'FrequentlyPurchased',
                ...lazyPage(() => import('../features/orders/FrequentlyPurchasedPage.tsx')),
              },
              { path: 'Credits', ...lazyPage(() => import('../features/invoices/CreditsPage.tsx')) },
            ],
          },
          {
            ...adminLayout,
            children: [
              { path: 'userListOrders', ...ordersList },
              { path: 'orderView/:orderid', ...orderView },
              { path: 'userSettings', ...myAccount },
            ],
          },

          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** The browser's router (made in main.tsx: the build's prerender imports the routes without a window). */
export const createAppRouter = () => createBrowserRouter(routes);
