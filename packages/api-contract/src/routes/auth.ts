import { z } from 'zod';
import {
  CheckUserActiveResponse,
  EmailRequest,
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
  TokenLoginRequest,
  TokenLoginResponse,
  VerifyDataRequest,
  VerifyDataResponse,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '../auth.ts';
import { ErrorBody, SuccessBody } from '../common.ts';
import { defineRoute } from '../route.ts';
import { StaffLoginRequest, StaffLoginResponse, StaffMe } from '../staff.ts';
import {
  StaffEnrolmentCheck,
  StaffEnrolmentOffer,
  StaffEnrolmentRequest,
  StaffEnrolmentResponse,
} from '../staff-users.ts';
import { STAFF_ERRORS } from './staff-errors.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
};
/** A sign-in form may also answer 428: solve the challenge and send the sign-in again (docs/decisions/008). */
const signInAnswers = { ...errors, 428: LoginChallengeBody };
const tags = ['Sign-in'];

/** A customer's sign-in (current and older form, single sign-on), its two-step code, who is signed in, sign-out. */
const customerSignIn = {
  login: defineRoute({
    method: 'POST',
    path: '/api/login',
    tags,
    summary: 'Sign in with account number and password',
    body: LoginRequest,
    response: { 200: LoginResponse, ...signInAnswers },
  }),
  legacyLogin: defineRoute({
    method: 'POST',
    path: '/login',
    tags,
    summary: 'Sign in (older form): answers only the token',
    body: LoginRequest,
    response: { 200: LegacyLoginResponse, ...signInAnswers },
  }),
  tokenLogin: defineRoute({
    method: 'POST',
    path: '/api/tokenLogin',
    tags,
    summary: "Verify the bearer token; 'mfa required' until the TOTP code is sent",
    body: TokenLoginRequest,
    response: { 200: TokenLoginResponse, ...errors },
  }),
  exLogin: defineRoute({
    method: 'POST',
    path: '/api/exLogin',
    tags,
    summary: 'Exchange an external single-sign-on JWT (bearer) for a session',
    response: { 200: ExLoginResponse, ...errors },
  }),
  me: defineRoute({
    method: 'GET',
    path: '/api/me',
    tags,
    summary: 'Authentication check: the signed-in user',
    response: { 200: MeResponse, ...errors },
  }),
  userDetails: defineRoute({
    method: 'POST',
    path: '/user/getUserDetails',
    tags,
    summary: 'The signed-in user with their accounts (older call)',
    response: { 200: z.object({ data: MeResponse.shape.user }), ...errors },
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/logout',
    tags,
    summary: 'Sign out (revokes the token)',
    response: { 200: SuccessBody, ...errors },
  }),
};

/** Staff sign-in (its code follows at /api/tokenLogin), a new staff user's e-mailed set-up link, who is signed in. */
const staffSignIn = {
  staffLogin: defineRoute({
    method: 'POST',
    path: '/api/login/staff',
    tags,
    summary: 'Staff sign-in by e-mail and password; the TOTP code follows at /api/tokenLogin',
    body: StaffLoginRequest,
    response: { 200: StaffLoginResponse, ...signInAnswers },
  }),
  staffEnrolmentCheck: defineRoute({
    method: 'POST',
    path: '/api/login/staff/enrolment/check',
    tags,
    summary: "A staff user's e-mailed set-up link: usable? Offers an authenticator secret to scan",
    body: StaffEnrolmentCheck,
    response: { 200: StaffEnrolmentOffer, ...errors },
  }),
  staffEnrol: defineRoute({
    method: 'POST',
    path: '/api/login/staff/enrolment',
    tags,
    summary: 'Set up a staff sign-in from its e-mailed link: a password and an authenticator code',
    body: StaffEnrolmentRequest,
    response: { 200: StaffEnrolmentResponse, ...errors },
  }),
  staffMe: defineRoute({
    method: 'GET',
    path: '/api/staff/me',
    tags: ['Back office'],
    summary: 'The signed-in staff member',
    response: { 200: StaffMe, ...STAFF_ERRORS },
  }),
};

/** A first-time account's e-mail and password, and the link that confirms an e-mail address. */
const verification = {
  verifyData: defineRoute({
    method: 'PUT',
    path: '/api/users/self',
    tags,
    summary: 'First-login verification: e-mail and password, with the verification token as bearer',
    body: VerifyDataRequest,
    response: { ...errors, 200: VerifyDataResponse, 422: VerifyDataResponse },
  }),
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/verifyEmail',
    tags,
    summary: 'Confirm an e-mail address',
    body: VerifyEmailRequest,
    response: { 200: VerifyEmailResponse, ...errors },
  }),
  resendVerification: defineRoute({
    method: 'POST',
    path: '/api/resendVerification',
    tags,
    summary: 'Send the e-mail verification link again (account number and password)',
    body: ResendVerificationRequest,
    response: { 200: ResendVerificationResponse, ...errors },
  }),
};

/** A customer who cannot sign in: the password reset link and the new password, and the sign-in problem form. */
const recovery = {
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/forgot-password',
    aliases: ['/forgotEmail', '/loginProblems/sendPasswordReset'],
    tags,
    summary: 'E-mail a password reset link',
    body: EmailRequest,
    response: { 200: ForgotPasswordResponse, ...errors },
  }),
  resetPasswordCheck: defineRoute({
    method: 'POST',
    path: '/reset-password-check/:token/:email',
    tags,
    summary: 'Is this reset link still usable?',
    params: z.object({ token: z.string().max(200), email: z.string().max(254) }),
    response: { 200: ResetCheckResponse, ...errors },
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/reset-password',
    tags,
    summary: 'Choose a new password with a reset link',
    body: ResetPasswordRequest,
    response: { ...errors, 200: ResetPasswordResponse, 422: ResetPasswordResponse },
  }),
  checkUserActive: defineRoute({
    method: 'POST',
    path: '/loginProblems/checkUserActive',
    tags,
    summary: 'Is there an active account with this e-mail?',
    body: EmailRequest,
    response: { 200: CheckUserActiveResponse, ...errors },
  }),
  sendLoginProblem: defineRoute({
    method: 'POST',
    path: '/loginProblems/sendLoginProblems',
    tags,
    summary: 'Report a sign-in problem to customer service',
    body: LoginProblemRequest,
    response: { 200: SuccessBody, ...errors },
  }),
};

/** Signing in and out, customer and staff, and getting back in: the routes of the API's auth module. */
export const authContract = { ...customerSignIn, ...staffSignIn, ...verification, ...recovery };
