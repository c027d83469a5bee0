import { createHash } from 'node:crypto';
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../platform/db.ts';
import { idempotencyKeys } from './payments.tables.ts';

export const IDEMPOTENCY_TTL_HOURS = 24;

/** A canonical JSON of a request body (keys sorted), hashed: the same body gives the same hash. */
export function requestHash(body: unknown): string {
  const canon = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canon)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .map((k) => [k, canon((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canon(body)))
    .digest('hex');
}

/** A claim of a key; a replay carries the answer stored for the scope (`Answer`: what its requests answer). */
export type Claim<Answer = unknown> =
  | { kind: 'claimed' }
  | { kind: 'replay'; statusCode: number; response: Answer }
  | { kind: 'conflict' }
  | { kind: 'running' };

/**
 * Claims (scope, key) for a request. Exactly one of many concurrent claimants inserts the row and runs; the
 * others see it: the same body answers the stored result (or 'running' while the first is still at work),
 * another body is a conflict. Keys older than 24 hours are forgotten.
 */
export async function claimKey<Answer = unknown>(
  db: Db,
  scope: string,
  key: string,
  hash: string,
): Promise<Claim<Answer>> {
  // one statement: a new key is inserted, a forgotten one (older than the TTL) is claimed afresh in its place
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash: hash, state: 'running' })
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      set: { requestHash: hash, state: 'running', statusCode: null, response: null, createdAt: sql`now()` },
      setWhere: lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`),
    })
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'claimed' };
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!row) return claimKey<Answer>(db, scope, key, hash);
  if (row.requestHash !== hash) return { kind: 'conflict' };
  if (row.state !== 'done') return { kind: 'running' };
  // the answer finishKey stored for this scope: the scope's own answer type
  return { kind: 'replay', statusCode: row.statusCode ?? 200, response: row.response as Answer };
}

/**
 * The statement that stores the answer of a claimed key (its JSON given as SQL): later requests with the key and
 * body get it. A statement of its own (finishKey), or a CTE of the statement that does the work.
 */
export const finishKeyQuery = (scope: string, key: string, statusCode: number, response: SQL) =>
  sql`update ${idempotencyKeys} set state = 'done', status_code = ${statusCode}::int, response = ${response}
    where scope = ${scope} and key = ${key}`;

/** Stores the answer of a claimed key: later requests with the key and body get it. */
export async function finishKey(
  db: Queryable,
  scope: string,
  key: string,
  statusCode: number,
  response: unknown,
) {
  await db.execute(finishKeyQuery(scope, key, statusCode, sql`${JSON.stringify(response)}::jsonb`));
}

/** Gives a claimed key up (the request failed before anything happened): a retry runs afresh. */
export async function releaseKey(db: Db, scope: string, key: string) {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}
