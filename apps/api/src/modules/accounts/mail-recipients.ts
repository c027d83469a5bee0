import type { MailKind, MailPreferences } from '@mitrebox/api-contract';
import { type AccountRights, effectiveRights } from '@mitrebox/domain';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { mailPreferences, userAccounts, users } from './accounts.tables.ts';

/**
 * Who may be e-mailed about an account, and what each user chose to receive (mail_preferences; no row = the
 * defaults). The accounts module owns these tables; the notifications module asks here.
 */

/** The choices of a user who never chose: the order confirmation and the ERP's news on, the statement off. */
export const DEFAULT_MAIL_PREFERENCES: MailPreferences = {
  orderConfirmation: true,
  invoiceIssued: true,
  orderShipped: true,
  backorderReleased: true,
  monthlyStatement: false,
};

const preferenceColumns = {
  orderConfirmation: mailPreferences.orderConfirmation,
  invoiceIssued: mailPreferences.invoiceIssued,
  orderShipped: mailPreferences.orderShipped,
  backorderReleased: mailPreferences.backorderReleased,
  monthlyStatement: mailPreferences.monthlyStatement,
};

/** The user's choices (the defaults when they never chose). */
export async function mailPreferencesOf(db: Queryable, userId: number): Promise<MailPreferences> {
  const [row] = await db
    .select(preferenceColumns)
    .from(mailPreferences)
    .where(eq(mailPreferences.userId, userId));
  return row ?? { ...DEFAULT_MAIL_PREFERENCES };
}

/** Sets the kinds given (the others stay as they were) and answers the user's choices. */
export async function saveMailPreferences(
  db: Queryable,
  userId: number,
  changes: Partial<MailPreferences>,
): Promise<MailPreferences> {
  const next = { ...(await mailPreferencesOf(db, userId)), ...changes };
  await db
    .insert(mailPreferences)
    .values({ userId, ...next })
    .onConflictDoUpdate({ target: mailPreferences.userId, set: { ...changes, updatedAt: new Date() } });
  return mailPreferencesOf(db, userId);
}

/** Turns one kind off for the user (the unsubscribe link); false when there is no such user. */
export async function turnMailOff(db: Queryable, userId: number, kind: MailKind): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  await saveMailPreferences(db, userId, { [kind]: false });
  return true;
}

export interface MailRecipient {
  userId: number;
  name: string;
  /** The address the user gave (users.email): the only addresses the shop writes to. */
  email: string;
  /** The user's rights in the account as they apply. */
  rights: AccountRights;
  preferences: MailPreferences;
}

/**
 * The users of the account who can be e-mailed: signed-in users of it with a stored address, neither the user nor
 * their place in the account disabled, the account's own sign-in first.
 */
export async function accountMailRecipients(db: Queryable, acctnum: string): Promise<MailRecipient[]> {
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      order: userAccounts.canOrder,
      pay: userAccounts.canPay,
      prices: userAccounts.canSeePrices,
      manage: userAccounts.canManage,
      ...preferenceColumns,
    })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .leftJoin(mailPreferences, eq(mailPreferences.userId, users.id))
    .where(
      and(
        eq(userAccounts.acctnum, acctnum),
        isNull(userAccounts.disabledAt),
        isNull(users.disabledAt),
        eq(users.isStaff, false),
        isNotNull(users.email),
        sql`${users.email} <> ''`,
      ),
    )
    .orderBy(sql`${users.username} = ${acctnum} desc`, asc(users.id));
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    email: r.email!,
    rights: effectiveRights({ order: r.order, pay: r.pay, prices: r.prices, manage: r.manage }),
    // no row of choices: the defaults
    preferences: {
      orderConfirmation: r.orderConfirmation ?? DEFAULT_MAIL_PREFERENCES.orderConfirmation,
      invoiceIssued: r.invoiceIssued ?? DEFAULT_MAIL_PREFERENCES.invoiceIssued,
      orderShipped: r.orderShipped ?? DEFAULT_MAIL_PREFERENCES.orderShipped,
      backorderReleased: r.backorderReleased ?? DEFAULT_MAIL_PREFERENCES.backorderReleased,
      monthlyStatement: r.monthlyStatement ?? DEFAULT_MAIL_PREFERENCES.monthlyStatement,
    },
  }));
}
