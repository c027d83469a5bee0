import type { SessionUser } from '@mitrebox/api-contract';
import { and, eq, gt, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, perDatabase, type Queryable } from '../../platform/db.ts';
import { hashToken, newToken } from '../../platform/secrets.ts';
import {
  firstPricedAccountOf,
  sessionUserFromJson,
  sessionUserJsonOf,
} from '../accounts/accounts.service.ts';
import { authTokens, sessions, totpSteps } from './auth.tables.ts';

export type SessionRow = typeof sessions.$inferSelect;

export async function createSession(
  db: Queryable,
  userId: number,
  opts: { mfaPending: boolean; ip?: string; userAgent?: string; viewAsBy?: number; expiresAt?: Date },
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    mfaPending: opts.mfaPending,
    viewAsBy: opts.viewAsBy ?? null,
    expiresAt: opts.expiresAt ?? null,
    ip: opts.ip,
    userAgent: opts.userAgent?.slice(0, 300),
  });
  return token;
}

/**
 * The live session of a bearer token: not revoked, seen within the idle limit and younger than the absolute
 * lifetime. Touches lastSeenAt at most once a minute so that reads stay cheap.
 */
export async function findLiveSession(
  db: Queryable,
  token: string,
  idleMs: number,
  maxAgeMs: number,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .limit(1);
  return row && (await keepAlive(db, row, idleMs, maxAgeMs)) ? row : undefined;
}

/**
 * The live session of a bearer token with its user and the user's accounts: one round trip (every signed-in
 * request whose session is not in the cache needs both). The same checks as findLiveSession.
 */
export async function findLiveSessionWithUser(
  db: Db,
  token: string,
  idleMs: number,
  maxAgeMs: number,
): Promise<{ session: SessionRow; user: SessionUser } | undefined> {
  const [row] = await sessionWithUser(db).execute({ tokenHash: hashToken(token) });
  if (!row || !(await keepAlive(db, row.session, idleMs, maxAgeMs)) || !row.user) return undefined;
  return { session: row.session, user: sessionUserFromJson(row.user) };
}

/** Prepared: every signed-in request whose session is not in the cache runs it. */
const sessionWithUser = perDatabase((db) =>
  db
    .select({ session: sessions, user: sessionUserJsonOf(sessions.userId) })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('session_with_user'),
);

/**
 * The unrevoked session of the token whose hash is `tokenHash` with its user, as JSON text (null: no such session):
 * a column of a route's own statement, so that the page and its session are one round trip (docs/decisions/018).
 * Judge it with liveSessionOfRead: the same checks as findLiveSessionWithUser.
 */
export const sessionReadOf = (tokenHash: SQL) => sql<string | null>`(select json_build_object('id', s.id,
    'tokenHash', s.token_hash, 'userId', s.user_id, 'mfaPending', s.mfa_pending, 'mfaFailures', s.mfa_failures,
    'createdAt', extract(epoch from s.created_at) * 1000, 'lastSeenAt', extract(epoch from s.last_seen_at) * 1000,
    'expiresAt', extract(epoch from s.expires_at) * 1000, 'viewAsBy', s.view_as_by, 'ip', s.ip,
    'userAgent', s.user_agent, 'user', ${sessionUserJsonOf(sql`s.user_id`)}::json)::text
  from ${sessions} s where s.token_hash = ${tokenHash}::text and s.revoked_at is null limit 1)`;

/**
 * The account number of the first account of the user of the session read by sessionReadOf (same statement) —
 * null when the user may not see its prices there: the page is then priced as a visitor's (docs/decisions/026).
 */
export const sessionAccountOf = (tokenHash: SQL) =>
  firstPricedAccountOf(
    sql`(select s.user_id from ${sessions} s where s.token_hash = ${tokenHash}::text and s.revoked_at is null limit 1)`,
  );

/** A session read by sessionReadOf, judged as findLiveSessionWithUser judges its own read. */
export async function liveSessionOfRead(
  db: Queryable,
  read: string | null | undefined,
  idleMs: number,
  maxAgeMs: number,
): Promise<{ session: SessionRow; user: SessionUser } | undefined> {
  if (!read) return undefined;
  const { user, createdAt, lastSeenAt, expiresAt, ...rest } = JSON.parse(read) as Omit<
    SessionRow,
    'createdAt' | 'lastSeenAt' | 'expiresAt' | 'revokedAt'
  > & { user: unknown; createdAt: number; lastSeenAt: number; expiresAt: number | null };
  const session: SessionRow = {
    ...rest,
    createdAt: new Date(createdAt),
    lastSeenAt: new Date(lastSeenAt),
    expiresAt: expiresAt === null ? null : new Date(expiresAt),
    revokedAt: null,
  };
  if (!(await keepAlive(db, session, idleMs, maxAgeMs)) || !user) return undefined;
  return { session, user: sessionUserFromJson(user) };
}

/** Ends a session past its idle limit or lifetime (false), or notes it seen (at most once a minute). */
async function keepAlive(db: Queryable, row: SessionRow, idleMs: number, maxAgeMs: number) {
  const idle = Date.now() - row.lastSeenAt.getTime();
  const ended = row.expiresAt !== null && row.expiresAt.getTime() <= Date.now();
  if (ended || idle > idleMs || Date.now() - row.createdAt.getTime() > maxAgeMs) {
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, row.id));
    return false;
  }
  if (idle > 60_000) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.id));
  }
  return true;
}

export async function revokeSession(db: Queryable, id: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
}

export async function revokeAllSessions(db: Queryable, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * Every session of a staff user ends, and every view-as session they opened: a view of an account must not outlive
 * the standing of the staff member who opened it (disabled, authenticator reset, another role).
 */
export async function revokeStaffSessions(db: Queryable, staffId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(or(eq(sessions.userId, staffId), eq(sessions.viewAsBy, staffId)), isNull(sessions.revokedAt)));
}

/** Ends every session of the user but the one kept (the session that changed the password stays signed in). */
export async function revokeOtherSessions(db: Queryable, userId: number, keepId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepId)));
}

/** Claims one two-step code check on this sign-in; false when it has had its `max` already. */
export async function claimMfaCheck(db: Queryable, id: number, max: number): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ mfaFailures: sql`${sessions.mfaFailures} + 1` })
    .where(and(eq(sessions.id, id), lt(sessions.mfaFailures, max)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/** Accepts a TOTP time step once per user: true only when it is later than the last accepted one. */
export async function claimTotpStep(db: Queryable, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .insert(totpSteps)
    .values({ userId, lastStep: step })
    .onConflictDoUpdate({
      target: totpSteps.userId,
      set: { lastStep: step },
      setWhere: lt(totpSteps.lastStep, step),
    })
    .returning({ userId: totpSteps.userId });
  return rows.length === 1;
}

/** Voids every unused token of this kind of the user (a reset or a new password ends older reset links). */
export async function voidOneUseTokens(db: Queryable, kind: TokenKind, userId: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.kind, kind), eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
}

/** Voids the user's unused tokens of this kind issued after the token `afterId` (an undone e-mail change's later links). */
export async function voidOneUseTokensAfter(
  db: Queryable,
  kind: TokenKind,
  userId: number,
  afterId: number,
): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.kind, kind),
        eq(authTokens.userId, userId),
        gt(authTokens.id, afterId),
        isNull(authTokens.usedAt),
      ),
    );
}

export async function clearMfaPending(db: Queryable, id: number): Promise<void> {
  await db.update(sessions).set({ mfaPending: false, lastSeenAt: new Date() }).where(eq(sessions.id, id));
}

/**
 * 'staff_enrol': a staff user's set-up link (a password and an authenticator), e-mailed by an administrator.
 * 'email_change': the link to a new sign-in e-mail (the token's email), which makes it the account's address;
 * 'email_undo': the link to the old address, which restores it (the token's email) — accounts/email-change.ts.
 */
export type TokenKind =
  | 'verification'
  | 'password_reset'
  | 'email_verify'
  | 'staff_enrol'
  | 'email_change'
  | 'email_undo';

export async function issueOneUseToken(
  db: Queryable,
  kind: TokenKind,
  userId: number,
  ttlMs: number,
  email?: string | null,
): Promise<string> {
  const token = newToken();
  await db.insert(authTokens).values({
    kind,
    tokenHash: hashToken(token),
    userId,
    email: email ?? null,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** A one-use token that is unused and unexpired. */
export async function findOneUseToken(db: Queryable, kind: TokenKind, token: string) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.kind, kind),
        eq(authTokens.tokenHash, hashToken(token)),
        isNull(authTokens.usedAt),
        sql`${authTokens.expiresAt} > now()`,
      ),
    )
    .limit(1);
  return row;
}

/** Marks a token used; false when another request used it first. */
export async function spendOneUseToken(db: Queryable, id: number): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  return rows.length === 1;
}

export async function purgeExpired(db: Queryable, idleMs: number): Promise<void> {
  await db.delete(authTokens).where(lt(authTokens.expiresAt, new Date(Date.now() - 86_400_000)));
  await db.delete(sessions).where(lt(sessions.lastSeenAt, new Date(Date.now() - idleMs - 86_400_000)));
}

/** Whether a token of this kind was issued to the user within the last `withinMs` (to space out e-mails). */
export async function tokenIssuedSince(
  db: Queryable,
  kind: TokenKind,
  userId: number,
  withinMs: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.kind, kind),
        eq(authTokens.userId, userId),
        sql`${authTokens.createdAt} > ${new Date(Date.now() - withinMs)}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The last completed sign-in of the user whose id is `userId` (a session past its second step, not a view-as
 * one); null when none is kept. For a column of a query over users.
 */
export const lastSignInOf = (userId: SQL | AnyPgColumn) => sql<Date | string | null>`(select max(s.created_at)
  from ${sessions} s where s.user_id = ${userId} and s.mfa_pending = false and s.view_as_by is null)`;
