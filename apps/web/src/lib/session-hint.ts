/**
 * A cookie that only says "this browser has a session" (no token, nothing secret): the server sends '/' the page
 * frame instead of the anonymous home page it prerendered, so a signed-in buyer is not shown the visitors' hero
 * before their own home page (ADR 013). The session itself stays in localStorage.
 *
 * Its value is the stored session's user id ('pending' while a sign-in has a token and no user yet): the server renders a
 * signed-in screen only for the user this browser's stored session names, so a page rendered from the HttpOnly page
 * session cookie can never show another account than the app holds (a staff "view as" opened over a sign-in).
 */
export const SESSION_HINT_COOKIE = 'mb_session';

/** The hint's value for a stored session: its user's id, 'pending' for a token without a user yet, null for none. */
export function sessionHintValue(token: string | null, userId: number | null | undefined): string | null {
  if (token === null) return null;
  return typeof userId === 'number' ? String(userId) : 'pending';
}

export function sessionHintCookie(value: string | null, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return value !== null
    ? `${SESSION_HINT_COOKIE}=${value}; ${attributes}; Max-Age=${60 * 60 * 24 * 30}`
    : `${SESSION_HINT_COOKIE}=; ${attributes}; Max-Age=0`;
}

/** Keeps the cookie in step with the stored session (called at start and on every change). */
export function syncSessionHint(value: string | null): void {
  if (typeof document === 'undefined') return;
  const current =
    document.cookie
      .split('; ')
      .find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`))
      ?.slice(SESSION_HINT_COOKIE.length + 1) || null;
  if (current === value) return;
  // biome-ignore lint/suspicious/noDocumentCookie: one flag cookie; the Cookie Store API is not in every browser we serve
  document.cookie = sessionHintCookie(value, window.location.protocol === 'https:');
}
