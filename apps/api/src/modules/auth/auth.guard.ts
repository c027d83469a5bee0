import {
  type AccountRight,
  isCreditHold,
  isStaffRole,
  messages,
  rightRefused,
  type StaffRole,
  staffMessages,
} from '@mitrebox/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../../platform/errors.ts';
import { hashToken } from '../../platform/secrets.ts';
import { mayCall } from '../staff/staff-access.ts';
import type { AuthContext } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
    /** Set by requireStaff: the signed-in staff member. */
    staff?: StaffMember;
  }
}

export type Authenticate = (token: string) => Promise<AuthContext | undefined>;

/** Roles that count as staff, and what each may do: the role matrix (@mitrebox/domain, staff-roles.ts). */
export { isStaffRole, type StaffRole };

/** Who a user is as far as the guards care: the role, and whether the user is disabled. */
export interface UserStanding {
  id: number;
  role: string;
  email: string | null;
  name: string;
  disabled: boolean;
}
/** The accounts module answers it (the guard reads it fresh on every staff call: no cache). */
export type StandingOf = (userId: number) => Promise<UserStanding | undefined>;

/** Sessions read by a route's own statement (the auth service answers it). */
export interface SessionReads {
  /** The session of a token in the session cache, if it is there. */
  cachedSession(token: string): AuthContext | undefined;
  /** authenticate's answer from a read made by the route's statement (sessionReadOf). */
  authenticateRead(token: string, read: string | null | undefined): Promise<AuthContext | undefined>;
}

/**
 * A signed-in buyer whose session the route's own statement reads (docs/decisions/018): a round trip and a pool
 * wait less than reading it before the route. The statement reads the session by `tokenHash` (sessionReadOf,
 * sessionAccountOf); `settle(read)` judges that read by requireUser's rules and sets request.auth (else throws the
 * same 401 or 403); `alone()` reads and judges it on its own, for when the route's statement does not run. `known`:
 * the session cache held it, already judged.
 */
export interface BuyerSession {
  known: AuthContext | undefined;
  tokenHash: string;
  settle(read: string | null | undefined): Promise<AuthContext>;
  alone(): Promise<AuthContext>;
}

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

const STAFF_ONLY = staffMessages.staffOnly;
const STAFF_DISABLED = staffMessages.disabled;
const ROLE_REFUSED = staffMessages.roleRefused;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Pre-handlers for signed-in routes. `requireUser` is a buyer's: it refuses a session that still owes its TOTP
 * code, a credit-hold account (storefront §4/§8: it is sent to the account message, so its token reads nothing —
 * 403 with that message) and a sign-in without an account, such as a staff member's (403: an account route
 * answers for the sign-in's first account), and a sign-in without the route's right in that account (403);
 * `requireSession` (the verification step and sign-out) accepts any sign-in. `optionalUser` reads a token when sent
 * and treats the sessions requireUser refuses, and a sign-in without prices, as a visitor.
 */
export function createGuards(
  authenticate: Authenticate,
  opts: { phone: string; standingOf?: StandingOf; sessions?: SessionReads },
) {
  const { standingOf, sessions } = opts;
  const onCreditHold = (ctx: AuthContext) => isCreditHold(ctx.user.accounts[0]);
  /** The user may see prices in their first account (else the catalogue shows to them as to a visitor). */
  const seesPrices = (ctx: AuthContext) => ctx.user.accounts[0]?.rights?.prices !== false;
  /**
   * requireUser's rules on a session: none, or one still owing its TOTP code, 401; credit hold 403; no account to
   * answer for (a staff sign-in) 403; without the route's right in the first account (the contract's `right`)
   * 403 (docs/decisions/026). With a right, the answer's user has only the accounts where they hold it, so that no
   * call scoped to "the user's accounts" reaches one where they lack it.
   */
  function judgeBuyer(ctx: AuthContext | undefined, request: FastifyRequest): AuthContext {
    if (!ctx || ctx.session.mfaPending) throw unauthorized();
    if (onCreditHold(ctx)) throw new AppError('credit_hold', 403, messages.creditHold.message(opts.phone));
    if (!ctx.user.accounts[0]) throw forbidden(messages.session.customersOnly);
    const right: AccountRight | undefined = request.routeOptions.config?.right;
    if (!right) return ctx;
    if (ctx.user.accounts[0].rights?.[right] === false) throw forbidden(rightRefused[right]);
    if (ctx.user.accounts.every((a) => a.rights?.[right] !== false)) return ctx;
    const accounts = ctx.user.accounts.filter((a) => a.rights?.[right] !== false);
    return { ...ctx, user: { ...ctx.user, accounts } };
  }
  async function load(request: FastifyRequest): Promise<AuthContext | undefined> {
    if (request.auth) return request.auth;
    const token = bearerToken(request);
    if (!token) return undefined;
    request.auth = await authenticate(token);
    return request.auth;
  }
  return {
    async requireUser(request: FastifyRequest, _reply: FastifyReply) {
      request.auth = judgeBuyer(await load(request), request);
    },
    /** requireUser, telling a visitor `message` (an older route's own words, such as 'not logged in'). */
    requireUserSaying(message: string) {
      return async (request: FastifyRequest, _reply: FastifyReply) => {
        const ctx = await load(request);
        if (!ctx) throw unauthorized(message);
        request.auth = judgeBuyer(ctx, request);
      };
    },
    /**
     * requireUser for a buyer's route whose own statement reads the session (BuyerSession): 401 at once without
     * a token; the session's rules are judged on what the route's statement read. In the handler, not a
     * pre-handler: the statement is the handler's.
     */
    buyerSession(request: FastifyRequest): BuyerSession {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      const cached = request.auth ?? sessions?.cachedSession(token);
      const known = cached && judgeBuyer(cached, request);
      if (known) request.auth = known;
      return {
        known,
        tokenHash: hashToken(token),
        async settle(read) {
          const ctx = known ?? (sessions ? await sessions.authenticateRead(token, read) : undefined);
          request.auth = judgeBuyer(ctx, request);
          return request.auth;
        },
        async alone() {
          request.auth = judgeBuyer(await load(request), request);
          return request.auth;
        },
      };
    },
    async requireSession(request: FastifyRequest, _reply: FastifyReply) {
      if (!(await load(request))) throw unauthorized();
    },
    /**
     * A signed-in staff member (password and TOTP) whose role may make this call: 401 without a sign-in (or with
     * one still owing its code, or of a disabled user), 403 for a customer or a read-only view-as session, 403
     * for a role the role matrix keeps out of the call's section (modules/staff/staff-access.ts). Sets
     * request.staff. On onRequest: refused before the body is read.
     */
    async requireStaff(request: FastifyRequest, _reply: FastifyReply) {
      const ctx = await load(request);
      if (!ctx || ctx.session.mfaPending) throw unauthorized();
      const standing = standingOf ? await standingOf(ctx.user.id) : undefined;
      if (standing?.disabled) throw unauthorized(STAFF_DISABLED);
      if (!standing || !isStaffRole(standing.role) || ctx.session.viewAsBy !== null)
        throw forbidden(STAFF_ONLY);
      if (!mayCall(standing.role, request.method, request.routeOptions.url)) throw forbidden(ROLE_REFUSED);
      request.staff = {
        id: standing.id,
        email: standing.email ?? '',
        name: standing.name,
        role: standing.role,
      };
    },
    /** A sign-in without prices in its account is a visitor here too: these routes price for the caller. */
    async optionalUser(request: FastifyRequest, _reply: FastifyReply) {
      const ctx = await load(request);
      if (ctx && (ctx.session.mfaPending || onCreditHold(ctx) || !ctx.user.accounts[0] || !seesPrices(ctx)))
        request.auth = undefined;
    },
  };
}

export type Guards = ReturnType<typeof createGuards>;

/** The staff member of a /api/staff route. */
export function staffOf(request: FastifyRequest): StaffMember {
  if (!request.staff) throw unauthorized();
  return request.staff;
}

/** The signed-in context of a guarded route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
