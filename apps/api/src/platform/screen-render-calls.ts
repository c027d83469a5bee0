// The API calls of a server render, made in process (`app.inject`: the same routes and answers a browser gets),
// marked as the render's own, and made with the signed-in user's session for their own screen — never with what
// the bundle put there.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Marks the renders' own API calls (the rate limit skips them: they are the page's, not the visitor's). */
export interface InternalHeader {
  name: string;
  value: string;
}

/** A header and a value only this process knows. */
export const newInternalHeader = (): InternalHeader => ({
  name: 'x-mitrebox-render',
  value: randomBytes(16).toString('hex'),
});

/** The user a signed-in page is rendered for, as GET /api/me answers it (the bundle's session: only what it shows). */
export interface SignedInUser {
  id: number;
  [field: string]: unknown;
}

/** The session a render's API calls are made with (a signed-in screen's), or none (a public screen's). */
export const sessionOfRender = new AsyncLocalStorage<{ token: string }>();

/** The `fetch` the bundle's screens call the API with. */
export function inProcessFetch(app: FastifyInstance, internalHeader: InternalHeader): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers);
    headers.set(internalHeader.name, internalHeader.value);
    // Whose authority a call has is the render's, never what the bundle put there: the signed-in user's token
    // for their own page (held here, not given to the bundle), none for a public one.
    headers.delete('authorization');
    const session = sessionOfRender.getStore();
    if (session) headers.set('authorization', `Bearer ${session.token}`);
    headers.delete('accept-encoding');
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(headers),
      // a list asked for by POST (the orders list's filters): its JSON body
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

/** The session's user, as the API sees the token (GET /api/me): null when it is not a live, verified session. */
export async function sessionUser(
  app: FastifyInstance,
  internalHeader: InternalHeader,
  token: string,
): Promise<{ user: SignedInUser | null; ended: boolean }> {
  const answer = await app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { authorization: `Bearer ${token}`, [internalHeader.name]: internalHeader.value },
  });
  if (answer.statusCode === 401) return { user: null, ended: true };
  if (answer.statusCode !== 200) return { user: null, ended: false };
  const user = (answer.json() as { user?: SignedInUser }).user;
  return { user: user && typeof user.id === 'number' ? user : null, ended: false };
}
