import type { ReactNode } from 'react';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * React's word for a part the server's render left to the browser (a `lazyPart` inside <Suspense>: the header
 * search, the toasts): expected, not a mismatch. Error #419 in React's production build.
 */
const LEFT_TO_THE_BROWSER = /#419\b|could not finish this Suspense boundary/;

/**
 * The entry's second stage (main.tsx, ADR 013 "The entry in stages"): React's DOM renderer, evaluated in a task of
 * its own, renders the app. Over a page the server rendered for this browser, with the data it was rendered from,
 * it takes the page over (`hydrate`): React renders the same tree, keeps the server's DOM and only attaches to it.
 * Over anything else (the page frame, the prerendered home page) it renders anew and replaces the page in one
 * commit. Both run as a transition: React works in slices of a few milliseconds, and the browser paints and
 * answers input between them.
 *
 * Where the app's first render differs from the server's HTML, React renders that part anew instead (a recoverable
 * error): `#root` then says `data-hydration="mismatch"`, which the browser journeys check.
 */
export function renderApp(root: HTMLElement, app: ReactNode, options: { hydrate: boolean }) {
  startTransition(() => {
    if (!options.hydrate) {
      createRoot(root).render(app);
      return;
    }
    // in a transition, the hydration too is sliced (outside one, React 19 hydrates the page in one task)
    hydrateRoot(root, app, {
      onRecoverableError: (error, info) => {
        if (LEFT_TO_THE_BROWSER.test(String(error))) return;
        root.setAttribute('data-hydration', 'mismatch');
        console.warn(
          'The page differed from the app’s first render; rendered anew:',
          error,
          info.componentStack,
        );
      },
    });
  });
}
