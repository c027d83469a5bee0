import { Readable } from 'node:stream';
import {
  CSV_MAX_REPORTED_ERRORS,
  CSV_MAX_ROWS,
  type ImportReport,
  type ImportRowError,
} from '@mitrebox/api-contract';
import { CsvError, parse } from 'csv-parse';
import { getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../platform/db.ts';
import { type AuditActor, type AuditChange, recordAuditMany } from '../audit/audit.service.ts';
import { collections, locations, productStock, products } from './catalogue.tables.ts';
import {
  COLUMN_BY_NAME,
  type ColumnSpec,
  columnAllowed,
  type ImportMode,
  PRODUCT_COLUMNS,
  parseCell,
  STOCK_PREFIX,
} from './product-csv.ts';

/** Rows compared and written together (one statement per batch). */
const BATCH = 1000;

type ProductRow = typeof products.$inferSelect;
type Fields = Record<string, string | number | null>;

interface ParsedRow {
  row: number;
  code: string;
  fields: Fields;
  /** on hand by location code */
  stock: Record<string, string>;
}

class Rollback extends Error {}

export interface ImportOptions {
  mode: ImportMode;
  dryRun: boolean;
  actor: AuditActor;
  /** the file's name, for the audit log */
  fileName?: string;
}

export const TOO_MANY_ROWS_MESSAGE = `The file has more than ${CSV_MAX_ROWS.toLocaleString('en-US')} rows. Split it into files of at most ${CSV_MAX_ROWS.toLocaleString('en-US')} rows and import them one after another.`;

/** What the report's message says. */
function summary(r: Omit<ImportReport, 'message'>): string {
  if (r.error_count > 0) {
    const rows = new Set(r.row_errors.map((e) => e.row)).size;
    return r.error_count === 1
      ? `Nothing was imported: row ${r.row_errors[0].row} has an error.`
      : `Nothing was imported: ${r.error_count} errors in ${rows}${r.error_count > r.row_errors.length ? ' or more' : ''} rows.`;
  }
  if (r.rows === 0) return 'The file has no rows.';
  const counts = `${r.created} new, ${r.updated} changed, ${r.unchanged} unchanged`;
  if (r.created + r.updated === 0)
    return `Nothing to change: all ${r.rows} rows match the catalogue (${counts}).`;
  return r.dry_run ? `Dry run, nothing saved: ${counts}.` : `Imported ${r.rows} rows: ${counts}.`;
}

const columns = getTableColumns(products) as unknown as Record<string, { name: string }>;
const productColumnNames = Object.values(columns).map((c) => c.name);

/**
 * Imports a product CSV (whole products, prices only or stock only): every row is checked and the whole file
 * is applied in one transaction, or nothing is. The rows stream through the parser and are compared and
 * written in batches inside the transaction; a row that matches the catalogue is not written (so the same
 * file twice changes nothing). A dry run does the same and rolls back. Each changed product gets an audit
 * entry with its changed fields before and after, plus one entry for the file.
 */
export async function importProductCsv(
  db: Db,
  /** the file's text, or a function that opens it (it is read twice: checked, then applied) */
  input: string | (() => Readable),
  opts: ImportOptions,
): Promise<ImportReport> {
  const errors: ImportRowError[] = [];
  let errorCount = 0;
  const fail = (row: number, column: string | null, message: string) => {
    errorCount++;
    if (errors.length < CSV_MAX_REPORTED_ERRORS) errors.push({ row, column, message });
  };
  const counts = { rows: 0, created: 0, updated: 0, unchanged: 0 };

  const locationCodes = new Set(
    (await db.select({ code: locations.code }).from(locations)).map((l) => l.code.toUpperCase()),
  );
  const collectionIds = new Set((await db.select({ id: collections.id }).from(collections)).map((c) => c.id));

  /**
   * One pass over the file: every row is read and checked; with `apply`, the good rows go to it in batches.
   * The first pass checks only (a file with errors never opens a transaction, and a file of too many rows is
   * refused after reading, not after writing); the second applies.
   */
  const pass = async (apply?: (batch: ParsedRow[]) => Promise<void>) => {
    const source = typeof input === 'string' ? Readable.from([input]) : input();
    const parser = source.pipe(
      parse({
        bom: true,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        info: true,
        max_record_size: 64_000,
      }),
    );
    let header: { spec?: ColumnSpec; stockLocation?: string; name: string }[] | undefined;
    const seen = new Map<string, number>();
    let batch: ParsedRow[] = [];
    let recordNo = 0;
    counts.rows = 0;
    try {
      for await (const { record } of parser as AsyncIterable<{ record: string[] }>) {
        recordNo++;
        if (!header) {
          header = readHeader(record, opts.mode, locationCodes, fail);
          if (!header) break;
          continue;
        }
        const row = recordNo;
        if (counts.rows >= CSV_MAX_ROWS) {
          // always reported, however many errors came before
          errorCount++;
          errors.push({ row, column: null, message: TOO_MANY_ROWS_MESSAGE });
          break;
        }
        counts.rows++;
        const parsed = readRow(row, record, header, collectionIds, seen, fail);
        if (parsed && apply) batch.push(parsed);
        if (batch.length >= BATCH && apply) {
          await apply(batch);
          batch = [];
        }
      }
    } catch (err) {
      // a broken file (an unclosed quote, a row too long): the parser says where
      if (!(err instanceof CsvError)) throw err;
      fail(recordNo + 1, null, `The file cannot be read as CSV from here on: ${err.message}`);
    } finally {
      source.destroy();
    }
    if (!header && errorCount === 0) fail(1, null, 'The file is empty: the first row must name the columns.');
    if (apply && batch.length > 0) await apply(batch);
  };

  const run = async (tx: Queryable) => {
    await pass((batch) => applyBatch(tx, batch, opts, counts, fail, errorCount === 0 && !opts.dryRun));
    const report = { ...counts, dry_run: opts.dryRun, error_count: errorCount, row_errors: errors };
    if (errorCount === 0 && counts.created + counts.updated > 0) {
      await recordAuditMany(tx, opts.actor, [
        {
          action: `catalogue.import.${opts.mode}`,
          entity: 'product',
          after: { file: opts.fileName ?? null, ...counts, dryRun: opts.dryRun },
        },
      ]);
    }
    if (errorCount > 0 || opts.dryRun) throw new Rollback();
    return report;
  };

  let result: Omit<ImportReport, 'message' | 'applied'>;
  try {
    await pass();
    if (errorCount > 0) throw new Rollback();
    result = await db.transaction(run);
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
    result = { ...counts, dry_run: opts.dryRun, error_count: errorCount, row_errors: errors };
  }
  const applied = !opts.dryRun && errorCount === 0 && result.created + result.updated > 0;
  return { ...result, applied, message: summary({ ...result, applied }) };
}

function readHeader(
  record: string[],
  mode: ImportMode,
  locationCodes: Set<string>,
  fail: (row: number, column: string | null, message: string) => void,
) {
  const names = record.map((h) => h.trim().toLowerCase());
  let ok = true;
  const header = names.map((name, i) => {
    if (names.indexOf(name) !== i) {
      fail(1, name, 'This column appears twice.');
      ok = false;
    }
    if (name.startsWith(STOCK_PREFIX)) {
      const location = name.slice(STOCK_PREFIX.length).toUpperCase();
      if (!locationCodes.has(location)) {
        fail(
          1,
          name,
          `There is no location ${location}: stock columns are ${[...locationCodes].map((l) => `stock_${l}`).join(', ')}.`,
        );
        ok = false;
      } else if (!columnAllowed(mode, name)) {
        fail(1, name, `A ${mode} file may not carry this column.`);
        ok = false;
      }
      return { name, stockLocation: location };
    }
    if (!COLUMN_BY_NAME.has(name)) {
      fail(1, name || null, name ? 'This is not a column of the product file.' : 'A column has no name.');
      ok = false;
    } else if (!columnAllowed(mode, name)) {
      fail(1, name, `A ${mode} file may not carry this column.`);
      ok = false;
    }
    return { name, spec: COLUMN_BY_NAME.get(name) };
  });
  if (!names.includes('code')) {
    fail(1, 'code', 'The column code is missing: every row needs the product code.');
    ok = false;
  }
  if (mode !== 'stock' && names.length < 2) {
    fail(1, null, 'The file names no column to change besides code.');
    ok = false;
  }
  return ok ? header : undefined;
}

function readRow(
  row: number,
  record: string[],
  header: { spec?: ColumnSpec; stockLocation?: string; name: string }[],
  collectionIds: Set<number>,
  seen: Map<string, number>,
  fail: (row: number, column: string | null, message: string) => void,
): ParsedRow | undefined {
  if (record.length !== header.length) {
    fail(
      row,
      record.length < header.length ? (header[record.length]?.name ?? null) : null,
      `This row has ${record.length} cells; the header has ${header.length} columns.`,
    );
    return undefined;
  }
  const fields: Fields = {};
  const stock: Record<string, string> = {};
  let ok = true;
  for (let i = 0; i < header.length; i++) {
    const h = header[i];
    const kind = h.spec?.kind ?? 'qty';
    const cell = parseCell(kind, h.spec?.nullable ?? true, record[i]);
    if ('error' in cell) {
      fail(row, h.name, `${h.name} ${cell.error}`);
      ok = false;
      continue;
    }
    if (cell.value === undefined) continue;
    if (h.stockLocation) stock[h.stockLocation] = cell.value as string;
    else if (h.spec) fields[h.spec.field] = cell.value;
  }
  if (typeof fields.collectionId === 'number' && !collectionIds.has(fields.collectionId)) {
    fail(row, 'collection_id', `There is no collection ${fields.collectionId}.`);
    ok = false;
  }
  const code = fields.code as string | undefined;
  if (code !== undefined) {
    const first = seen.get(code.toLowerCase());
    if (first !== undefined) {
      fail(row, 'code', `The code ${code} is already on row ${first}.`);
      ok = false;
    } else seen.set(code.toLowerCase(), row);
  }
  if (!ok || code === undefined) return undefined;
  return { row, code, fields, stock };
}

/** A stored value in the form the import compares (numerics are strings with their scale). */
const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

async function applyBatch(
  tx: Queryable,
  batch: ParsedRow[],
  opts: ImportOptions,
  counts: { created: number; updated: number; unchanged: number },
  fail: (row: number, column: string | null, message: string) => void,
  write: boolean,
) {
  if (batch.length === 0) return;
  const codes = batch.map((r) => r.code);
  const existing = new Map<string, ProductRow>(
    (await tx.select().from(products).where(inArray(products.code, codes))).map((p) => [p.code, p]),
  );
  const anyStock = batch.some((r) => Object.keys(r.stock).length > 0);
  const stockNow = new Map<string, string>();
  if (anyStock) {
    for (const s of await tx
      .select({ code: productStock.code, location: productStock.location, onhand: productStock.onhand })
      .from(productStock)
      .where(inArray(productStock.code, codes)))
      stockNow.set(`${s.code}\u0000${s.location.toUpperCase()}`, s.onhand);
  }

  const upserts: Record<string, unknown>[] = [];
  const stockRows: { code: string; location: string; onhand: string }[] = [];
  const audit: AuditChange[] = [];
  for (const r of batch) {
    const old = existing.get(r.code);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (!old) {
      if (opts.mode !== 'products') {
        fail(r.row, 'code', `No product has the code ${r.code}.`);
        continue;
      }
      const missing = PRODUCT_COLUMNS.filter((c) => c.requiredForNew && r.fields[c.field] == null);
      if (missing.length > 0) {
        for (const c of missing)
          fail(r.row, c.name, `${r.code} is a new product, so it needs ${c.name.replace('_', ' ')}.`);
        continue;
      }
      counts.created++;
      upserts.push({ boxQty: 0, boxNoDiscount: 0, active: 1, createdAt: new Date(), ...r.fields });
      Object.assign(after, r.fields);
    } else {
      for (const [field, value] of Object.entries(r.fields)) {
        const was = (old as Record<string, unknown>)[field];
        if (!same(was, value)) {
          before[field] = was ?? null;
          after[field] = value;
        }
      }
      if (Object.keys(after).length > 0) upserts.push({ ...old, ...r.fields });
    }
    for (const [location, onhand] of Object.entries(r.stock)) {
      const was = stockNow.get(`${r.code}\u0000${location}`);
      if (was === onhand) continue;
      stockRows.push({ code: r.code, location, onhand });
      if (old) before[`stock_${location}`] = was ?? null;
      after[`stock_${location}`] = onhand;
    }
    if (old) {
      if (Object.keys(after).length === 0) counts.unchanged++;
      else counts.updated++;
    }
    if (Object.keys(after).length > 0)
      audit.push({
        action: old ? 'product.update' : 'product.create',
        entity: 'product',
        entityId: r.code,
        before: old ? before : null,
        after,
      });
  }
  if (!write) return;
  if (upserts.length > 0) await upsertProducts(tx, upserts);
  if (stockRows.length > 0) await upsertStock(tx, stockRows);
  if (audit.length > 0) await recordAuditMany(tx, opts.actor, audit);
}

/** Whole product rows, one statement: new codes are inserted, known codes overwritten. */
async function upsertProducts(tx: Queryable, rows: Record<string, unknown>[]) {
  const json = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, col] of Object.entries(columns)) if (key in row) out[col.name] = row[key];
    return out;
  });
  const names = productColumnNames.map((n) => `"${n}"`).join(', ');
  const updates = productColumnNames
    .filter((n) => n !== 'code')
    .map((n) => `"${n}" = excluded."${n}"`)
    .join(', ');
  const statement: SQL = sql`insert into ${products} (${sql.raw(names)})
    select ${sql.raw(names)} from json_populate_recordset(null::${products}, ${JSON.stringify(json)}::json)
    on conflict (code) do update set ${sql.raw(updates)}`;
  await tx.execute(statement);
}

async function upsertStock(tx: Queryable, rows: { code: string; location: string; onhand: string }[]) {
  await tx.execute(sql`insert into ${productStock} (code, location, onhand)
    select code, location, onhand from json_populate_recordset(null::${productStock}, ${JSON.stringify(rows)}::json)
    on conflict (code, location) do update set onhand = excluded.onhand`);
}
