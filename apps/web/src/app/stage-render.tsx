import type { ReactNode } from 'react';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The entry's second stage (main.tsx, ADR 013 "The entry in stages"): React's DOM renderer, evaluated in a task of
 * its own, renders the app over the prerendered page. The render is a transition: React renders it in slices of a
 * few milliseconds and the browser paints and answers input between them, instead of one long task.
 */
export function renderApp(root: HTMLElement, app: ReactNode) {
  startTransition(() => {
    createRoot(root).render(app);
  });
}
