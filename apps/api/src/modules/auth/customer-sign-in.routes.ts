import {
  ExLoginResponse,
  LegacyLoginResponse,
  LoginChallengeBody,
  LoginRequest,
  LoginResponse,
  MeResponse,
  SuccessBody,
  TokenLoginRequest,
  TokenLoginResponse,
} from '@mitrebox/api-contract';
import { z } from 'zod';
import { unauthorized } from '../../platform/errors.ts';
import { clearPageSessionCookie } from '../../platform/page-session.ts';
import { authOf, bearerToken, type Guards } from './auth.guard.ts';
import type { AuthService } from './auth.service.ts';
import {
  type AuthApp,
  browserMeta,
  CHALLENGE_NOTE,
  errors,
  givePageSession,
  isHttps,
  meta,
  orChallenge,
  PAGE_SESSION_NOTE,
  type PageSessionOptions,
  tags,
} from './auth-requests.ts';

/** A customer's sign-in (current and older form, single sign-on), its two-step code, who is signed in, sign-out. */
export function customerSignInRoutes(
  app: AuthApp,
  auth: AuthService,
  guards: Guards,
  pageSession: PageSessionOptions,
): void {
  app.post(
    '/api/login',
    {
      schema: {
        tags,
        summary: 'Sign in with account number and password',
        description: `${PAGE_SESSION_NOTE} ${CHALLENGE_NOTE}`,
        body: LoginRequest,
        response: { 200: LoginResponse, ...errors, 428: LoginChallengeBody },
      },
    },
    (request, reply) =>
      orChallenge(reply, async () => {
        const { username, password, proofOfWork } = request.body;
        const answer = await auth.login(username, password, browserMeta(request, reply, proofOfWork));
        return givePageSession(request, reply, answer, pageSession);
      }),
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Sign in (older form): answers only the token',
        description: CHALLENGE_NOTE,
        body: LoginRequest,
        response: { 200: LegacyLoginResponse, ...errors, 428: LoginChallengeBody },
      },
    },
    (request, reply) =>
      orChallenge(reply, () => {
        const { username, password, proofOfWork } = request.body;
        return auth.legacyLogin(username, password, browserMeta(request, reply, proofOfWork));
      }),
  );

  app.post(
    '/api/tokenLogin',
    {
      preHandler: guards.requireSession,
      schema: {
        tags,
        summary: "Verify the bearer token; 'mfa required' until the TOTP code is sent",
        body: TokenLoginRequest,
        response: { 200: TokenLoginResponse, ...errors },
      },
    },
    (request) => auth.tokenLogin(authOf(request), request.body?.code),
  );

  app.post(
    '/api/exLogin',
    {
      schema: {
        tags,
        summary: 'Exchange an external single-sign-on JWT (bearer) for a session',
        description: PAGE_SESSION_NOTE,
        response: { 200: ExLoginResponse, ...errors },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized('The sign-in link is invalid or has expired.');
      return givePageSession(request, reply, await auth.exLogin(token, meta(request)), pageSession);
    },
  );

  app.get(
    '/api/me',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        summary: 'Authentication check: the signed-in user',
        response: { 200: MeResponse, ...errors },
      },
    },
    (request) => ({ user: authOf(request).user }),
  );

  app.post(
    '/user/getUserDetails',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        summary: 'The signed-in user with their accounts (older call)',
        response: { 200: z.object({ data: MeResponse.shape.user }), ...errors },
      },
    },
    (request) => ({ data: authOf(request).user }),
  );

  app.post(
    '/api/logout',
    {
      preHandler: guards.requireSession,
      schema: {
        tags,
        summary: 'Sign out (revokes the token)',
        description: 'Also removes the mb_page_session cookie.',
        response: { 200: SuccessBody, ...errors },
      },
    },
    async (request, reply) => {
      await auth.logout(authOf(request));
      reply.header('set-cookie', clearPageSessionCookie(isHttps(request)));
      return { success: true };
    },
  );
}
