import { inArray, like, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../platform/db.ts';
import { queryRows } from '../../platform/db.ts';
import { loginAttempts } from './auth.tables.ts';

/**
 * Attempt counters claimed BEFORE the thing they protect is checked (a password, a two-step code, a reset
 * e-mail): the claim counts the attempt in one statement and is refused while the key is locked or still in
 * its growing delay, so parallel requests can never check more than the limit (docs/decisions/008).
 */
export interface AttemptRule {
  key: string;
  /** Claims allowed within the window; the claim that reaches it locks the key for the lock period. */
  max: number;
  /** Claims allowed without waiting; after that each claim waits 1 s, 2 s, 4 s … since the last one. */
  delayAfter?: number;
  /** Skip the growing delay for this claim (the lock still applies). */
  skipDelay?: boolean;
  /**
   * The attempt carries a solved proof-of-work challenge: it passes the key's lock and delay and is still counted
   * (the account-wide key, whose lock asks strangers for proof of work instead of refusing them: decision 008).
   */
  proved?: boolean;
}

export const accountKey = (username: string) => `acct:${username.trim().slice(0, 64)}`;
export const pairKey = (username: string, ip: string) => `pair:${username.trim().slice(0, 64)}|${ip}`;
export const ipKey = (ip: string) => `ip:${ip}`;
/** A browser that signed in to the account before (its device cookie): its own allowance. */
export const deviceKey = (username: string, deviceId: string) =>
  `dev:${username.trim().slice(0, 64)}|${deviceId}`;

export type Refusal = { kind: 'locked' | 'wait'; key: string; seconds: number };

/** The wait after the last claim: 1 s at `delayAfter` claims, doubling with each one, at most the window. */
function delay(delayAfter: number, windowMinutes: number, alias: 'la.' | '') {
  const failures = sql.raw(`${alias}failures`);
  return sql`make_interval(secs => least(power(2, greatest(${failures} - ${delayAfter}, 0)), ${windowMinutes * 60}))`;
}

class Refused extends Error {
  constructor(readonly rule: AttemptRule) {
    super('refused');
  }
}

/**
 * Counts one attempt on the key unless it is locked or waiting; answers the count including this attempt,
 * or undefined when refused. A window older than the lock period (or an expired lock) starts again at 1.
 */
async function claimOne(
  db: Queryable,
  rule: AttemptRule,
  windowMinutes: number,
): Promise<number | undefined> {
  const interval = `${windowMinutes} minutes`;
  const expired = sql`(la.window_start < now() - ${interval}::interval and (la.locked_until is null or la.locked_until <= now()))`;
  const count = sql`(case when ${expired} then 1 else la.failures + 1 end)`;
  const open = rule.proved ? sql`true` : sql`(la.locked_until is null or la.locked_until <= now())`;
  const waited =
    rule.skipDelay || rule.proved || rule.delayAfter === undefined
      ? sql`true`
      : sql`(la.failures < ${rule.delayAfter} or la.last_at + ${delay(rule.delayAfter, windowMinutes, 'la.')} <= now())`;
  const rows = await queryRows<{ failures: number }>(
    db,
    sql`
    insert into login_attempts as la (key, failures, window_start, last_at, locked_until)
    values (${rule.key}, 1, now(), now(), case when 1 >= ${rule.max} then now() + ${interval}::interval end)
    on conflict (key) do update set
      failures = ${count},
      window_start = case when ${expired} then now() else la.window_start end,
      last_at = now(),
      locked_until = case when ${count} >= ${rule.max} then now() + ${interval}::interval
        when ${expired} then null else la.locked_until end
    where (${expired} or (${open} and ${waited}))
    returning failures`,
  );
  return rows[0] ? Number(rows[0].failures) : undefined;
}

/**
 * Claims one attempt on every rule in one transaction: all are counted, or (when one is locked or waiting)
 * none is and the refusal says which and for how long. `rules` may be a function of the counts claimed so far
 * (the account-wide rule needs to know whether the address was clean).
 */
export async function claimAttempt(
  db: Db,
  windowMinutes: number,
  rules: (counts: number[]) => AttemptRule | undefined,
): Promise<{ ok: true; counts: number[] } | { ok: false; refusal: Refusal }> {
  try {
    const counts = await db.transaction(async (tx) => {
      const claimed: number[] = [];
      for (let rule = rules(claimed); rule; rule = rules(claimed)) {
        const count = await claimOne(tx, rule, windowMinutes);
        if (count === undefined) throw new Refused(rule);
        claimed.push(count);
      }
      return claimed;
    });
    return { ok: true, counts };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { ok: false, refusal: await refusalOf(db, error.rule, windowMinutes) };
  }
}

async function refusalOf(db: Db, rule: AttemptRule, windowMinutes: number): Promise<Refusal> {
  const key = rule.key;
  const [row] = await queryRows<{ locked: number | null; wait: number | null }>(
    db,
    sql`select
      extract(epoch from (locked_until - now()))::float8 as locked,
      ${rule.delayAfter === undefined ? sql`0::float8` : sql`extract(epoch from (last_at + ${delay(rule.delayAfter, windowMinutes, '')} - now()))::float8`} as wait
      from login_attempts where key = ${key}`,
  );
  const locked = Number(row?.locked ?? 0);
  if (locked > 0) return { kind: 'locked', key, seconds: Math.ceil(locked) };
  return { kind: 'wait', key, seconds: Math.max(1, Math.ceil(Number(row?.wait ?? 1))) };
}

/** Claims a single key (two-step codes, reset e-mails); see claimAttempt. */
export function claimKey(db: Db, windowMinutes: number, rule: AttemptRule) {
  return claimAttempt(db, windowMinutes, (counts) => (counts.length === 0 ? rule : undefined));
}

/** Forgets the keys (a correct password, a reset). */
export async function clearKeys(db: Queryable, keys: string[]): Promise<void> {
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, keys));
}

/** Gives back one claimed attempt (a correct password from this address). */
export async function releaseKey(db: Queryable, key: string): Promise<void> {
  await db.execute(
    sql`update login_attempts set failures = greatest(failures - 1, 0) where key = ${key} and locked_until is null`,
  );
}

/** Unlocks an account for everyone: its own counter and every account-and-address and device counter. */
export async function clearAccount(db: Queryable, username: string): Promise<void> {
  const name = username.trim().slice(0, 64);
  await clearKeys(db, [accountKey(name)]);
  const escaped = name.replace(/[\\%_]/g, (c) => `\\${c}`);
  await db
    .delete(loginAttempts)
    .where(or(like(loginAttempts.key, `pair:${escaped}|%`), like(loginAttempts.key, `dev:${escaped}|%`)));
}

/**
 * Whether sign-in to this account is held up now: for everyone (strangers must solve a challenge), or from some
 * address or browser.
 */
export async function accountLocked(db: Queryable, username: string): Promise<boolean> {
  const name = username.trim().slice(0, 64);
  const escaped = name.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await queryRows<{ locked: boolean }>(
    db,
    sql`select exists(select 1 from login_attempts where (key = ${accountKey(name)} or key like ${`pair:${escaped}|%`}
      or key like ${`dev:${escaped}|%`}) and locked_until > now()) as locked`,
  );
  return Boolean(rows[0]?.locked);
}
