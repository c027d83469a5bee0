import { contract } from '@mitrebox/api-contract';
import { route } from '../../platform/contract-routes.ts';
import { unauthorized } from '../../platform/errors.ts';
import { clearPageSessionCookie } from '../../platform/page-session.ts';
import { authOf, bearerToken, type Guards } from './auth.guard.ts';
import type { AuthService } from './auth.service.ts';
import {
  type AuthApp,
  browserMeta,
  CHALLENGE_NOTE,
  givePageSession,
  isHttps,
  meta,
  orChallenge,
  PAGE_SESSION_NOTE,
  type PageSessionOptions,
} from './auth-requests.ts';

const { auth: api } = contract;

/** A customer's sign-in (current and older form, single sign-on), its two-step code, who is signed in, sign-out. */
export function customerSignInRoutes(
  app: AuthApp,
  auth: AuthService,
  guards: Guards,
  pageSession: PageSessionOptions,
): void {
  route(
    app,
    api.login,
    { docs: { description: `${PAGE_SESSION_NOTE} ${CHALLENGE_NOTE}` } },
    (request, reply) =>
      orChallenge(reply, async () => {
        const { username, password, proofOfWork } = request.body;
        const answer = await auth.login(username, password, browserMeta(request, reply, proofOfWork));
        return givePageSession(request, reply, answer, pageSession);
      }),
  );

  route(app, api.legacyLogin, { docs: { description: CHALLENGE_NOTE } }, (request, reply) =>
    orChallenge(reply, () => {
      const { username, password, proofOfWork } = request.body;
      return auth.legacyLogin(username, password, browserMeta(request, reply, proofOfWork));
    }),
  );

  route(app, api.tokenLogin, { preHandler: guards.requireSession }, (request) =>
    auth.tokenLogin(authOf(request), request.body?.code),
  );

  route(app, api.exLogin, { docs: { description: PAGE_SESSION_NOTE } }, async (request, reply) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('The sign-in link is invalid or has expired.');
    return givePageSession(request, reply, await auth.exLogin(token, meta(request)), pageSession);
  });

  route(app, api.me, { preHandler: guards.requireUser }, (request) => ({ user: authOf(request).user }));

  route(app, api.userDetails, { preHandler: guards.requireUser }, (request) => ({
    data: authOf(request).user,
  }));

  route(
    app,
    api.logout,
    { preHandler: guards.requireSession, docs: { description: 'Also removes the mb_page_session cookie.' } },
    async (request, reply) => {
      await auth.logout(authOf(request));
      reply.header('set-cookie', clearPageSessionCookie(isHttps(request)));
      return { success: true };
    },
  );
}
