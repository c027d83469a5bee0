import type { SessionAccount, SessionUser } from '@mitrebox/api-contract';
import { ALL_RIGHTS, effectiveRights, isPurchaseBlocked } from '@mitrebox/domain';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../platform/db.ts';
import { accounts, userAccounts, users } from './accounts.tables.ts';

export type UserRow = typeof users.$inferSelect;

/** A membership the owner has not disabled: the only kind a user acts through (docs/decisions/026). */
const memberships = (userId: number) => and(eq(userAccounts.userId, userId), isNull(userAccounts.disabledAt));

/**
 * The accounts a user may act for, first account first (the first one decides the purchase block), each with the
 * user's rights in it as ticked (signedInShape applies them).
 */
export async function accountsOfUser(db: Queryable, userId: number): Promise<SessionAccount[]> {
  const rows = await db
    .select({
      Acctnum: accounts.acctnum,
      Company: accounts.company,
      Shipvia: accounts.shipvia,
      ActiveType: accounts.activeType,
      terms: accounts.terms,
      Location: accounts.location,
      rights: {
        order: userAccounts.canOrder,
        pay: userAccounts.canPay,
        prices: userAccounts.canSeePrices,
        manage: userAccounts.canManage,
      },
    })
    .from(userAccounts)
    .innerJoin(accounts, eq(accounts.acctnum, userAccounts.acctnum))
    .where(memberships(userId))
    .orderBy(asc(userAccounts.position), asc(accounts.acctnum));
  return rows;
}

/** Each account with the rights that apply (effectiveRights of the ticked ones; none sent: every right). */
const withRightsApplied = (accountList: SessionAccount[]): SessionAccount[] =>
  accountList.map((a) => ({
    ...a,
    rights: effectiveRights(a.rights ?? ALL_RIGHTS),
  }));

export function toSessionUser(user: UserRow, accountList: SessionAccount[]): SessionUser {
  return signedInShape(
    { id: user.id, email: user.email, name: user.name, mfaEnabled: Boolean(user.totpSecret) },
    accountList,
  );
}

/** The signed-in shape of a user's facts and accounts (from a user row, or from sessionUserJsonOf). */
function signedInShape(
  u: Pick<SessionUser, 'id' | 'email' | 'name' | 'mfaEnabled'>,
  ticked: SessionAccount[],
): SessionUser {
  const accountList = withRightsApplied(ticked);
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    accounts: accountList,
    purchaseBlocked: isPurchaseBlocked(accountList),
    mfaEnabled: u.mfaEnabled,
  };
}

export async function sessionUser(db: Queryable, user: UserRow): Promise<SessionUser> {
  return toSessionUser(user, await accountsOfUser(db, user.id));
}

export async function findUserByUsername(db: Queryable, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return row;
}

/**
 * The accounts of the user whose id is `userId`, as JSON, first account first, each with the user's rights in it as
 * ticked (signedInShape applies them); disabled memberships left out. A column of a query over users.
 */
export const accountsJsonOf = (userId: SQL | AnyPgColumn) => sql<SessionAccount[] | string>`coalesce((
        select json_agg(json_build_object('Acctnum', a.acctnum, 'Company', a.company, 'Shipvia', a.shipvia,
          'ActiveType', a.active_type, 'terms', a.terms, 'Location', a.location, 'rights', json_build_object(
            'order', ua.can_order, 'pay', ua.can_pay, 'prices', ua.can_see_prices, 'manage', ua.can_manage))
          order by ua.position, a.acctnum)
        from ${userAccounts} ua join ${accounts} a on a.acctnum = ua.acctnum
        where ua.user_id = ${userId} and ua.disabled_at is null), '[]'::json)`;

/**
 * The signed-in user whose id is `userId` with their accounts, as JSON text (null for no such user): a column of
 * a query over sessions (the session and its user in one round trip). Read it with sessionUserFromJson.
 */
export const sessionUserJsonOf = (userId: SQL | AnyPgColumn) => sql<string | null>`(select json_build_object(
    'id', u.id, 'email', u.email, 'name', u.name, 'mfaEnabled', coalesce(u.totp_secret, '') <> '',
    'accounts', ${accountsJsonOf(sql`u.id`)})::text from ${users} u where u.id = ${userId})`;

/** The signed-in user of sessionUserJsonOf's JSON (text, or already parsed as part of a larger value). */
export function sessionUserFromJson(json: string | unknown): SessionUser {
  const u = (typeof json === 'string' ? JSON.parse(json) : json) as Omit<SessionUser, 'purchaseBlocked'>;
  return signedInShape(u, u.accounts);
}

/** The account number of the first account of the user whose id is `userId` (accountsJsonOf's order). */
export const firstAccountOf = (userId: SQL | AnyPgColumn) => sql<string | null>`(select ua.acctnum
  from ${userAccounts} ua join ${accounts} a on a.acctnum = ua.acctnum
  where ua.user_id = ${userId} and ua.disabled_at is null
  order by ua.position, a.acctnum limit 1)`;

/**
 * firstAccountOf when the user may see its prices there (effectiveRights: any right shows prices), else null: a
 * user without the right is priced as a visitor, in the same statement (docs/decisions/026).
 */
export const firstPricedAccountOf = (userId: SQL | AnyPgColumn) => sql<string | null>`(select case
    when ua.can_see_prices or ua.can_order or ua.can_pay or ua.can_manage then ua.acctnum end
  from ${userAccounts} ua join ${accounts} a on a.acctnum = ua.acctnum
  where ua.user_id = ${userId} and ua.disabled_at is null
  order by ua.position, a.acctnum limit 1)`;

/** What an account's prices and orders need of its account row (the order copies the ship-to fields). */
export interface AccountFacts {
  acctnum: string;
  company: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  terms: string;
  shipvia: string | null;
  location: string;
  salesperson: string | null;
  gDisc: string | null;
  bDisc: string | null;
}

/** The AccountFacts of an account as JSON text (null for no such account): a column of another query. */
export const accountFactsJsonOf = (acctnum: string | SQL) => sql<string | null>`(select json_build_object(
    'acctnum', a.acctnum, 'company', a.company, 'address1', a.address1, 'address2', a.address2, 'city', a.city,
    'state', a.state, 'zip', a.zip, 'terms', a.terms, 'shipvia', a.shipvia, 'location', a.location,
    'salesperson', a.salesperson, 'gDisc', a.g_disc, 'bDisc', a.b_disc)::text
  from ${accounts} a where a.acctnum = ${acctnum}::text)`;

/** The signed-in shape of a user row and its accountsJsonOf column (PGlite may hand the JSON over as text). */
export const toSessionUserWith = (user: UserRow, accountsJson: SessionAccount[] | string): SessionUser =>
  toSessionUser(
    user,
    typeof accountsJson === 'string' ? (JSON.parse(accountsJson) as SessionAccount[]) : accountsJson,
  );

/** The user with their accounts in one round trip. */
export async function sessionUserById(db: Queryable, id: number): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({ user: users, accounts: accountsJsonOf(users.id) })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ? toSessionUserWith(row.user, row.accounts) : undefined;
}

/** The user's role ('customer' or a staff role: 'admin', 'sales', 'accounting') and whether disabled. */
export async function userStanding(db: Queryable, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      name: users.name,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return undefined;
  return { id: row.id, role: row.role, email: row.email, name: row.name, disabled: row.disabledAt !== null };
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUsersByEmail(db: Queryable, email: string): Promise<UserRow[]> {
  return db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
}

export async function emailTakenByOther(db: Queryable, email: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, sql`${users.id} <> ${userId}`))
    .limit(1);
  return Boolean(row);
}

export async function updateUser(
  db: Queryable,
  id: number,
  patch: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** True when the user may act for this account number (the scope check of every account call). */
export async function userOwnsAccount(db: Queryable, userId: number, acctnum: string): Promise<boolean> {
  const [row] = await db
    .select({ a: userAccounts.acctnum })
    .from(userAccounts)
    .where(and(memberships(userId), eq(userAccounts.acctnum, acctnum)))
    .limit(1);
  return Boolean(row);
}

export type AccountRow = typeof accounts.$inferSelect;

export async function findAccount(db: Queryable, acctnum: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.acctnum, acctnum)).limit(1);
  return row;
}
