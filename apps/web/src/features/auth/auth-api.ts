import type {
  ExLoginResponse,
  ForgotPasswordResponse,
  LoginResponse,
  ResendVerificationResponse,
  ResetCheckResponse,
  ResetPasswordResponse,
  TokenLoginResponse,
  VerifyDataResponse,
  VerifyEmailResponse,
} from '@mitrebox/api-contract';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

export type ExLoginAnswer = z.infer<typeof ExLoginResponse>;
export type VerifyEmailAnswer = z.infer<typeof VerifyEmailResponse>;
export type ResetCheckAnswer = z.infer<typeof ResetCheckResponse>;

export interface VerifyDataBody {
  email: string;
  password: string;
  password_confirmation: string;
}

export interface ResetPasswordBody {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** The sign-in calls of storefront §7 and account-area §7. */
export const authApi = {
  /**
   * With `proofOfWork`: the sign-in again after a 428 answer, with its challenge solved (docs/decisions/008). The
   * browser's device cookie (HttpOnly, Path=/api/login) goes along by itself.
   */
  login: (username: string, password: string, proofOfWork?: string) =>
    api.post<LoginResponse>(
      '/api/login',
      proofOfWork === undefined ? { username, password } : { username, password, proofOfWork },
      { auth: 'none' },
    ),

  /**
   * Verifies the stored session token; with a code, completes the TOTP step. Always sends a JSON object:
   * the server refuses an empty body.
   */
  tokenLogin: (code?: string) =>
    api.post<TokenLoginResponse>('/api/tokenLogin', code === undefined ? {} : { code }),

  /** Exchanges an external single-sign-on token (sent as the bearer) for a session token. */
  exLogin: (externalToken: string) =>
    api.post<ExLoginAnswer>('/api/exLogin', undefined, {
      auth: { bearer: externalToken },
      resetOnUnauthorized: false,
    }),

  /** First-time sign-in: e-mail and password, authorised by the verification token. */
  updateSelf: (vtoken: string, body: VerifyDataBody) =>
    api.put<VerifyDataResponse>('/api/users/self', body, { auth: { bearer: vtoken } }),

  logout: (token: string) =>
    api.post<{ success: boolean }>('/api/logout', undefined, {
      auth: { bearer: token },
      resetOnUnauthorized: false,
    }),

  forgotPassword: (email: string) =>
    api.post<ForgotPasswordResponse>('/forgot-password', { email }, { auth: 'none' }),

  resetPasswordCheck: (token: string, email: string) =>
    api.post<ResetCheckAnswer>(
      `/reset-password-check/${encodeURIComponent(token)}/${encodeURIComponent(email)}`,
      undefined,
      { auth: 'none' },
    ),

  resetPassword: (body: ResetPasswordBody) =>
    api.post<ResetPasswordResponse>('/reset-password', body, { auth: 'none' }),

  /** Sends the e-mail confirmation link again (sign-in refused with 'Please verify your email…'). */
  resendVerification: (username: string, password: string) =>
    api.post<ResendVerificationResponse>('/api/resendVerification', { username, password }, { auth: 'none' }),

  verifyEmail: (vid: string) => api.post<VerifyEmailAnswer>('/verifyEmail', { vid }, { auth: 'none' }),
};

export type AuthApi = typeof authApi;
