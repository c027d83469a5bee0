import type {
  ActivityResponse,
  Colleague,
  ColleaguePatch,
  ColleaguesResponse,
  Invitation,
} from '@mitrebox/api-contract';
import type { AccountRights } from '@mitrebox/domain';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../platform/db.ts';
import { queryRows } from '../../platform/db.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { lastSignInOf } from '../auth/sessions.ts';
import { accountInvitations, accounts, userAccounts, users } from './accounts.tables.ts';
import { NOT_YOUR_ACCOUNT } from './scope.ts';

/**
 * An account's users and their rights (docs/decisions/026): the list the owner manages, a colleague's rights
 * changed or the colleague disabled, who did what in the account, and which of a user's accounts they work in.
 */

export const colleagueMessages = {
  noSuchUser: 'No such user in this account.',
  ownerKeepsRights: "The account's own sign-in keeps every right and cannot be disabled.",
  notYourself: 'You cannot change your own rights or disable yourself. Ask another manager.',
  lastManager: 'The account needs at least one user who manages it.',
};

/** The account's own sign-in: its username is the account number (storefront §5 Login). */
const isOwner = sql<boolean>`${users.username} = ${userAccounts.acctnum}`;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type InvitationRow = typeof accountInvitations.$inferSelect;

/** The ticked rights of a user_accounts or account_invitations row. */
export const tickedRights = (row: {
  canOrder: boolean;
  canPay: boolean;
  canSeePrices: boolean;
  canManage: boolean;
}): AccountRights => ({
  order: row.canOrder,
  pay: row.canPay,
  prices: row.canSeePrices,
  manage: row.canManage,
});

/** The columns of ticked rights, for an insert or update. */
export const rightColumns = (rights: AccountRights) => ({
  canOrder: rights.order,
  canPay: rights.pay,
  canSeePrices: rights.prices,
  canManage: rights.manage,
});

/** An invitation as the owner reads it: pending until accepted, withdrawn or past its 72 hours. */
export function invitationOf(row: InvitationRow, now = Date.now()): Invitation {
  const state = row.acceptedAt
    ? 'accepted'
    : row.revokedAt
      ? 'revoked'
      : row.expiresAt.getTime() <= now
        ? 'expired'
        : 'pending';
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    rights: tickedRights(row),
    state,
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

const colleagueColumns = {
  userId: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  canOrder: userAccounts.canOrder,
  canPay: userAccounts.canPay,
  canSeePrices: userAccounts.canSeePrices,
  canManage: userAccounts.canManage,
  owner: isOwner,
  disabledAt: userAccounts.disabledAt,
  since: userAccounts.createdAt,
  lastSignIn: lastSignInOf(users.id),
};
interface ColleagueRow {
  userId: number;
  username: string;
  name: string;
  email: string | null;
  canOrder: boolean;
  canPay: boolean;
  canSeePrices: boolean;
  canManage: boolean;
  owner: boolean;
  disabledAt: Date | null;
  since: Date;
  lastSignIn: Date | string | null;
}

function colleagueOf(row: ColleagueRow): Colleague {
  return {
    userId: row.userId,
    username: row.username,
    name: row.name,
    email: row.email,
    rights: tickedRights(row),
    owner: Boolean(row.owner),
    disabled: row.disabledAt !== null,
    since: row.since.toISOString(),
    lastSignIn: iso(row.lastSignIn),
  };
}

async function colleagueRows(db: Queryable, acctnum: string, userId?: number) {
  const rows = await db
    .select(colleagueColumns)
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .where(and(eq(userAccounts.acctnum, acctnum), userId === undefined ? undefined : eq(users.id, userId)))
    .orderBy(desc(isOwner), asc(users.name), asc(users.id));
  return rows as ColleagueRow[];
}

/**
 * GET /api/account/colleagues (and the back office's view): the account's users, the owner first, and its
 * invitations — every one not accepted or withdrawn, and the others of the last 30 days.
 */
export async function listColleagues(db: Queryable, acctnum: string): Promise<ColleaguesResponse> {
  const [rows, invitations] = await Promise.all([
    colleagueRows(db, acctnum),
    db
      .select()
      .from(accountInvitations)
      .where(
        and(
          eq(accountInvitations.acctnum, acctnum),
          sql`((${accountInvitations.acceptedAt} is null and ${accountInvitations.revokedAt} is null)
            or ${accountInvitations.sentAt} > now() - interval '30 days')`,
        ),
      )
      .orderBy(desc(accountInvitations.sentAt), desc(accountInvitations.id)),
  ]);
  const now = Date.now();
  return { data: rows.map(colleagueOf), invitations: invitations.map((r) => invitationOf(r, now)) };
}

/** What changed for the colleague's sessions: ended (disabled) or to be read afresh (rights, enabled). */
export interface ColleagueChange {
  colleague: Colleague;
  sessions: 'end' | 'refresh' | 'keep';
}

/**
 * PATCH /api/account/colleagues/:userId: a colleague's rights, or disabled (or enabled again) in the account. The
 * owner's sign-in and the caller's own cannot be changed, and the account keeps at least one manager.
 */
export async function changeColleague(
  db: Db,
  caller: { userId: number; acctnum: string },
  userId: number,
  patch: ColleaguePatch,
): Promise<ColleagueChange> {
  const { acctnum } = caller;
  return db.transaction(async (tx) => {
    // one change of an account's users at a time: the last-manager count cannot race
    await tx.execute(sql`select 1 from ${accounts} where ${accounts.acctnum} = ${acctnum} for update`);
    const [row] = await colleagueRows(tx, acctnum, userId);
    if (!row) throw notFound(colleagueMessages.noSuchUser);
    if (row.owner) throw new AppError('owner', 409, colleagueMessages.ownerKeepsRights);
    if (userId === caller.userId) throw new AppError('self', 409, colleagueMessages.notYourself);
    const rights = patch.rights ?? tickedRights(row);
    const disabled = patch.disabled ?? row.disabledAt !== null;
    if (row.canManage && !row.disabledAt && (!rights.manage || disabled)) {
      const [{ managers }] = await queryRows<{ managers: number }>(
        tx,
        sql`select count(*)::int as managers from ${userAccounts} where ${userAccounts.acctnum} = ${acctnum}
          and ${userAccounts.canManage} and ${userAccounts.disabledAt} is null`,
      );
      if (managers <= 1) throw new AppError('last_manager', 409, colleagueMessages.lastManager);
    }
    await tx
      .update(userAccounts)
      .set({
        ...rightColumns(rights),
        disabledAt: disabled ? (row.disabledAt ?? new Date()) : null,
      })
      .where(and(eq(userAccounts.userId, userId), eq(userAccounts.acctnum, acctnum)));
    const [changed] = await colleagueRows(tx, acctnum, userId);
    const wasDisabled = row.disabledAt !== null;
    const sessions = disabled && !wasDisabled ? 'end' : 'refresh';
    return { colleague: colleagueOf(changed!), sessions };
  });
}

/**
 * GET /api/account/activity: the orders placed and payments made in the account (a card payment of one invoice, or
 * a batch), newest first, with the name of the user who made each. A read across the orders' and payments'
 * records, by their tables' names: a report, not a change of another module's data.
 */
export async function accountActivity(
  db: Queryable,
  acctnum: string,
  q: { page: number; perPage: number; userId?: number },
): Promise<ActivityResponse> {
  const who = q.userId === undefined ? sql`true` : sql`x.user_id = ${q.userId}`;
  const rows = await queryRows<{
    kind: 'order' | 'payment';
    at: Date | string;
    user_id: number | null;
    user_name: string | null;
    reference: string;
    amount: string;
    total: number;
  }>(
    db,
    sql`select x.*, u.name as user_name, count(*) over ()::int as total from (
        select 'order' as kind, o.ord_date as at, o.user_id, o.ordnum::text as reference, o.inv_total::text as amount
        from orders o where o.acctnum = ${acctnum}
        union all
        select 'payment', p.created_at, p.user_id, 'Invoice ' || p.invnum, p.amount::text
        from payments p where p.acctnum = ${acctnum} and p.batch_id is null and p.status = 'succeeded'
        union all
        select 'payment', b.created_at, b.user_id, 'Batch ' || b.id, b.total::text
        from payment_batches b where b.acctnum = ${acctnum}
      ) x left join ${users} u on u.id = x.user_id
      where ${who}
      order by x.at desc, x.reference desc
      limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`,
  );
  return {
    data: rows.map((r) => ({
      kind: r.kind,
      at: new Date(r.at).toISOString(),
      userId: r.user_id === null ? null : Number(r.user_id),
      userName: r.user_name,
      reference: r.reference,
      amount: r.amount,
    })),
    total: rows[0]?.total ?? (q.page > 1 ? await countActivity(db, acctnum, q.userId) : 0),
  };
}

/** The number of activity rows when the page asked for is past the last one. */
async function countActivity(db: Queryable, acctnum: string, userId?: number): Promise<number> {
  const who = userId === undefined ? sql`true` : sql`x.user_id = ${userId}`;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
        select o.user_id from orders o where o.acctnum = ${acctnum}
        union all
        select p.user_id from payments p where p.acctnum = ${acctnum} and p.batch_id is null and p.status = 'succeeded'
        union all
        select b.user_id from payment_batches b where b.acctnum = ${acctnum}
      ) x where ${who}`,
  );
  return row?.n ?? 0;
}

/**
 * POST /api/account/current: the user works in another of their accounts: it becomes their first (the one every
 * account call answers for). The others keep their order behind it.
 */
export async function makeFirstAccount(db: Db, userId: number, acctnum: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ a: userAccounts.acctnum })
      .from(userAccounts)
      .where(
        and(
          eq(userAccounts.userId, userId),
          eq(userAccounts.acctnum, acctnum),
          isNull(userAccounts.disabledAt),
        ),
      )
      .for('update');
    if (!member) throw forbidden(NOT_YOUR_ACCOUNT);
    await tx
      .update(userAccounts)
      .set({
        position: sql`case when ${userAccounts.acctnum} = ${acctnum} then 0 else ${userAccounts.position} + 1 end`,
      })
      .where(eq(userAccounts.userId, userId));
  });
}
