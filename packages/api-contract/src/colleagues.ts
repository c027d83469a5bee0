import { z } from 'zod';

/** A user's rights in an account, as ticked by the owner (packages/domain account-rights.ts). */
export const AccountRightsShape = z.object({
  order: z.boolean(),
  pay: z.boolean(),
  prices: z.boolean(),
  manage: z.boolean(),
});

/** A person who signs in to the account: the owner or a colleague. */
export const Colleague = z.object({
  userId: z.number().int(),
  /** The sign-in number (numeric username). */
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** The rights as ticked; what applies follows effectiveRights. */
  rights: AccountRightsShape,
  /** The account's own sign-in: its rights cannot be taken away or disabled. */
  owner: z.boolean(),
  disabled: z.boolean(),
  since: z.string(),
  lastSignIn: z.string().nullable(),
});
export type Colleague = z.infer<typeof Colleague>;

export const InvitationState = z.enum(['pending', 'accepted', 'expired', 'revoked']);

export const Invitation = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  rights: AccountRightsShape,
  state: InvitationState,
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

export const ColleaguesResponse = z.object({ data: z.array(Colleague), invitations: z.array(Invitation) });
export type ColleaguesResponse = z.infer<typeof ColleaguesResponse>;

export const InvitationCreate = z.object({
  email: z.string().trim().max(200),
  name: z.string().trim().max(100),
  rights: AccountRightsShape,
});
export type InvitationCreate = z.infer<typeof InvitationCreate>;

export const ColleaguePatch = z.object({
  rights: AccountRightsShape.optional(),
  /** true disables the colleague in this account at once (their sessions end); false enables again. */
  disabled: z.boolean().optional(),
});
export type ColleaguePatch = z.infer<typeof ColleaguePatch>;

export const InvitationIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const ColleagueIdParams = z.object({ userId: z.coerce.number().int().min(1).max(2_147_483_647) });
export const InvitationTokenParams = z.object({ token: z.string().min(10).max(200) });

/** What the invitation link's page shows before the colleague accepts. */
export const InvitationView = z.object({
  acctnum: z.string(),
  company: z.string(),
  email: z.string(),
  name: z.string(),
  /** The e-mail already belongs to a user: accepting adds the account to that user (no new password). */
  existingUser: z.boolean(),
});
export type InvitationView = z.infer<typeof InvitationView>;

export const InvitationAccept = z.object({
  /** A new user's password (the same rule as everywhere a customer chooses one); absent for an existing user. */
  password: z.string().max(200).optional(),
});

export const InvitationAccepted = z.object({
  /** The number to sign in with. */
  username: z.string(),
  acctnum: z.string(),
  company: z.string(),
});
export type InvitationAccepted = z.infer<typeof InvitationAccepted>;

/** One thing a user did in the account: an order placed or a payment made. */
export const ActivityRow = z.object({
  kind: z.enum(['order', 'payment']),
  at: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  /** The order number, or the payment's invoice or batch reference. */
  reference: z.string(),
  amount: z.string(),
});
export const ActivityQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  userId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export const ActivityResponse = z.object({ data: z.array(ActivityRow), total: z.number().int() });
export type ActivityResponse = z.infer<typeof ActivityResponse>;

export const CurrentAccountRequest = z.object({ acctnum: z.string().regex(/^\d{1,10}$/) });

/** The back office's view of an account's users and invitations. */
export const StaffAccountUsersResponse = ColleaguesResponse;
