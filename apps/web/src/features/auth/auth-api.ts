import type { ContractRoutes, RouteInput } from '@mitrebox/api-contract';
import { call } from '../../lib/call.ts';

type BodyOf<K extends keyof ContractRoutes> = RouteInput<ContractRoutes[K], 'body'>;

/** The sign-in calls of storefront §7 and account-area §7. */
export const authApi = {
  /**
   * With `proofOfWork`: the sign-in again after a 428 answer, with its challenge solved (docs/decisions/008). The
   * browser's device cookie (HttpOnly, Path=/api/login) goes along by itself.
   */
  login: (username: string, password: string, proofOfWork?: string) =>
    call('POST /api/login', {
      body: proofOfWork === undefined ? { username, password } : { username, password, proofOfWork },
      auth: 'none',
    }),

  /**
   * Verifies the stored session token; with a code, completes the TOTP step. Always sends a JSON object:
   * the server refuses an empty body.
   */
  tokenLogin: (code?: string) => call('POST /api/tokenLogin', { body: code === undefined ? {} : { code } }),

  /** Exchanges an external single-sign-on token (sent as the bearer) for a session token. */
  exLogin: (externalToken: string) =>
    call('POST /api/exLogin', { auth: { bearer: externalToken }, resetOnUnauthorized: false }),

  /** First-time sign-in: e-mail and password, authorised by the verification token. */
  updateSelf: (vtoken: string, body: BodyOf<'PUT /api/users/self'>) =>
    call('PUT /api/users/self', { body, auth: { bearer: vtoken } }),

  forgotPassword: (email: string) => call('POST /forgot-password', { body: { email }, auth: 'none' }),

  resetPasswordCheck: (token: string, email: string) =>
    call('POST /reset-password-check/:token/:email', { params: { token, email }, auth: 'none' }),

  resetPassword: (body: BodyOf<'POST /reset-password'>) =>
    call('POST /reset-password', { body, auth: 'none' }),

  /** Sends the e-mail confirmation link again (sign-in refused with 'Please verify your email…'). */
  resendVerification: (username: string, password: string) =>
    call('POST /api/resendVerification', { body: { username, password }, auth: 'none' }),

  verifyEmail: (vid: string) => call('POST /verifyEmail', { body: { vid }, auth: 'none' }),
};

export type AuthApi = typeof authApi;
