import { inArray } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { accounts } from './accounts.tables.ts';

/** The numbers among `acctnums` that are accounts of the shop (one statement; none asked, none read). */
export async function knownAccounts(db: Queryable, acctnums: string[]): Promise<Set<string>> {
  if (acctnums.length === 0) return new Set<string>();
  const rows = await db
    .select({ a: accounts.acctnum })
    .from(accounts)
    .where(inArray(accounts.acctnum, [...new Set(acctnums)]));
  return new Set(rows.map((r) => r.a));
}
