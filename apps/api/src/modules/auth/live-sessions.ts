import type { SessionUser } from '@mitrebox/api-contract';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import {
  createSession,
  findLiveSessionWithUser,
  liveSessionOfRead,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  revokeStaffSessions,
  type SessionRow,
} from './sessions.ts';

/** Who is asking: the request's address and browser, recorded on a session and counted by the sign-in limits. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /**
   * A sign-in form's browser (docs/decisions/008): its Cookie header (a device cookie of the account gives it its
   * own allowance), the solved challenge it sent, and where a right password hands it the device cookie.
   */
  browser?: { cookie?: string; proofOfWork?: string; secure: boolean; giveCookie(setCookie: string): void };
}

/** A live session and its signed-in user. */
export interface AuthContext {
  session: SessionRow;
  user: SessionUser;
}

export type LiveSessions = ReturnType<typeof createLiveSessions>;

/**
 * Sessions by bearer token: starting one, resolving a token to its live session and user, and ending sessions.
 * Sessions resolved in the last SESSION_CACHE_MS are kept by token; whatever ends a session drops its entry here
 * at once, and another API process notices a revocation within that time (docs/decisions/004).
 */
export function createLiveSessions(deps: { db: Db; config: Config }) {
  const { db, config } = deps;
  const recent = new LRUCache<string, AuthContext>({ max: 10_000, ttl: config.SESSION_CACHE_MS || 1 });
  /** Drops the cached sessions that match from this process's cache. */
  const forgetWhere = (ended: (session: SessionRow) => boolean) => {
    for (const [token, ctx] of recent.entries()) if (ended(ctx.session)) recent.delete(token);
  };
  const forget = (sessionId: number) => forgetWhere((session) => session.id === sessionId);

  return {
    forget,
    forgetWhere,

    /** A new session of the user (owing its two-step code when mfaPending); answers its bearer token. */
    async start(userId: number, mfaPending: boolean, meta: RequestMeta): Promise<string> {
      return createSession(db, userId, { mfaPending, ip: meta.ip, userAgent: meta.userAgent });
    },

    /** Resolves a bearer token to its live session and user; undefined when unknown, revoked or idle. */
    async authenticate(token: string): Promise<AuthContext | undefined> {
      const cached = config.SESSION_CACHE_MS ? recent.get(token) : undefined;
      if (cached) return cached;
      // the session, its user and the user's accounts: one round trip
      const ctx = await findLiveSessionWithUser(db, token, config.SESSION_IDLE_MS, config.SESSION_MAX_AGE_MS);
      if (!ctx) return undefined;
      if (config.SESSION_CACHE_MS) recent.set(token, ctx);
      return ctx;
    },

    /** The session of a token held in the session cache (SESSION_CACHE_MS), read from nowhere else. */
    cachedSession(token: string): AuthContext | undefined {
      return config.SESSION_CACHE_MS ? recent.get(token) : undefined;
    },

    /**
     * What authenticate answers, from a read a route's own statement made (sessionReadOf): the same checks (an
     * ended session is revoked, a session seen over a minute ago is noted seen), and kept in the session cache.
     */
    async authenticateRead(token: string, read: string | null | undefined): Promise<AuthContext | undefined> {
      const ctx = await liveSessionOfRead(db, read, config.SESSION_IDLE_MS, config.SESSION_MAX_AGE_MS);
      if (ctx && config.SESSION_CACHE_MS) recent.set(token, ctx);
      return ctx;
    },

    /**
     * A short-lived read-only session of a customer user, opened by a staff member ("view as"). The API
     * refuses every call of it that would change something.
     */
    async viewAsSession(userId: number, staffId: number, ttlMs: number, meta: RequestMeta): Promise<string> {
      return createSession(db, userId, {
        mfaPending: false,
        ip: meta.ip,
        userAgent: meta.userAgent,
        viewAsBy: staffId,
        expiresAt: new Date(Date.now() + ttlMs),
      });
    },

    /** POST /api/logout: this session ends. */
    async logout(ctx: AuthContext): Promise<void> {
      await revokeSession(db, ctx.session.id);
      forget(ctx.session.id);
    },

    /**
     * Every session of a staff user ends now, with the views of accounts they opened, in this process's cache too (a
     * disabled or reset staff user, or one given another role).
     */
    async endSessions(userId: number): Promise<void> {
      await revokeStaffSessions(db, userId);
      forgetWhere((session) => session.userId === userId || session.viewAsBy === userId);
    },

    /**
     * The user's sessions are read afresh at their next request (their rights or first account changed): this
     * process's cache forgets them; another process's within SESSION_CACHE_MS (docs/decisions/004).
     */
    forgetUser(userId: number): void {
      forgetWhere((session) => session.userId === userId);
    },

    /** Every session of a customer user ends now, in this process's cache too (disabled in an account). */
    async endUserSessions(userId: number): Promise<void> {
      await revokeAllSessions(db, userId);
      forgetWhere((session) => session.userId === userId);
    },

    /** Every session of the user but this one ends (a password changed from My Account), in this process's cache too. */
    async endOtherSessions(userId: number, keepSessionId: number): Promise<void> {
      await revokeOtherSessions(db, userId, keepSessionId);
      forgetWhere((session) => session.userId === userId && session.id !== keepSessionId);
    },
  };
}
