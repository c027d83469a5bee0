import { type ComponentType, lazy } from 'react';

/**
 * A piece of a screen loaded after the first paint, in its own code chunk, together with the Mantine styles the
 * first load leaves out (ADR 005). Render it inside <Suspense> with a fallback of the same size.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component] = await Promise.all([load(), import('../styles/mantine-more.ts')]);
    return { default: Component };
  });
}
