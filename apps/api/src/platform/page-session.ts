/**
 * The session cookie of the page renderer (ADR 013, "Signed-in screens rendered on the server"). At sign-in the API
 * sets it beside the token it answers; only the server's render of a page (a GET of a document) reads it. Every API
 * route keeps requiring the Bearer header, so the cookie adds no cross-site request surface: it authorises nothing
 * but a read-only page, and a cross-site page cannot read that page's answer.
 *
 * HttpOnly (no script reads it: the token in it is the session's own), SameSite=Lax (sent when the buyer follows a
 * link to the shop, not with another site's requests), Secure over https, for the session's whole lifetime.
 */
export const PAGE_SESSION_COOKIE = 'mb_page_session';

/** The web app's cookie saying the browser holds a session: its user's id, or '1' (apps/web/src/lib/session-hint.ts). */
export const SESSION_HINT_COOKIE = 'mb_session';

const TOKEN = /^[\w-]{16,200}$/;

/** A cookie's value in a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** The renderer's session token from a Cookie header (null when absent or not token-shaped). */
export function pageSessionToken(header: string | undefined): string | null {
  const value = cookieValue(header, PAGE_SESSION_COOKIE);
  return value && TOKEN.test(value) ? value : null;
}

/** The Set-Cookie value that gives the browser the renderer's session cookie (maxAgeMs: the session's lifetime). */
export function pageSessionCookie(token: string, secure: boolean, maxAgeMs: number): string {
  return `${PAGE_SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}; Max-Age=${Math.floor(maxAgeMs / 1000)}`;
}

/** The Set-Cookie value that removes it (sign-out; a session found ended when a page was rendered). */
export function clearPageSessionCookie(secure: boolean): string {
  return `${PAGE_SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}; Max-Age=0`;
}
