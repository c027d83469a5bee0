import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { requestScopedPool } from './request-connection.ts';

/** The platform knows no module's tables: queries name their tables, so the database carries no schema. */
export type Schema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or a transaction. */
export type Queryable = Db | Tx;

/**
 * The text array of a prepared statement's placeholder `name`, for `= any(…)`, behind a scalar subquery the
 * planner does not look into. PostgreSQL plans a prepared statement for its values five times, then keeps one
 * generic plan only if that plan costs no more than theirs; a plain `= any($1::text[])` is costed for the array's
 * real length in a plan for its values and for ten elements in the generic one, so a statement asked for one or
 * two item #s was planned again on every execution (0.35–0.5 ms of the database's CPU, three times its execution;
 * docs/decisions/017, "Planned once"). Behind the subquery both plans count ten, and the sixth execution on a
 * connection takes the generic plan for good. The subquery runs once a statement (an InitPlan).
 */
export const textArrayParam = (name: string) => sql`(select ${sql.placeholder(name)}::text[])::text[]`;

/**
 * Something made once per database (or transaction), e.g. a prepared statement (planned once per connection, not
 * per call): the same `db` gets the same one.
 */
export function perDatabase<T, Q extends Queryable = Db>(make: (db: Q) => T): (db: Q) => T {
  const made = new WeakMap<Q, T>();
  return (db) => {
    let thing = made.get(db);
    if (!thing) {
      thing = make(db);
      made.set(db, thing);
    }
    return thing;
  };
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Fuzzy name search forgives one typo in a word ('walnot' finds Walnut): the word-similarity bar is 0.5. */
const SESSION_SETTING = 'pg_trgm.word_similarity_threshold=0.5';

/** apps/api/drizzle, seen from this file (src/platform/) or from the compiled server (dist/server.mjs). */
export const migrationsFolder = ['../../drizzle', '../drizzle']
  .map((rel) => path.resolve(path.dirname(fileURLToPath(import.meta.url)), rel))
  .find((dir) => existsSync(path.join(dir, 'meta/_journal.json')))!;

/**
 * Opens the database: node-postgres when a URL is given, otherwise PGlite (on disk in dataDir,
 * or in memory when dataDir is 'memory://'). Only the driver in use is loaded (start-to-ready time).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  /** Told when an idle pooled connection fails (logged by the server). */
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    // inside a request, its statements and transactions share one connection, and the pool's waiters are served
    // in the order their requests arrived (platform/request-connection.ts, docs/decisions/017)
    const Pool = requestScopedPool(pg.Pool, { keep: true, byArrival: true });
    const pool = new Pool({ connectionString: opts.url, max: 20, options: `-c ${SESSION_SETTING}` });
    // An idle connection the server ends (a restart, a dropped database) must not crash the process: the pool
    // discards it and the next query opens a new one.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const [
    { PGlite },
    { cube },
    { earthdistance },
    { pg_trgm },
    { drizzle: drizzlePglite },
    { migrate: migratePglite },
  ] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/earthdistance'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm, cube, earthdistance } });
  await client.exec('create extension if not exists pg_trgm');
  await client.exec(`set ${SESSION_SETTING}`);
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Rows of a raw SQL query, on PGlite and node-postgres alike (both answer `{ rows }`). */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
