import { inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { loginAttempts } from './auth.tables.ts';

export interface LockPolicy {
  maxFailuresAccount: number;
  maxFailuresIp: number;
  lockMinutes: number;
}

export const accountKey = (username: string) => `acct:${username.trim().slice(0, 64)}`;
export const ipKey = (ip: string) => `ip:${ip}`;

/** True when any of the keys is locked now. Kept in the database so every API process sees it. */
export async function isLocked(db: Queryable, keys: string[]): Promise<boolean> {
  const rows = await db
    .select({ key: loginAttempts.key })
    .from(loginAttempts)
    .where(sql`${inArray(loginAttempts.key, keys)} and ${loginAttempts.lockedUntil} > now()`)
    .limit(1);
  return rows.length > 0;
}

/**
 * Counts a failure in one statement: a window older than the lock period starts again at 1; reaching the
 * limit locks the key for the lock period.
 */
export async function recordFailure(
  db: Queryable,
  key: string,
  max: number,
  lockMinutes: number,
): Promise<void> {
  const interval = `${lockMinutes} minutes`;
  await db.execute(sql`
    insert into login_attempts as la (key, failures, window_start, locked_until)
    values (${key}, 1, now(), case when 1 >= ${max} then now() + ${interval}::interval end)
    on conflict (key) do update set
      failures = case when la.window_start < now() - ${interval}::interval then 1 else la.failures + 1 end,
      window_start = case when la.window_start < now() - ${interval}::interval then now() else la.window_start end,
      locked_until = case
        when (case when la.window_start < now() - ${interval}::interval then 1 else la.failures + 1 end) >= ${max}
        then now() + ${interval}::interval
        else la.locked_until end`);
}

export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, [key]));
}
