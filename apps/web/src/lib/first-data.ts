import type { DehydratedState } from '@tanstack/react-query';

/**
 * The id of the `<script type="application/json">` in which the server sends the query cache of a page it rendered
 * with its data (the shop, a product page: ADR 013); main.tsx puts it in the browser's cache before the app renders.
 * The server writes the same id (apps/api/src/platform/screen-render.ts).
 */
export const FIRST_DATA_ID = 'mb-first-data';

/**
 * The page's first data, ready for the query cache, or null. Its age counts from `now` (the server's clock may differ
 * from this one). A signed-in screen's data names its user (`data-user`): taken only when that is the user this
 * browser's stored session holds — a session changed since the page was asked for renders from its own calls.
 */
export function readFirstData(
  element: { textContent: string | null; getAttribute(name: string): string | null } | null,
  storedUserId: number | undefined,
  now: number,
): DehydratedState | null {
  if (!element?.textContent) return null;
  const dataUser = element.getAttribute('data-user');
  if (dataUser !== null && dataUser !== String(storedUserId)) return null;
  try {
    const state = JSON.parse(element.textContent) as DehydratedState;
    for (const q of state.queries) q.state.dataUpdatedAt = now;
    return state;
  } catch {
    return null; // not usable: the screen fetches its data itself
  }
}

/**
 * Whether the page's HTML was rendered for the session this browser holds — a visitor's page for a browser signed
 * in to no one, a signed-in screen for its user — so the app's first render can take it over as it is (hydrate, ADR
 * 013) instead of replacing it.
 */
export function renderedForThisBrowser(
  element: { getAttribute(name: string): string | null } | null,
  storedUserId: number | undefined,
): boolean {
  if (!element) return false;
  const dataUser = element.getAttribute('data-user');
  return dataUser === null ? storedUserId === undefined : dataUser === String(storedUserId);
}
