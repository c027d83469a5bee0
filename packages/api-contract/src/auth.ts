import { z } from 'zod';

/** A customer account as the session carries it (storefront §3 User session). */
export const SessionAccount = z.object({
  Acctnum: z.string(),
  Company: z.string(),
  Shipvia: z.string().nullable(),
  ActiveType: z.string().nullable(),
  terms: z.string().nullable(),
  Location: z.string().nullable(),
  /**
   * What the user may do in this account (docs/decisions/026), as they apply (effectiveRights). Absent in
   * answers of older clients' shapes: read it with rightsOf (every right).
   */
  rights: z
    .object({ order: z.boolean(), pay: z.boolean(), prices: z.boolean(), manage: z.boolean() })
    .optional(),
});
export type SessionAccount = z.infer<typeof SessionAccount>;

export const SessionUser = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  name: z.string(),
  accounts: z.array(SessionAccount),
  purchaseBlocked: z.boolean(),
  mfaEnabled: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/**
 * Missing fields count as empty so that the form's own messages answer them. `proofOfWork`: the solved challenge
 * of a 428 answer (the ALTCHA payload, base64 JSON of the challenge and its solution), sent with the retry.
 */
export const LoginRequest = z.object({
  username: z.string().max(64).default(''),
  password: z.string().max(200).default(''),
  proofOfWork: z.string().max(4000).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** An ALTCHA proof-of-work challenge (altcha-lib's Challenge). Kept whole: its signature covers every parameter. */
export const ProofOfWorkChallenge = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});
export type ProofOfWorkChallenge = z.infer<typeof ProofOfWorkChallenge>;

/**
 * 428 from a sign-in while the account's failures are past the account-wide limit, from a browser without a device
 * cookie of the account and without a solved challenge: solve `challenge` and send the sign-in again with it.
 */
export const LoginChallengeBody = z.object({ message: z.string(), challenge: ProofOfWorkChallenge });
export type LoginChallengeBody = z.infer<typeof LoginChallengeBody>;

/**
 * POST /api/resendVerification: account number and password again (the customer just typed them), so the
 * answer tells nothing the sign-in answer does not.
 */
export const ResendVerificationRequest = LoginRequest;
export const ResendVerificationResponse = z.object({ success: z.boolean(), message: z.string() });
export type ResendVerificationResponse = z.infer<typeof ResendVerificationResponse>;

/** POST /api/login. A first-time sign-in answers firsttime with a verification token instead of an access token. */
export const LoginResponse = z.object({
  firsttime: z.boolean(),
  vtoken: z.string().nullable(),
  user: SessionUser.nullable(),
  data: z.object({ token: z.string().nullable() }),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** POST /login (the older form). */
export const LegacyLoginResponse = z.object({ token: z.string() });

/**
 * POST /api/tokenLogin: verifies the bearer token. message is 'success', 'mfa required' or 'credit hold';
 * data[0] is the user with accounts when signed in.
 */
export const TokenLoginRequest = z.object({ code: z.string().max(12).optional() }).nullish();
export const TokenLoginResponse = z.object({
  message: z.enum(['success', 'mfa required', 'credit hold']),
  name: z.string(),
  login: z.boolean(),
  data: z.array(SessionUser),
  heading: z.string().optional(),
  msg: z.string().optional(),
});
export type TokenLoginResponse = z.infer<typeof TokenLoginResponse>;

export const ExLoginResponse = z.object({ data: z.object({ token: z.string() }) });
export type ExLoginResponse = z.infer<typeof ExLoginResponse>;

/** PUT /api/users/self with the verification token (first-time sign-in). */
export const VerifyDataRequest = z.object({
  email: z.string().max(254),
  password: z.string().max(200),
  password_confirmation: z.string().max(200).optional(),
});
export const VerifyDataResponse = z.object({
  success: z.boolean(),
  data: z.record(z.string(), z.string()).optional(),
});
export type VerifyDataResponse = z.infer<typeof VerifyDataResponse>;

export const EmailRequest = z.object({ email: z.string().max(254) });

/** POST /forgot-password and /forgotEmail. */
export const ForgotPasswordResponse = z.object({
  data: z.object({ status: z.enum(['sent', 'not found', 'error']), message: z.string() }),
});
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

export const ResetPasswordRequest = z.object({
  token: z.string().max(200),
  email: z.string().max(254),
  password: z.string().max(200),
  password_confirmation: z.string().max(200),
});
export const ResetPasswordResponse = z.object({
  data: z.object({
    status: z.string(),
    data: z.object({ password: z.array(z.string()) }).optional(),
  }),
});
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponse>;

export const ResetCheckResponse = z.object({ valid: z.boolean() });
export type ResetCheckResponse = z.infer<typeof ResetCheckResponse>;

export const VerifyEmailRequest = z.object({ vid: z.string().max(200) });
export const VerifyEmailResponse = z.object({ success: z.boolean(), message: z.string() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;

export const CheckUserActiveResponse = z.object({ data: z.object({ active_account: z.boolean() }) });
export const LoginProblemRequest = z.object({
  email: z.string().max(254),
  problem: z.string().min(1).max(2000),
});

/** GET /api/me: the authentication check. */
export const MeResponse = z.object({ user: SessionUser });
