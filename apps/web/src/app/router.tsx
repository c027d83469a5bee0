import { createBrowserRouter, type RouteObject } from 'react-router';
import HomePage from '../features/home/HomePage.tsx';
import { queryClient } from '../lib/query-client.ts';
import { PageLoader } from './PageLoader.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

/** How long a screen's first data may hold back its first render; after that the screen shows its loaders. */
const FIRST_DATA_WAIT_MS = 3000;

/**
 * A screen loaded on first visit, in its own code chunk, with the Mantine styles the first load leaves out
 * (the home page alone is in the first load: ADR 005). A screen that exports `prefetch` has its first data
 * fetched by the route's loader, beside its code, when the route is entered (not again as its search changes:
 * the screen's own queries follow that), so it renders once, with its data (ADR 013). `name` is the screen's
 * file under features/ (screens.ts); `handle.screen` names it as the build's manifest does.
 */
const lazyPage = (name: string): Pick<RouteObject, 'lazy' | 'handle'> => ({
  // read by the build's prerender only (the browser's bundle leaves it out)
  ...(import.meta.env.SSR ? { handle: { screen: `src/features/${name}.tsx` } } : {}),
  lazy: async () => {
    const [page] = await Promise.all([
      import('./screens.ts').then((screens) => screens.loadScreen(name)),
      import('../styles/mantine-more.ts'),
    ]);
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

const shop = lazyPage('catalogue/ShopPage');
const forgotPassword = lazyPage('auth/ForgotPasswordPage');
const ordersList = lazyPage('orders/OrdersListPage');
const orderView = lazyPage('orders/OrderViewPage');
const myAccount = lazyPage('account/MyAccountPage');
const adminLayout = lazyPage('account/AdminLayout');

/**
 * Every route of storefront §2 and account-area §2. Paths match case-insensitively (React Router's
 * default), so /shop and /Shop, /admin and /Admin are the same screen. Which routes need a signed-in
 * customer is decided by the route guard in RootLayout (isLoginRequired of @mitrebox/domain).
 */
export const routes: RouteObject[] = [
  // The back office (docs/decisions/014-staff-back-office.md): its own layout, one lazy chunk customers never
  // download
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
          {
            index: true,
            element: <HomePage />,
            // the home page is in the first load; a signed-in buyer's also has its account part, which the server
            // renders into their page: its chunk and stylesheet go with that page (screens.json; a visitor's home
            // page is the prerendered one, without them)
            ...(import.meta.env.SSR ? { handle: { screen: 'src/features/home/AccountHome.tsx' } } : {}),
          },

          // Shop and catalogue
          { path: 'Shop', ...shop },
          { path: 'Shop/:code', ...shop },
          { path: 'Shop/:code/Y', ...shop },
          { path: 'collections', ...lazyPage('catalogue/CollectionsPage') },
          { path: 'productSearch', ...lazyPage('catalogue/ProductSearchPage') },
          {
            path: 'productDetail/:Code',
            ...lazyPage('catalogue/ProductDetailPage'),
          },
          { path: 'FrameBuilder', ...lazyPage('frames/FrameBuilderPage') },
          {
            path: 'FrameBuilder/credits',
            ...lazyPage('frames/FrameCreditsPage'),
          },
          { path: 'Cart', ...lazyPage('cart/CartPage') },
          { path: 'orderComplete', ...lazyPage('orders/OrderCompletePage') },

          // Sign-in and its relatives
          { path: 'login/:extoken?', ...lazyPage('auth/LoginPage') },
          { path: 'verifyData', ...lazyPage('auth/VerifyDataPage') },
          {
            path: 'accountMsg/:msg?/:msgHeading?',
            ...lazyPage('auth/AccountMsgPage'),
          },
          { path: 'forgot_password', ...forgotPassword },
          { path: 'forgot-password', ...forgotPassword },
          {
            path: 'reset-password/:token/:email',
            ...lazyPage('auth/ResetPasswordPage'),
          },
          { path: 'verifyEmail/:vid', ...lazyPage('auth/VerifyEmailPage') },
          // a colleague's e-mailed invitation to an account
          { path: 'invitation/:token', ...lazyPage('auth/InvitationPage') },
          // the e-mailed links of a sign-in e-mail change (the token in the query, which the logs mask)
          { path: 'confirmEmailChange', ...lazyPage('account/ConfirmEmailChangePage') },
          { path: 'undoEmailChange', ...lazyPage('account/UndoEmailChangePage') },

          // Information pages
          { path: 'whereToBuy', ...lazyPage('dealers/WhereToBuyPage') },
          { path: 'careers', ...lazyPage('content/CareersPage') },
          { path: 'contactUs', ...lazyPage('content/ContactUsPage') },
          { path: 'pdflist', ...lazyPage('content/DocumentsPage') },
          { path: 'newAccount', ...lazyPage('content/NewAccountPage') },
          { path: 'whoWeAre', ...lazyPage('content/WhoWeArePage') },
          { path: 'privacyPolicy', ...lazyPage('content/PrivacyPolicyPage') },
          { path: 'Terms', ...lazyPage('content/TermsPage') },
          { path: 'FAQ', ...lazyPage('content/FaqPage') },
          { path: 'storeLocations', ...lazyPage('content/StoreLocationsPage') },

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
                ...lazyPage('payments/PaymentBatchPage'),
              },
              { path: 'orderView/:orderid', ...orderView },
              { path: 'userSettings', ...myAccount },
              {
                path: 'OrderDetails/:orderid',
                ...lazyPage('orders/OrderDetailsPage'),
              },
              {
                path: 'InvoiceDetails/:invoiceid',
                ...lazyPage('invoices/InvoiceDetailsPage'),
              },
              {
                path: 'FrequentlyPurchased',
                ...lazyPage('orders/FrequentlyPurchasedPage'),
              },
              { path: 'Credits', ...lazyPage('invoices/CreditsPage') },
              { path: 'Statement', ...lazyPage('account/StatementPage') },
              { path: 'Lists', ...lazyPage('lists/ListsPage') },
              { path: 'PriceList', ...lazyPage('account/PriceListPage') },
              { path: 'Colleagues', ...lazyPage('account/ColleaguesPage') },
              { path: 'ApiKeys', ...lazyPage('account/ApiKeysPage') },
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

          // the not-found screen loads when it is needed, not with every page (issue 33)
          { path: '*', lazy: async () => ({ Component: (await import('./NotFoundPage.tsx')).NotFoundPage }) },
        ],
      },
    ],
  },
];

/** The browser's router (made in main.tsx: the build's prerender imports the routes without a window). */
export const createAppRouter = () => createBrowserRouter(routes);
