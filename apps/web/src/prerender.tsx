/**
 * The build's prerender (scripts/prerender.mjs): the home page as an anonymous visitor first sees it, and the page
 * frame with a loader for every other screen, rendered to HTML without data (the parts that wait for data show
 * their placeholders). The browser paints it before any script has run; the app then renders over it (main.tsx).
 */
import { QueryClient } from '@tanstack/react-query';
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
import HomePage from './features/home/HomePage.tsx';

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
