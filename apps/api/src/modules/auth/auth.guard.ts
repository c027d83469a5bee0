import { isCreditHold, messages } from '@mitrebox/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../../platform/errors.ts';
import type { AuthContext } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

export type Authenticate = (token: string) => Promise<AuthContext | undefined>;
/** The role of a user ('customer', or a staff role); the accounts module answers it. */
export type RoleOf = (userId: number) => Promise<string | undefined>;

/** Roles that count as staff (the back office builds on them). */
export const STAFF_ROLES: readonly string[] = ['admin', 'sales', 'accounting'];

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Pre-handlers for signed-in routes. `requireUser` refuses a session that still owes its TOTP code, and a
 * credit-hold account (storefront §4/§8: it is sent to the account message, so its token reads nothing — 403
 * with that message); `requireSession` (the verification step and sign-out) accepts both. `optionalUser` reads
 * a token when sent and treats such sessions as a visitor.
 */
export function createGuards(authenticate: Authenticate, opts: { phone: string; roleOf?: RoleOf }) {
  const { roleOf } = opts;
  const onCreditHold = (ctx: AuthContext) => isCreditHold(ctx.user.accounts[0]);
  async function load(request: FastifyRequest): Promise<AuthContext | undefined> {
    if (request.auth) return request.auth;
    const token = bearerToken(request);
    if (!token) return undefined;
    request.auth = await authenticate(token);
    return request.auth;
  }
  return {
    async requireUser(request: FastifyRequest, _reply: FastifyReply) {
      const ctx = await load(request);
      if (!ctx || ctx.session.mfaPending) throw unauthorized();
      if (onCreditHold(ctx)) throw new AppError('credit_hold', 403, messages.creditHold.message(opts.phone));
    },
    async requireSession(request: FastifyRequest, _reply: FastifyReply) {
      if (!(await load(request))) throw unauthorized();
    },
    /** A signed-in staff member: 401 without a sign-in, 403 for a customer. */
    async requireStaff(request: FastifyRequest, _reply: FastifyReply) {
      const ctx = await load(request);
      if (!ctx || ctx.session.mfaPending) throw unauthorized();
      const role = roleOf ? await roleOf(ctx.user.id) : undefined;
      if (!role || !STAFF_ROLES.includes(role)) throw forbidden('This is for staff only.');
    },
    async optionalUser(request: FastifyRequest, _reply: FastifyReply) {
      const ctx = await load(request);
      if (ctx && (ctx.session.mfaPending || onCreditHold(ctx))) request.auth = undefined;
    },
  };
}

export type Guards = ReturnType<typeof createGuards>;

/** The signed-in context of a guarded route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
