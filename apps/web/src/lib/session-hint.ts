/**
 * A cookie that only says "this browser has a session" (no token, nothing secret): the server sends '/' the page
 * frame instead of the anonymous home page it prerendered, so a signed-in buyer is not shown the visitors' hero
 * before their own home page (ADR 013). The session itself stays in localStorage.
 */
export const SESSION_HINT_COOKIE = 'mb_session';

export function sessionHintCookie(signedIn: boolean, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return signedIn
    ? `${SESSION_HINT_COOKIE}=1; ${attributes}; Max-Age=${60 * 60 * 24 * 30}`
    : `${SESSION_HINT_COOKIE}=; ${attributes}; Max-Age=0`;
}

/** Keeps the cookie in step with the stored session (called at start and on every change). */
export function syncSessionHint(signedIn: boolean): void {
  if (typeof document === 'undefined') return;
  const has = document.cookie.split('; ').includes(`${SESSION_HINT_COOKIE}=1`);
  if (has === signedIn) return;
  // biome-ignore lint/suspicious/noDocumentCookie: one flag cookie; the Cookie Store API is not in every browser we serve
  document.cookie = sessionHintCookie(signedIn, window.location.protocol === 'https:');
}
