import type {
  StaffUserCreate,
  StaffUserPatch,
  StaffUserSummary,
  StaffUsersQuery,
} from '@mitrebox/api-contract';
import { StaffUserCreate as StaffUserCreateSchema } from '@mitrebox/api-contract';
import { isValidEmail, staffMessages } from '@mitrebox/domain';
import { and, asc, count, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import { hashPassword, newToken } from '../../platform/secrets.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { isStaffRole, type StaffRole } from '../auth/auth.guard.ts';
import { lastSignInOf, revokeStaffSessions, voidOneUseTokens } from '../auth/sessions.ts';
import { users } from './accounts.tables.ts';

type ListQuery = z.output<typeof StaffUsersQuery>;
type UserRecord = typeof users.$inferSelect;

/** The last completed sign-in of a user (a session past its second step, not a view-as one). */
const lastSignIn = lastSignInOf(sql`"users"."id"`);

const SORT: Record<string, SQL | AnyPgColumn> = {
  name: users.name,
  email: users.email,
  role: users.role,
  lastSignIn,
};

const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const isStaff = ne(users.role, 'customer');
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function summaryOf(u: UserRecord, last: Date | string | null): StaffUserSummary {
  return {
    id: u.id,
    name: u.name,
    email: u.email ?? u.username,
    role: u.role as StaffRole,
    enabled: u.disabledAt === null,
    totpEnrolled: u.totpSecret !== null,
    lastSignIn: iso(last),
    createdAt: u.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a staff user: never the password hash or the authenticator secret. */
function auditView(u: UserRecord) {
  return {
    name: u.name,
    email: u.email,
    role: u.role,
    enabled: u.disabledAt === null,
    totpEnrolled: u.totpSecret !== null,
  };
}

/** GET /api/staff/staff-users: staff users by name or e-mail; paged and sorted. */
export async function listStaffUsers(db: Queryable, q: ListQuery) {
  const text = q.q?.trim();
  const where = and(
    isStaff,
    text ? or(ilike(users.name, likeText(text)), ilike(users.email, likeText(text))) : undefined,
  );
  const column = SORT[q.sort ?? 'name'] ?? users.name;
  const order = q.dir === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ user: users, last: lastSignIn })
      .from(users)
      .where(where)
      .orderBy(order, asc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows: rows.map((r) => summaryOf(r.user, r.last)), total, page: q.page, pageSize: q.pageSize };
}

export async function getStaffUser(db: Queryable, id: number): Promise<StaffUserSummary> {
  const [row] = await db
    .select({ user: users, last: lastSignIn })
    .from(users)
    .where(and(eq(users.id, id), isStaff))
    .limit(1);
  if (!row) throw notFound('No staff user has this id.');
  return summaryOf(row.user, row.last);
}

/**
 * POST /api/staff/staff-users: a new staff user (username = the lower-cased e-mail) with no usable password
 * and no authenticator: the caller e-mails the set-up link, where the user chooses both. Audited.
 */
export async function createStaffUser(db: Db, actor: AuditActor, input: StaffUserCreate) {
  const body = StaffUserCreateSchema.parse(input);
  const email = body.email.trim().toLowerCase();
  const errors: Record<string, string> = {};
  if (!body.name) errors.name = staffMessages.nameRequired;
  if (!isValidEmail(email)) errors.email = 'The email must be a valid email address.';
  if (Object.keys(errors).length) throw unprocessable(Object.values(errors)[0]!, errors);
  // nobody knows this password: the set-up link replaces it
  const passwordHash = await hashPassword(newToken());
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ n: sql`1` })
      .from(users)
      .where(or(eq(users.username, email), sql`lower(${users.email}) = ${email}`))
      .limit(1);
    if (taken)
      throw new AppError('taken', 409, staffMessages.staffEmailTaken, {
        email: staffMessages.staffEmailTaken,
      });
    const [user] = await tx
      .insert(users)
      .values({
        username: email,
        name: body.name,
        email,
        passwordHash,
        role: body.role,
        isStaff: true,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'staff_user.create',
      entity: 'user',
      entityId: user!.id,
      before: null,
      after: { ...auditView(user!), setupLinkSentTo: email },
    });
    return summaryOf(user!, null);
  });
}

/** The staff user, locked for the change; 404 for customers and unknown ids. */
async function lockedStaffUser(tx: Queryable, id: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  if (!user || !isStaffRole(user.role)) throw notFound('No staff user has this id.');
  return user;
}

/**
 * PATCH /api/staff/staff-users/{id}: a new role and/or enabled. Nobody disables or demotes themself, and the
 * last enabled administrator stays one (422). Disabling and a new role end every session of the user at once,
 * the views of accounts they opened too (a view opened under the old role must not outlive it). Audited.
 * Answers whether the user's sessions were ended (the caller clears its session cache).
 */
export async function changeStaffUser(
  db: Db,
  actor: AuditActor,
  id: number,
  patch: StaffUserPatch,
): Promise<{ user: StaffUserSummary; disabled: boolean; signedOut: boolean }> {
  const result = await db.transaction(async (tx) => {
    // every enabled admin row is locked first, in id order: two admins demoting each other wait in line
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
      .orderBy(asc(users.id))
      .for('update');
    const before = await lockedStaffUser(tx, id);
    const role = patch.role ?? (before.role as StaffRole);
    const enabled = patch.enabled ?? before.disabledAt === null;
    const wasEnabledAdmin = before.role === 'admin' && before.disabledAt === null;
    const staysEnabledAdmin = role === 'admin' && enabled;
    const wasEnabled = before.disabledAt === null;
    if (role === before.role && enabled === wasEnabled)
      return { user: before, disabled: false, signedOut: false };
    if (id === actor.id) throw unprocessable(staffMessages.notYourself);
    if (wasEnabledAdmin && !staysEnabledAdmin && admins.length <= 1)
      throw unprocessable(staffMessages.lastAdmin);
    const [after] = await tx
      .update(users)
      .set({
        role,
        disabledAt: enabled ? null : (before.disabledAt ?? new Date()),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    const disabled = wasEnabled && !enabled;
    const signedOut = disabled || role !== before.role;
    if (signedOut) await revokeStaffSessions(tx, id);
    if (disabled) await voidOneUseTokens(tx, 'staff_enrol', id);
    await recordAudit(tx, actor, {
      action: disabled
        ? 'staff_user.disable'
        : !wasEnabled && enabled
          ? 'staff_user.enable'
          : 'staff_user.role',
      entity: 'user',
      entityId: id,
      before: auditView(before),
      after: { ...auditView(after!), ...(signedOut ? { sessionsEnded: true } : {}) },
    });
    return { user: after!, disabled, signedOut };
  });
  return { ...result, user: await getStaffUser(db, result.user.id) };
}

/**
 * POST /api/staff/staff-users/{id}/reset-totp: the authenticator is removed and every session ends (with the
 * views of accounts the user opened); the caller e-mails a new set-up link, where the user sets up an
 * authenticator (and a password) again. Audited without the secret.
 */
export async function resetStaffTotp(db: Db, actor: AuditActor, id: number) {
  return db.transaction(async (tx) => {
    const before = await lockedStaffUser(tx, id);
    if (before.disabledAt) throw unprocessable(staffMessages.disabled);
    const [after] = await tx
      .update(users)
      .set({ totpSecret: null, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    await revokeStaffSessions(tx, id);
    await recordAudit(tx, actor, {
      action: 'staff_user.reset_totp',
      entity: 'user',
      entityId: id,
      before: auditView(before),
      after: { ...auditView(after!), sessionsEnded: true, setupLinkSentTo: before.email },
    });
    return { id: before.id, name: before.name, email: before.email ?? before.username };
  });
}
