import {
  CheckUserActiveResponse,
  EmailRequest,
  ErrorBody,
  ExLoginResponse,
  ForgotPasswordResponse,
  LegacyLoginResponse,
  LoginChallengeBody,
  LoginProblemRequest,
  LoginRequest,
  LoginResponse,
  MeResponse,
  ResendVerificationRequest,
  ResendVerificationResponse,
  ResetCheckResponse,
  ResetPasswordRequest,
  ResetPasswordResponse,
  StaffEnrolmentCheck,
  StaffEnrolmentOffer,
  StaffEnrolmentRequest,
  StaffEnrolmentResponse,
  StaffLoginRequest,
  StaffLoginResponse,
  SuccessBody,
  TokenLoginRequest,
  TokenLoginResponse,
  VerifyDataRequest,
  VerifyDataResponse,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '@mitrebox/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../platform/errors.ts';
import { clearPageSessionCookie, pageSessionCookie } from '../../platform/page-session.ts';
import { authOf, bearerToken, type Guards } from './auth.guard.ts';
import type { AuthService, RequestMeta } from './auth.service.ts';
import { ChallengeRequired } from './sign-in-trust.ts';

const isHttps = (request: FastifyRequest) => request.protocol === 'https';
const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
/**
 * A sign-in form's request: the browser's device cookie and solved challenge are read, and a right password
 * gives it the device cookie (docs/decisions/008).
 */
const browserMeta = (request: FastifyRequest, reply: FastifyReply, proofOfWork?: string): RequestMeta => ({
  ...meta(request),
  browser: {
    cookie: request.headers.cookie,
    proofOfWork,
    secure: isHttps(request),
    giveCookie: (setCookie) => reply.header('set-cookie', setCookie),
  },
});
/** Runs a sign-in; one the account-wide limit stopped answers 428 with the challenge to solve. */
async function orChallenge<T>(
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
const CHALLENGE_NOTE =
  'Also sets the HttpOnly cookie mb_device_{userId} (Path=/api/login): that browser keeps its own allowance of failed sign-ins on the account. Past the account-wide limit of failures, other browsers are answered 428 with a proof-of-work challenge; send the sign-in again with the solved challenge as proofOfWork.';
const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
};
const tags = ['Sign-in'];

/**
 * The page renderer's session cookie (platform/page-session.ts, ADR 013) goes with the token a sign-in answers, and
 * is removed at sign-out. Only document renders read it; the API keeps requiring the Bearer header.
 */
export interface PageSessionOptions {
  /** The session's absolute lifetime (the cookie's Max-Age). */
  maxAgeMs: number;
}
const PAGE_SESSION_NOTE =
  'Also sets the HttpOnly cookie mb_page_session (SameSite=Lax), read only by the server render of signed-in pages; every API call still needs the Bearer token.';
const givePageSession = <T extends { data?: { token?: string | null } }>(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: T,
  options: PageSessionOptions,
): T => {
  const token = answer.data?.token;
  if (token) reply.header('set-cookie', pageSessionCookie(token, isHttps(request), options.maxAgeMs));
  return answer;
};

export const authRoutes =
  (auth: AuthService, guards: Guards, pageSession: PageSessionOptions): FastifyPluginAsyncZod =>
  async (app) => {
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
      '/api/login/staff',
      {
        schema: {
          tags,
          summary: 'Staff sign-in by e-mail and password; the TOTP code follows at /api/tokenLogin',
          description: CHALLENGE_NOTE,
          body: StaffLoginRequest,
          response: { 200: StaffLoginResponse, ...errors, 428: LoginChallengeBody },
        },
      },
      (request, reply) =>
        orChallenge(reply, async () => {
          const { email, password, proofOfWork } = request.body;
          const answer = await auth.staffLogin(email, password, browserMeta(request, reply, proofOfWork));
          return { ...answer, mfaRequired: true as const };
        }),
    );

    app.post(
      '/api/login/staff/enrolment/check',
      {
        schema: {
          tags,
          summary: "A staff user's e-mailed set-up link: usable? Offers an authenticator secret to scan",
          body: StaffEnrolmentCheck,
          response: { 200: StaffEnrolmentOffer, ...errors },
        },
      },
      (request) => auth.staffEnrolmentOffer(request.body.token),
    );

    app.post(
      '/api/login/staff/enrolment',
      {
        schema: {
          tags,
          summary: 'Set up a staff sign-in from its e-mailed link: a password and an authenticator code',
          body: StaffEnrolmentRequest,
          response: { 200: StaffEnrolmentResponse, ...errors },
        },
      },
      (request) => auth.staffEnrol(request.body, meta(request)),
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

    app.put(
      '/api/users/self',
      {
        schema: {
          tags,
          summary: 'First-login verification: e-mail and password, with the verification token as bearer',
          body: VerifyDataRequest,
          response: { ...errors, 200: VerifyDataResponse, 422: VerifyDataResponse },
        },
      },
      async (request, reply) => {
        const token = bearerToken(request);
        if (!token) throw unauthorized();
        const result = await auth.verifyData(token, request.body);
        return reply.code(result.success ? 200 : 422).send(result);
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

    for (const url of ['/forgot-password', '/forgotEmail', '/loginProblems/sendPasswordReset']) {
      app.post(
        url,
        {
          schema: {
            tags,
            summary: 'E-mail a password reset link',
            body: EmailRequest,
            response: { 200: ForgotPasswordResponse, ...errors },
          },
        },
        (request) => auth.forgotPassword(request.body.email, meta(request)),
      );
    }

    app.post(
      '/reset-password-check/:token/:email',
      {
        schema: {
          tags,
          summary: 'Is this reset link still usable?',
          params: z.object({ token: z.string().max(200), email: z.string().max(254) }),
          response: { 200: ResetCheckResponse, ...errors },
        },
      },
      (request) => auth.resetPasswordCheck(request.params.token, request.params.email),
    );

    app.post(
      '/reset-password',
      {
        schema: {
          tags,
          summary: 'Choose a new password with a reset link',
          body: ResetPasswordRequest,
          response: { ...errors, 200: ResetPasswordResponse, 422: ResetPasswordResponse },
        },
      },
      async (request, reply) => {
        const result = await auth.resetPassword(request.body);
        return reply.code(result.data.status === 'passwords.reset' ? 200 : 422).send(result);
      },
    );

    app.post(
      '/verifyEmail',
      {
        schema: {
          tags,
          summary: 'Confirm an e-mail address',
          body: VerifyEmailRequest,
          response: { 200: VerifyEmailResponse, ...errors },
        },
      },
      (request) => auth.verifyEmail(request.body.vid),
    );

    app.post(
      '/api/resendVerification',
      {
        schema: {
          tags,
          summary: 'Send the e-mail verification link again (account number and password)',
          body: ResendVerificationRequest,
          response: { 200: ResendVerificationResponse, ...errors },
        },
      },
      (request) => auth.resendVerification(request.body.username, request.body.password, meta(request)),
    );

    app.post(
      '/loginProblems/checkUserActive',
      {
        schema: {
          tags,
          summary: 'Is there an active account with this e-mail?',
          body: EmailRequest,
          response: { 200: CheckUserActiveResponse, ...errors },
        },
      },
      (request) => auth.checkUserActive(request.body.email, meta(request)),
    );

    app.post(
      '/loginProblems/sendLoginProblems',
      {
        schema: {
          tags,
          summary: 'Report a sign-in problem to customer service',
          body: LoginProblemRequest,
          response: { 200: SuccessBody, ...errors },
        },
      },
      (request) => auth.sendLoginProblem(request.body.email, request.body.problem, meta(request)),
    );
  };
