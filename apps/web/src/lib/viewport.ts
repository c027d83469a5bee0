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
 * The first value of a width media query: in a browser the window's own answer, on the server the guess's
 * (`(max-width: …em)` or `(min-width: …em|px)`; any other query: false).
 */
export function initialMatch(query: string): boolean {
  if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
    return window.matchMedia(query).matches;
  }
  const m = /^\(\s*(max|min)-width:\s*([\d.]+)(em|px)\s*\)$/.exec(query.trim());
  if (!m) return false;
  const limit = Number(m[2]) * (m[3] === 'em' ? EM : 1);
  const width = WIDTH[guess];
  return m[1] === 'max' ? width <= limit : width >= limit;
}
