import { useMediaQuery } from '@mantine/hooks';
import { isHydrating } from './hydration.ts';

/**
 * What a screen's width-dependent parts assume when the server renders them (ADR 013): the server has no window, so
 * it guesses from the request (a phone's browser says so: Sec-CH-UA-Mobile, or "Mobi" in its user agent). A page
 * rendered for the wrong width is replaced by the app's own first render, which measures: a layout shift, not a
 * wrong page.
 */
export type ViewportGuess = 'phone' | 'wide';

/** The widths guessed, in px: a common phone, a laptop. */
const WIDTH: Record<ViewportGuess, number> = { phone: 412, wide: 1280 };
const EM = 16;

let guess: ViewportGuess = 'wide';

/** Runs a (synchronous) server render with the width guess of its request. */
export function renderingFor<T>(viewport: ViewportGuess, render: () => T): T {
  const before = guess;
  guess = viewport;
  try {
    return render();
  } finally {
    guess = before;
  }
}

/**
 * The browser's copy of the guess its page was rendered with (the server writes it on #root as `data-viewport`):
 * the first render over that HTML (hydration) answers width queries as the server did, then the window's own
 * answer takes over (lib/hydration.ts).
 */
export function setRenderedGuess(viewport: string | null): void {
  guess = viewport === 'phone' ? 'phone' : 'wide';
}

/**
 * The first value of a width media query: in a browser the window's own answer (while the app takes over the
 * server's HTML, the server's guess), on the server the guess's (`(max-width: …em)` or `(min-width: …em|px)`; any
 * other query: false).
 */
export function initialMatch(query: string): boolean {
  if (!isHydrating() && typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
    return window.matchMedia(query).matches;
  }
  const m = /^\(\s*(max|min)-width:\s*([\d.]+)(em|px)\s*\)$/.exec(query.trim());
  if (!m) return false;
  const limit = Number(m[2]) * (m[3] === 'em' ? EM : 1);
  const width = WIDTH[guess];
  return m[1] === 'max' ? width <= limit : width >= limit;
}

/**
 * A width media query's answer for a screen the server may render (the cart, the orders list): first the value
 * `initialMatch` gives — the server's guess on the server and while the app takes over its HTML, else the window's
 * own — then the window's, kept up to date as it changes.
 */
export function useWidthQuery(query: string): boolean {
  return useMediaQuery(query, initialMatch(query), { getInitialValueInEffect: true });
}
