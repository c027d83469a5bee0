import { STAFF_ROLES } from '@mitrebox/domain';
import { z } from 'zod';
import { cleanText, intParam } from './common.ts';

/**
 * The back office (docs/decisions/014-staff-back-office.md): staff sign in by e-mail at POST /api/login/staff, then
 * send their TOTP code to POST /api/tokenLogin; every other staff call lives under /api/staff/… .
 */
export { STAFF_ROLES }; // the roles of the role matrix (@mitrebox/domain, staff-roles.ts)
export const StaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRole>;

export const StaffLoginRequest = z.object({
  email: z.string().max(254).default(''),
  password: z.string().max(200).default(''),
  /** The solved challenge of a 428 answer, as at the customers' sign-in (LoginRequest). */
  proofOfWork: z.string().max(4000).optional(),
});
export type StaffLoginRequest = z.infer<typeof StaffLoginRequest>;
/** The session still owes its TOTP code (POST /api/tokenLogin with { code }). */
export const StaffLoginResponse = z.object({ token: z.string(), mfaRequired: z.literal(true) });
export type StaffLoginResponse = z.infer<typeof StaffLoginResponse>;

export const StaffMe = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: StaffRole,
});
export type StaffMe = z.infer<typeof StaffMe>;

/**
 * The query of every server-paged staff table: page (from 1), page size, sort column and direction, search
 * text. Each list narrows `sort` to its own columns (`pagedQuery(['company', 'acctnum'])`).
 */
export const pagedQuery = <const S extends readonly [string, ...string[]]>(sortable: S) =>
  z.object({
    page: intParam(1, 100_000).default(1),
    pageSize: intParam(1, 200).default(25),
    sort: z.enum(sortable).optional(),
    dir: z.enum(['asc', 'desc']).default('asc'),
    /** trimmed; empty = no search */
    q: cleanText(200).trim().optional(),
  });
/** `pagedQuery` of a list that sorts by `by` when no sort is asked for. */
export const pagedQuerySortedBy = <const S extends readonly [string, ...string[]]>(
  sortable: S,
  by: S[number],
) => pagedQuery(sortable).extend({ sort: z.enum(sortable).default(by) });
export type PagedQuery = {
  page: number;
  pageSize: number;
  sort?: string;
  dir: 'asc' | 'desc';
  q?: string;
};

/** A page of a staff table: the rows and the count of all rows that match. */
export const staffPage = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
export type StaffPage<T> = { rows: T[]; total: number; page: number; pageSize: number };

// ---- accounts and users ----

export const ACTIVE_TYPES = ['Y', 'N'] as const;
export const TERMS = ['Net 30', 'Net 60', 'Credit Card', 'COD', 'Credit Hold', 'Do Not Sell'] as const;
export const LOCATIONS = ['B', 'C', 'E', 'G'] as const;
export const DISCOUNT_FIELDS = ['bDisc', 'cDisc', 'gDisc', 'jDisc', 'lDisc', 'hDisc', 'mDisc'] as const;

export const StaffAccountRow = z.object({
  acctnum: z.string(),
  company: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  activeType: z.string(),
  terms: z.string(),
  location: z.string(),
  users: z.number().int(),
});
export type StaffAccountRow = z.infer<typeof StaffAccountRow>;
export const StaffAccountsQuery = pagedQuery(['acctnum', 'company', 'city', 'terms', 'activeType']);

export const StaffUserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  firstLogin: z.boolean(),
  emailVerified: z.boolean(),
  mfaEnabled: z.boolean(),
  disabled: z.boolean(),
  /** Sign-in held up by the throttling: strangers must solve a challenge, or an address or browser is locked. */
  locked: z.boolean(),
});
export type StaffUserRow = z.infer<typeof StaffUserRow>;

const discountCode = cleanText(20).nullable();
export const StaffAccount = z.object({
  acctnum: z.string(),
  company: z.string(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  address1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  activeType: z.string(),
  terms: z.string(),
  location: z.string(),
  bDisc: z.string().nullable(),
  cDisc: z.string().nullable(),
  gDisc: z.string().nullable(),
  jDisc: z.string().nullable(),
  lDisc: z.string().nullable(),
  hDisc: z.string().nullable(),
  mDisc: z.string().nullable(),
  users: z.array(StaffUserRow),
});
export type StaffAccount = z.infer<typeof StaffAccount>;

/** PATCH /api/staff/accounts/{acctnum}: any of these; the server re-checks each. */
export const StaffAccountPatch = z
  .object({
    activeType: z.enum(ACTIVE_TYPES),
    terms: z.enum(TERMS),
    location: z.enum(LOCATIONS),
    bDisc: discountCode,
    cDisc: discountCode,
    gDisc: discountCode,
    jDisc: discountCode,
    lDisc: discountCode,
    hDisc: discountCode,
    mDisc: discountCode,
  })
  .partial()
  .strict();
export type StaffAccountPatch = z.infer<typeof StaffAccountPatch>;

const required = (max: number) => cleanText(max).transform((s) => s.trim());
export const StaffAccountCreate = z.object({
  /** the new account number: 5 to 10 digits, not yet used */
  acctnum: z.string().max(10),
  company: required(120),
  contact: required(120),
  email: z.string().max(254),
  phone: cleanText(40).optional(),
  address1: cleanText(120).optional(),
  city: cleanText(80).optional(),
  state: cleanText(2).optional(),
  zip: cleanText(10).optional(),
  terms: z.enum(TERMS).default('Net 30'),
  location: z.enum(LOCATIONS).default('C'),
  /** the customer's first password (the staff member tells it to the customer) */
  password: z.string().max(200),
  /** true: at the first sign-in the customer confirms the e-mail address and chooses their own password */
  firstLogin: z.boolean().default(true),
});
export type StaffAccountCreate = z.input<typeof StaffAccountCreate>;

/** POST /api/staff/users/{id}/password: e-mail a reset link, or set a temporary password. */
export const StaffPasswordReset = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('email') }),
  /** a temporary password: the customer chooses their own at the next sign-in */
  z.object({ mode: z.literal('temporary'), password: z.string().max(200) }),
]);
export const StaffUserActionResponse = z.object({ success: z.literal(true), message: z.string() });
export type StaffPasswordReset = z.infer<typeof StaffPasswordReset>;

export const ViewAsResponse = z.object({
  token: z.string(),
  expiresAt: z.string(),
  acctnum: z.string(),
  company: z.string(),
});
export type ViewAsResponse = z.infer<typeof ViewAsResponse>;

// ---- audit log ----

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorKind: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** Years 1–9999 only: JavaScript reads "10001" as the year 10001, which the database's timestamps refuse. */
const LAST_DAY = Date.parse('9999-12-31T00:00:00Z');
const FIRST_DAY = Date.parse('0001-01-01T00:00:00Z');
const dateParam = z
  .string()
  .max(40)
  .refine((s) => {
    const at = Date.parse(s);
    return at >= FIRST_DAY && at <= LAST_DAY;
  }, 'must be a date (2026-11-23 or an ISO time).');
export const AuditQuery = z.object({
  page: intParam(1, 100_000).default(1),
  pageSize: intParam(1, 200).default(50),
  actorKind: z.enum(['staff', 'erp']).optional(),
  actor: cleanText(254).optional(),
  action: cleanText(80).optional(),
  entity: cleanText(80).optional(),
  entityId: cleanText(120).optional(),
  /** from this time (inclusive) */
  from: dateParam.optional(),
  /** until this time (exclusive); a bare date means the whole of that day */
  to: dateParam.optional(),
});
export type AuditQuery = z.input<typeof AuditQuery>;
