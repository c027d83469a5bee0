import { getTableColumns, getTableName, type SQL, sql, type Table } from 'drizzle-orm';
import type { Queryable } from '../platform/db.ts';

/**
 * Inserts many rows fast on both PGlite and PostgreSQL: each chunk travels as one JSON parameter and is
 * expanded by `json_populate_recordset`, so a 5,000-row chunk is one statement with one parameter.
 * Row keys are the Drizzle property names; a key missing in a row takes the column's default.
 */
export async function bulkInsert<T extends Table>(
  db: Queryable,
  table: T,
  rows: T['$inferInsert'][],
  chunkSize = 2000,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<
    string,
    { name: string; default?: unknown; hasDefault: boolean }
  >;
  const keys = new Set<string>();
  for (const row of rows) for (const k of Object.keys(row as object)) keys.add(k);
  const used = [...keys].filter((k) => columns[k]);
  const unknown = [...keys].filter((k) => !columns[k]);
  if (unknown.length) throw new Error(`${getTableName(table)}: unknown columns ${unknown.join(', ')}`);
  const names = used.map((k) => `"${columns[k].name}"`).join(', ');
  const fallback = (k: string) => {
    const d = columns[k].default;
    return d === undefined || (typeof d === 'object' && d !== null) ? null : d;
  };
  for (let i = 0; i < rows.length; i += chunkSize) {
    const chunk = rows.slice(i, i + chunkSize).map((row) => {
      const r = row as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const k of used) {
        const v = r[k];
        out[columns[k].name] = v === undefined ? fallback(k) : v;
      }
      return out;
    });
    const statement: SQL = sql`insert into ${table} (${sql.raw(names)}) select ${sql.raw(names)} from json_populate_recordset(null::${table}, ${JSON.stringify(chunk)}::json)`;
    await db.execute(statement);
  }
}

/** Every table of the public schema emptied, identities restarted, the order-number sequence rewound. */
export async function truncateAll(db: Queryable): Promise<void> {
  const res = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as {
    rows: { tablename: string }[];
  };
  const tables = res.rows.map((r) => `"public"."${r.tablename}"`);
  if (tables.length)
    await db.execute(sql.raw(`truncate table ${tables.join(', ')} restart identity cascade`));
  await db.execute(sql.raw('alter sequence if exists order_number_seq restart with 700000'));
}

/** Moves a serial column's sequence past the ids inserted explicitly. */
export async function syncSerial(db: Queryable, table: string, column = 'id'): Promise<void> {
  await db.execute(
    sql.raw(
      `select setval(pg_get_serial_sequence('${table}', '${column}'), coalesce((select max("${column}") from "${table}"), 0) + 1, false)`,
    ),
  );
}
