import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { accounts, mailPreferences, userAccounts, users } from './accounts.tables.ts';

/** What a statement says of the account it is for: its name, address and terms (the invoices module asks here). */
export interface StatementAccount {
  acctnum: string;
  company: string;
  contact: string | null;
  /** The address as lines: street, suite, "City, ST 12345"; empty lines left out. */
  address: string[];
  terms: string;
}

/** The accounts of these numbers as a statement names them (a number that is no account is left out). */
export async function statementAccounts(db: Queryable, acctnums: string[]): Promise<StatementAccount[]> {
  if (acctnums.length === 0) return [];
  const rows = await db.select().from(accounts).where(inArray(accounts.acctnum, acctnums));
  return rows.map((a) => {
    const cityLine = [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
    return {
      acctnum: a.acctnum,
      company: a.company,
      contact: a.contact,
      address: [a.address1, a.address2, cityLine].filter((l): l is string => Boolean(l?.trim())),
      terms: a.terms,
    };
  });
}

/**
 * The accounts where at least one user chose the monthly statement (mail_preferences.monthly_statement), neither
 * the user nor their place in the account disabled. Who of them gets it: accountMailRecipients (mail-recipients.ts).
 */
export async function accountsWithMonthlyStatement(db: Queryable): Promise<string[]> {
  const rows = await db
    .selectDistinct({ acctnum: userAccounts.acctnum })
    .from(mailPreferences)
    .innerJoin(users, eq(users.id, mailPreferences.userId))
    .innerJoin(userAccounts, eq(userAccounts.userId, users.id))
    .where(
      and(
        eq(mailPreferences.monthlyStatement, true),
        isNull(users.disabledAt),
        isNull(userAccounts.disabledAt),
      ),
    )
    .orderBy(userAccounts.acctnum);
  return rows.map((r) => r.acctnum);
}
