import { z } from 'zod';
import { cleanText } from './common.ts';
import { pagedQuery, StaffRole } from './staff.ts';

/**
 * The back office's staff users (admin only; docs/decisions/019-staff-users.md): list, create (the new user gets an
 * e-mailed set-up link: a password and an authenticator), change the role, disable or enable, and reset the second
 * step.
 */
export const StaffUsersQuery = pagedQuery(['name', 'email', 'role', 'lastSignIn']);

export const StaffUserSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: StaffRole,
  enabled: z.boolean(),
  /** An authenticator is set up (false: the user still owes the set-up from the e-mailed link). */
  totpEnrolled: z.boolean(),
  /** When the user last completed a sign-in (null: none kept). */
  lastSignIn: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffUserSummary = z.infer<typeof StaffUserSummary>;

export const StaffUserCreate = z.object({
  name: cleanText(120).transform((s) => s.trim()),
  email: z.string().max(254),
  role: StaffRole,
});
export type StaffUserCreate = z.input<typeof StaffUserCreate>;

/** PATCH /api/staff/staff-users/{id}: a new role, and/or enabled (false disables the sign-in at once). */
export const StaffUserPatch = z
  .object({ role: StaffRole, enabled: z.boolean() })
  .partial()
  .strict()
  .refine((p) => p.role !== undefined || p.enabled !== undefined, 'Send a role or enabled.');
export type StaffUserPatch = z.infer<typeof StaffUserPatch>;

export const StaffUserChangeResponse = z.object({ user: StaffUserSummary, message: z.string() });
export type StaffUserChangeResponse = z.infer<typeof StaffUserChangeResponse>;

// ---- the set-up link (public: the e-mailed one-use token is the proof) ----

/** POST /api/login/staff/enrolment/check: the link is usable; a fresh authenticator secret to scan. */
export const StaffEnrolmentCheck = z.object({ token: z.string().min(1).max(200) });
export const StaffEnrolmentOffer = z.object({
  email: z.string(),
  name: z.string(),
  /** base32 secret for the authenticator app (also in the otpauth URI the screen shows as a QR code) */
  secret: z.string(),
  otpauthUri: z.string(),
});
export type StaffEnrolmentOffer = z.infer<typeof StaffEnrolmentOffer>;

/** POST /api/login/staff/enrolment: the chosen password, the offered secret and a code it shows now. */
export const StaffEnrolmentRequest = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(200),
  password_confirmation: z.string().max(200),
  secret: z.string().regex(/^[A-Z2-7]{16,64}$/, 'must be a base32 secret.'),
  code: z.string().max(12),
});
export type StaffEnrolmentRequest = z.infer<typeof StaffEnrolmentRequest>;
/** Set up: a full staff sign-in (password and authenticator both proven). */
export const StaffEnrolmentResponse = z.object({ token: z.string() });
export type StaffEnrolmentResponse = z.infer<typeof StaffEnrolmentResponse>;
