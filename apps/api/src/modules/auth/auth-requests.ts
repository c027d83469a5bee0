import type { LoginChallengeBody } from '@mitrebox/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageSessionCookie } from '../../platform/page-session.ts';
import type { RequestMeta } from './live-sessions.ts';
import { ChallengeRequired } from './sign-in-trust.ts';

/** The app the auth routes are added to (with zod schemas). */
export type AuthApp = Parameters<FastifyPluginAsyncZod>[0];

export const isHttps = (request: FastifyRequest) => request.protocol === 'https';

export const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/**
 * A sign-in form's request: the browser's device cookie and solved challenge are read, and a right password
 * gives it the device cookie (docs/decisions/008).
 */
export const browserMeta = (
  request: FastifyRequest,
  reply: FastifyReply,
  proofOfWork?: string,
): RequestMeta => ({
  ...meta(request),
  browser: {
    cookie: request.headers.cookie,
    proofOfWork,
    secure: isHttps(request),
    giveCookie: (setCookie) => reply.header('set-cookie', setCookie),
  },
});

/** Runs a sign-in; one the account-wide limit stopped answers 428 with the challenge to solve. */
export async function orChallenge<T>(
  reply: FastifyReply,
  signIn: () => Promise<T>,
): Promise<T | LoginChallengeBody> {
  try {
    return await signIn();
  } catch (error) {
    if (!(error instanceof ChallengeRequired)) throw error;
    reply.code(428);
    return { message: error.message, challenge: error.challenge };
  }
}

export const CHALLENGE_NOTE =
  'Also sets the HttpOnly cookie mb_device_{userId} (Path=/api/login): that browser keeps its own allowance of failed sign-ins on the account. Past the account-wide limit of failures, other browsers are answered 428 with a proof-of-work challenge; send the sign-in again with the solved challenge as proofOfWork.';

/**
 * The page renderer's session cookie (platform/page-session.ts, ADR 013) goes with the token a sign-in answers, and
 * is removed at sign-out. Only document renders read it; the API keeps requiring the Bearer header.
 */
export interface PageSessionOptions {
  /** The session's absolute lifetime (the cookie's Max-Age). */
  maxAgeMs: number;
}

export const PAGE_SESSION_NOTE =
  'Also sets the HttpOnly cookie mb_page_session (SameSite=Lax), read only by the server render of signed-in pages; every API call still needs the Bearer token.';

export const givePageSession = <T extends { data?: { token?: string | null } }>(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: T,
  options: PageSessionOptions,
): T => {
  const token = answer.data?.token;
  if (token) reply.header('set-cookie', pageSessionCookie(token, isHttps(request), options.maxAgeMs));
  return answer;
};
