import { CSV_MAX_REPORTED_ERRORS, type ImportReport, type ImportRowError } from '@mitrebox/api-contract';
import type { z } from 'zod';
import type { Db, Queryable } from '../../platform/db.ts';

/**
 * The report of one ERP JSON file (invoices, payments or credits): every row is checked first (row = position
 * in the file, from 1; column = the field's path), then all rows are applied in one transaction or none.
 */
export interface RowReport {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportRowError[];
  errorCount: number;
}

export function newReport(): RowReport {
  return { rows: 0, created: 0, updated: 0, unchanged: 0, errors: [], errorCount: 0 };
}

/** Counts an error of a row; the first CSV_MAX_REPORTED_ERRORS are listed. */
export function fail(r: RowReport, row: number, column: string | null, message: string) {
  r.errorCount++;
  if (r.errors.length < CSV_MAX_REPORTED_ERRORS) r.errors.push({ row, column, message });
}

/** The answer: counts, errors and one sentence saying what happened. */
export function finish(r: RowReport, dryRun: boolean, what: string): ImportReport {
  const applied = !dryRun && r.errorCount === 0 && r.created + r.updated > 0;
  const counts = `${r.created} new, ${r.updated} changed, ${r.unchanged} unchanged`;
  const message =
    r.errorCount > 0
      ? r.errorCount === 1
        ? `Nothing was imported: ${what} ${r.errors[0].row} has an error.`
        : `Nothing was imported: ${r.errorCount} errors (first in ${what} ${r.errors[0].row}).`
      : r.rows === 0
        ? `The file has no ${what}s.`
        : r.created + r.updated === 0
          ? `Nothing to change: all ${r.rows} ${what}s match (${counts}).`
          : dryRun
            ? `Dry run, nothing saved: ${counts}.`
            : `Imported ${r.rows} ${what}s: ${counts}.`;
  return {
    message,
    dry_run: dryRun,
    applied,
    rows: r.rows,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    error_count: r.errorCount,
    row_errors: r.errors,
  };
}

/** Checks every row of a file with its schema. Answers the parsed rows (all of them when all are good). */
export function checkRows<S extends z.ZodType>(schema: S, rows: unknown[], report: RowReport): z.infer<S>[] {
  const good: z.infer<S>[] = [];
  rows.forEach((raw, i) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) good.push(parsed.data);
    else
      for (const issue of parsed.error.issues.slice(0, 5))
        fail(report, i + 1, issue.path.join('.') || null, issue.message);
  });
  report.rows = rows.length;
  return good;
}

/** Names each row whose key is already in an earlier row. */
export function duplicates<T>(rows: T[], key: (r: T) => string, column: string, report: RowReport) {
  const seen = new Map<string, number>();
  rows.forEach((r, i) => {
    const k = key(r);
    const first = seen.get(k);
    if (first !== undefined)
      fail(report, i + 1, column, `The same ${column} ${k} is already in row ${first}.`);
    else seen.set(k, i + 1);
  });
}

class Rollback extends Error {}

/**
 * Applies a checked file in one transaction, all or none: nothing when a row has an error; rolled back when
 * the work finds one, or on a dry run. `store` answers the counts of what it wrote.
 */
export async function applyAllOrNone(
  db: Db,
  report: RowReport,
  dryRun: boolean,
  store: (tx: Queryable) => Promise<{ created: number; updated: number; unchanged: number }>,
) {
  if (report.errorCount > 0) return;
  try {
    await db.transaction(async (tx) => {
      const counts = await store(tx);
      report.created += counts.created;
      report.updated += counts.updated;
      report.unchanged += counts.unchanged;
      if (report.errorCount > 0 || dryRun) throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
}
