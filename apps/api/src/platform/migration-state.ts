import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from './db.ts';

export interface MigrationState {
  /** Migrations this build ships (drizzle's journal). */
  expected: number;
  /** Migrations the database has applied. */
  applied: number;
  /** Tags of the shipped migrations the database has not applied yet. */
  pending: string[];
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The shipped migrations, read once per process from the folder the migrator applies. */
function readJournal(folder: string): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * Compares the database's applied migrations (drizzle.__drizzle_migrations, whose created_at is the journal's
 * `when`) with the ones this build ships. A database that has none applied answers applied 0.
 */
export async function migrationState(db: Queryable, folder: string): Promise<MigrationState> {
  const entries = readJournal(folder);
  let applied = 0;
  let last = 0;
  try {
    const [row] = await queryRows<{ n: number | string; last: number | string | null }>(
      db,
      sql`select count(*)::int as n, max(created_at)::bigint as last from drizzle.__drizzle_migrations`,
    );
    applied = Number(row?.n ?? 0);
    last = Number(row?.last ?? 0);
  } catch {
    // no migrations table yet: nothing applied
  }
  const pending = entries.filter((e) => e.when > last).map((e) => e.tag);
  return { expected: entries.length, applied, pending };
}
