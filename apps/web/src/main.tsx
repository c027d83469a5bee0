import './styles/fonts.css';
// Only the Mantine styles of the page frame and the home page; the rest load with the first lazy screen.
import './styles/mantine-first.css';
import './styles/global.css';

import { hydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useLayoutEffect } from 'react';
import { App } from './app/App.tsx';
import { createAppRouter } from './app/router.tsx';
import { authStorage } from './lib/auth-storage.ts';
import { FIRST_DATA_ID, readFirstData, renderedForThisBrowser } from './lib/first-data.ts';
import { isHydrating, startHydration } from './lib/hydration.ts';
import { queryClient } from './lib/query-client.ts';
import { prefetchFirstScreen } from './lib/shared-queries.ts';
import { setRenderedGuess } from './lib/viewport.ts';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// A data screen rendered by the server comes with the data it was rendered from (ADR 013): in the cache before the
// router's loader asks, so the app renders at once, without calling the API again (lib/first-data.ts).
const firstDataElement = document.getElementById(FIRST_DATA_ID);
const firstData = readFirstData(firstDataElement, authStorage.user?.id, Date.now());
if (firstData) hydrate(queryClient, firstData);
// With that data, and rendered for this browser's session, the page is the app's own first render: the app takes it
// over (hydrates: no new DOM, no new layout) rather than rendering again over it (ADR 013).
const takeOver = firstData !== null && renderedForThisBrowser(firstDataElement, authStorage.user?.id);
if (takeOver) {
  setRenderedGuess(firstDataElement?.getAttribute('data-viewport') ?? null);
  startHydration(makeLive);
}

const router = createAppRouter();

/**
 * The server sends the page painted from HTML (ADR 013): rendered per request with its data (then the app takes it
 * over, above), or prerendered at build time (the visitor's home page, or the page frame with a loader), so the first
 * paint needs no script. The app renders once the code of the screen asked for has arrived — not the router's
 * stand-in first — and takes the page over, or replaces the prerendered page in one commit at the same places.
 *
 * The entry runs in two tasks (ADR 013, "The entry in stages"): this module and what it imports (React, the
 * router, Mantine, the app), then — after the browser has had the main thread back — React's DOM renderer
 * (app/stage-render.tsx, preloaded with the entry), which renders the app. Evaluated together they were one task
 * of 30 ms on a desktop, 120 ms on Lighthouse's phone.
 */
function start() {
  const element = (
    <StrictMode>
      <Live>
        <App router={router} />
      </Live>
    </StrictMode>
  );
  nextTask()
    .then(() => import('./app/stage-render.tsx'))
    .then(({ renderApp }) => renderApp(root as HTMLElement, element, { hydrate: takeOver }));
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A page the server rendered comes `inert` (its buttons do nothing before the app runs; a click there would be
 * lost): the app's first commit, which replaces that HTML, makes it live — or, when the app takes the page over,
 * the commit in which the screen has been taken over (React takes over the page frame first, the screen after it:
 * lib/hydration.ts). `data-live` says so on every page, the home page too (painted from its HTML, not inert): the
 * browser journeys wait for it before they use a page.
 */
function Live({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    if (!isHydrating()) makeLive();
  }, []);
  return children;
}

function makeLive() {
  root?.removeAttribute('inert');
  root?.setAttribute('data-live', '');
}

// The screen's code (the router's lazy route) and its first data, fetched side by side; the app renders when both
// are in — or after 4 s without the data, which the screen then waits for itself.
const codeReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    resolve();
  });
});
const dataReady = Promise.race([
  prefetchFirstScreen(queryClient, window.location.pathname),
  new Promise((resolve) => setTimeout(resolve, 4000)),
]);
void Promise.all([codeReady, dataReady]).then(start);
