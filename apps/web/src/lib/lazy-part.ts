import { type ComponentType, lazy } from 'react';

/**
 * A piece of a screen loaded after the first paint, in its own code chunk, together with the Mantine styles the
 * first load leaves out (ADR 005). Render it inside <Suspense> with a fallback of the same size.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  // The server's render (prerender.tsx) shows the fallback, as the browser's first render does — never the part
  // itself, whose stylesheet the page does not link (ADR 013).
  if (import.meta.env.SSR) return lazy<ComponentType<P>>(() => new Promise(() => {}));
  return lazy(async () => {
    const [Component] = await Promise.all([load(), import('../styles/mantine-more.ts')]);
    return { default: Component };
  });
}
