import {
  type StaffAccount,
  type StaffAccountCreate,
  StaffAccountCreate as StaffAccountCreateSchema,
  type StaffAccountPatch,
  type StaffAccountRow,
  type StaffAccountsQuery,
  type StaffUserRow,
} from '@mitrebox/api-contract';
import { isValidEmail, loadCommonPasswords, passwordProblem } from '@mitrebox/domain';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/secrets.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { accountLocked, clearAccount } from '../auth/login-attempts.ts';
import { revokeAllSessions, voidOneUseTokens } from '../auth/sessions.ts';
import { accounts, userAccounts, users } from './accounts.tables.ts';

type ListQuery = z.output<typeof StaffAccountsQuery>;
export type AccountRecord = typeof accounts.$inferSelect;

const SORT = {
  acctnum: accounts.acctnum,
  company: accounts.company,
  city: accounts.city,
  terms: accounts.terms,
  activeType: accounts.activeType,
} as const;

const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The fields of an account that the audit log keeps as before and after. */
function auditView(a: AccountRecord) {
  const { createdAt: _c, ...rest } = a;
  return rest;
}

/** GET /api/staff/accounts: accounts by number, company, city or a user's e-mail; paged and sorted. */
export async function listAccounts(db: Queryable, q: ListQuery) {
  const text = q.q?.trim();
  const where = text
    ? or(
        ilike(accounts.acctnum, likeText(text)),
        ilike(accounts.company, likeText(text)),
        ilike(accounts.city, likeText(text)),
        sql`exists (select 1 from ${userAccounts} ua join ${users} u on u.id = ua.user_id
          where ua.acctnum = ${accounts.acctnum} and lower(u.email) like ${likeText(text.toLowerCase())})`,
      )
    : undefined;
  const column = SORT[(q.sort ?? 'acctnum') as keyof typeof SORT];
  const order = q.dir === 'desc' ? desc(column) : asc(column);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        acctnum: accounts.acctnum,
        company: accounts.company,
        city: accounts.city,
        state: accounts.state,
        activeType: accounts.activeType,
        terms: accounts.terms,
        location: accounts.location,
        users: sql<number>`(select count(*)::int from ${userAccounts} ua where ua.acctnum = ${accounts.acctnum})`,
      })
      .from(accounts)
      .where(where)
      .orderBy(order, asc(accounts.acctnum))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(accounts).where(where),
  ]);
  return {
    rows: rows.map((r): StaffAccountRow => ({ ...r, users: Number(r.users) })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

async function usersOf(db: Queryable, acctnum: string): Promise<StaffUserRow[]> {
  const rows = await db
    .select({ user: users })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .where(eq(userAccounts.acctnum, acctnum))
    .orderBy(asc(userAccounts.position), asc(users.id));
  return Promise.all(
    rows.map(async ({ user }) => ({
      id: user.id,
      username: user.username,
      name: user.name,
      email: user.email,
      firstLogin: user.firstLogin,
      emailVerified: !user.emailVerifyRequired || user.emailVerifiedAt !== null,
      mfaEnabled: Boolean(user.totpSecret),
      disabled: user.disabledAt !== null,
      locked: await accountLocked(db, user.username),
    })),
  );
}

export async function getAccount(db: Queryable, acctnum: string): Promise<StaffAccount> {
  const [row] = await db.select().from(accounts).where(eq(accounts.acctnum, acctnum)).limit(1);
  if (!row) throw notFound('No account has this number.');
  return {
    acctnum: row.acctnum,
    company: row.company,
    contact: row.contact,
    phone: row.phone,
    address1: row.address1,
    city: row.city,
    state: row.state,
    zip: row.zip,
    activeType: row.activeType,
    terms: row.terms,
    location: row.location,
    bDisc: row.bDisc,
    cDisc: row.cDisc,
    gDisc: row.gDisc,
    jDisc: row.jDisc,
    lDisc: row.lDisc,
    hDisc: row.hDisc,
    mDisc: row.mDisc,
    users: await usersOf(db, acctnum),
  };
}

/** PATCH /api/staff/accounts/{acctnum}: ActiveType, terms, default location, discount codes; audited. */
export async function updateAccount(
  db: Db,
  actor: AuditActor,
  acctnum: string,
  patch: StaffAccountPatch,
): Promise<StaffAccount> {
  const discounts = ['bDisc', 'cDisc', 'gDisc', 'jDisc', 'lDisc', 'hDisc', 'mDisc'] as const;
  const clean: Partial<AccountRecord> = { ...patch };
  for (const key of discounts) {
    if (key in clean) clean[key] = clean[key]?.trim() || null;
  }
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(accounts)
      .where(eq(accounts.acctnum, acctnum))
      .for('update')
      .limit(1);
    if (!before) throw notFound('No account has this number.');
    const changed = Object.entries(clean).filter(([k, v]) => before[k as keyof AccountRecord] !== v) as [
      keyof AccountRecord,
      unknown,
    ][];
    if (changed.length === 0) return;
    const [after] = await tx.update(accounts).set(clean).where(eq(accounts.acctnum, acctnum)).returning();
    const pick = (r: AccountRecord) => Object.fromEntries(changed.map(([k]) => [k, r[k]]));
    await recordAudit(tx, actor, {
      action: 'account.update',
      entity: 'account',
      entityId: acctnum,
      before: pick(before),
      after: pick(after!),
    });
  });
  return getAccount(db, acctnum);
}

/**
 * POST /api/staff/accounts: a new account with its login (username = account number). The staff member sets
 * the first password; with `firstLogin` the customer confirms the e-mail and chooses their own at the first
 * sign-in. Audited.
 */
export async function createAccount(
  db: Db,
  actor: AuditActor,
  input: StaffAccountCreate,
): Promise<StaffAccount> {
  const body = StaffAccountCreateSchema.parse(input);
  const errors: Record<string, string> = {};
  const acctnum = body.acctnum.trim();
  if (!/^\d{5,10}$/.test(acctnum)) errors.acctnum = 'The account number is 5 to 10 digits.';
  if (!body.company) errors.company = 'Enter the company name.';
  if (!body.contact) errors.contact = 'Enter the contact person.';
  const email = body.email.trim();
  if (!isValidEmail(email)) errors.email = 'The email must be a valid email address.';
  const pw = passwordProblem(body.password, await loadCommonPasswords());
  if (pw) errors.password = pw;
  if (Object.keys(errors).length) throw unprocessable(Object.values(errors)[0]!, errors);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ n: sql`1` })
      .from(accounts)
      .where(eq(accounts.acctnum, acctnum))
      .limit(1);
    const [userTaken] = await tx
      .select({ n: sql`1` })
      .from(users)
      .where(eq(users.username, acctnum))
      .limit(1);
    if (taken || userTaken)
      throw new AppError('taken', 409, 'This account number is already used.', {
        acctnum: 'This account number is already used.',
      });
    const [account] = await tx
      .insert(accounts)
      .values({
        acctnum,
        company: body.company,
        contact: body.contact,
        phone: body.phone?.trim() || null,
        address1: body.address1?.trim() || null,
        city: body.city?.trim() || null,
        state: body.state?.trim().toUpperCase() || null,
        zip: body.zip?.trim() || null,
        terms: body.terms,
        location: body.location,
      })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({
        username: acctnum,
        name: body.contact,
        email,
        passwordHash,
        firstLogin: body.firstLogin,
        // the staff member took the address from the customer; the first sign-in confirms it again
        emailVerifiedAt: body.firstLogin ? null : new Date(),
      })
      .returning({ id: users.id });
    await tx.insert(userAccounts).values({ userId: user!.id, acctnum, position: 0 });
    await recordAudit(tx, actor, {
      action: 'account.create',
      entity: 'account',
      entityId: acctnum,
      before: null,
      after: {
        ...auditView(account!),
        user: { id: user!.id, username: acctnum, email, firstLogin: body.firstLogin },
      },
    });
  });
  return getAccount(db, acctnum);
}

async function customerUser(db: Queryable, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  // staff users are not managed here: only customer logins
  if (user?.role !== 'customer') throw notFound('No customer user has this id.');
  return user;
}

/**
 * POST /api/staff/users/{id}/password, temporary: a new password the customer must replace at the next
 * sign-in; every session and reset link of the user ends, and sign-in locks are lifted. Audited (without the
 * password).
 */
export async function setTemporaryPassword(db: Db, actor: AuditActor, id: number, password: string) {
  const problem = passwordProblem(password, await loadCommonPasswords());
  if (problem) throw unprocessable(problem, { password: problem });
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const user = await customerUser(tx, id);
    await tx
      .update(users)
      .set({ passwordHash, firstLogin: true, updatedAt: new Date() })
      .where(eq(users.id, id));
    await voidOneUseTokens(tx, 'password_reset', id);
    await revokeAllSessions(tx, id);
    await clearAccount(tx, user.username);
    await recordAudit(tx, actor, {
      action: 'user.password.temporary',
      entity: 'user',
      entityId: id,
      before: { username: user.username, firstLogin: user.firstLogin },
      after: { username: user.username, firstLogin: true, passwordChanged: true, sessionsEnded: true },
    });
  });
}

/** The user an e-mailed reset goes to (audited by the caller with the mail sent). */
export async function resetTarget(db: Queryable, id: number) {
  const user = await customerUser(db, id);
  if (!user.email)
    throw unprocessable('This user has no e-mail address.', { email: 'This user has no e-mail address.' });
  return user;
}

/** POST /api/staff/users/{id}/unlock: lifts the sign-in throttling of the user's account. Audited. */
export async function unlockUser(db: Db, actor: AuditActor, id: number) {
  await db.transaction(async (tx) => {
    const user = await customerUser(tx, id);
    const locked = await accountLocked(tx, user.username);
    await clearAccount(tx, user.username);
    await recordAudit(tx, actor, {
      action: 'user.unlock',
      entity: 'user',
      entityId: id,
      before: { username: user.username, locked },
      after: { username: user.username, locked: false },
    });
  });
}

/** The first customer user of an account (the one "view as" signs in as). */
export async function viewAsTarget(db: Queryable, acctnum: string) {
  const [row] = await db
    .select({ id: users.id, company: accounts.company })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .innerJoin(accounts, eq(accounts.acctnum, userAccounts.acctnum))
    .where(and(eq(userAccounts.acctnum, acctnum), eq(users.role, 'customer')))
    .orderBy(asc(userAccounts.position), asc(users.id))
    .limit(1);
  if (!row) throw notFound('This account has no user to view the shop as.');
  return row;
}
