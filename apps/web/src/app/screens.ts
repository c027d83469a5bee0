import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

export interface PageModule {
  default: ComponentType;
  /** The screen's first data at a URL, put in the query cache (optional). */
  prefetch?: (client: QueryClient, url: URL) => Promise<unknown>;
}

/**
 * Every screen's module, each in its own code chunk, by its file under features/. One glob, so that the route
 * table names each screen by its source file: the build writes which chunks each route's screen needs
 * (scripts/prerender.mjs, dist/screens.json) and the server names them with the page (ADR 013). This table is a
 * chunk of its own, asked for with the first screen, so the first load carries none of it.
 */
const SCREENS = import.meta.glob<PageModule>(
  [
    './*/*Page.tsx',
    './account/AdminLayout.tsx',
    // in the first load, and a part of other pages
    '!./home/HomePage.tsx',
    '!./content/RichTextPage.tsx',
  ],
  { base: '../features' },
);

/** A screen's module by its name under features/ ('cart/CartPage'). */
export function loadScreen(name: string): Promise<PageModule> {
  const load = SCREENS[`./${name}.tsx`];
  if (!load) throw new Error(`no screen module features/${name}.tsx`);
  return load();
}
