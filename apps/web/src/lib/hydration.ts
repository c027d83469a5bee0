import { type ReactNode, startTransition, useEffect, useLayoutEffect, useState } from 'react';

/**
 * Whether the app's first render is taking over HTML the server rendered (hydration, ADR 013) rather than
 * rendering on its own. While it is, a component renders what the server did — the server knows neither the
 * window's width nor this browser's storage — and switches to the browser's own values right after, in a
 * transition (`useHydrated`). main.tsx says so before the first render; the screen's first commit ends it
 * (`HydrationEnd`, around the screen in RootLayout). React takes over the page frame first and each <Suspense>
 * boundary after it, the screen's among them: a component in a boundary of its own inside a screen would see the
 * hydration as over (none uses `useHydrated` today).
 */
let hydrating = false;
let whenDone: (() => void) | null = null;

/** The first render is to take over the server's HTML; `done` runs once the screen has been taken over. */
export function startHydration(done: () => void): void {
  hydrating = true;
  whenDone = done;
}

/** The screen has been taken over: components now take the browser's own values; `done` runs (once). */
export function endHydration(): void {
  if (!hydrating) return;
  hydrating = false;
  whenDone?.();
  whenDone = null;
}

/** Around the screen: its first commit ends the hydration (after its children's own layout effects). */
export function HydrationEnd({ children }: { children: ReactNode }) {
  useLayoutEffect(endHydration, []);
  return children;
}

/** True while the first render takes over the server's HTML (and on the server itself). */
export function isHydrating(): boolean {
  return import.meta.env.SSR || hydrating;
}

/**
 * False in the server's render and in the first render over its HTML; true from the render after it, and at
 * once in a component that mounts later or in an app rendered without server HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !isHydrating());
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
