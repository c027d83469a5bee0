import { type CsvRowError, DEALER_CSV_COLUMNS, type DealerImportReport } from '@mitrebox/api-contract';
import { dealerMessages, isValidZip } from '@mitrebox/domain';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { isFormulaCell, readDealerCsv } from './dealer-csv.ts';
import { type DealerRow, locate, sameDealer, toDealer } from './dealer-rows.ts';
import { dealers } from './dealers.tables.ts';

/** The most rows one dealers file may hold (the whole list is a few thousand shops). */
export const DEALER_IMPORT_MAX_ROWS = 20_000;
/** The most row errors one report lists. */
const MAX_REPORTED = 500;

export const dealerImportMessages = {
  missingColumn: (c: string) => `The column ${c} is missing.`,
  duplicateColumn: (c: string) => `The column ${c} appears twice.`,
  noRows: 'The file has no dealers.',
  tooManyRows: `The file has more than ${DEALER_IMPORT_MAX_ROWS} dealers.`,
  unclosedQuote: 'A quoted value is never closed.',
  width: (n: number, m: number) => `This row has ${n} values; the header has ${m}.`,
  required: (c: string) => `The ${c} is required.`,
  tooLong: (c: string, max: number) => `The ${c} is longer than ${max} characters.`,
  formula: 'A value may not start with =, +, -, @ or a tab (a spreadsheet formula).',
  acctnum: 'The account number may hold only letters, digits, dot, dash and underscore.',
  state: 'The state is two letters.',
  duplicate: (acctnum: string, first: number) => `Account number ${acctnum} is already on row ${first}.`,
  failed: (n: number) =>
    `The file has ${n} ${n === 1 ? 'error' : 'errors'}; nothing was imported. Please correct ${n === 1 ? 'it' : 'them'} and try again.`,
  checked: (a: number, c: number, u: number) =>
    `No errors: ${a} to add, ${c} to change, ${u} unchanged. Nothing was imported yet.`,
  imported: (a: number, c: number, u: number) => `Imported: ${a} added, ${c} changed, ${u} unchanged.`,
} as const;

const LIMITS: Record<(typeof DEALER_CSV_COLUMNS)[number], number> = {
  acctnum: 20,
  company: 200,
  address1: 200,
  city: 100,
  state: 2,
  zip: 10,
};
const LABELS: Record<(typeof DEALER_CSV_COLUMNS)[number], string> = {
  acctnum: 'account number',
  company: 'company',
  address1: 'address',
  city: 'city',
  state: 'state',
  zip: 'ZIP code',
};

/** Notes an error of the file: its 1-based row (the header is row 1), its column if one, its message. */
type Fail = (row: number, column: string | null, message: string) => void;
type DealerValues = Omit<DealerRow, 'latitude' | 'longitude'>;
type WantedRow = { row: number; values: DealerValues };
type Change = { before?: DealerRow; after: DealerRow };

/**
 * A dealers CSV (header row with the columns of DEALER_CSV_COLUMNS, any order, extra columns ignored):
 * every row is checked and geocoded by its ZIP first; a file with any bad row imports nothing and the
 * report names each bad row and column. Rows are added or changed by account number; a dealer not in the
 * file is left alone. Importing the same file twice changes nothing the second time.
 */
export async function importDealerCsv(
  db: Db,
  csv: string,
  opts: { dryRun: boolean },
  actor: AuditActor,
): Promise<DealerImportReport> {
  const errors: CsvRowError[] = [];
  const fail: Fail = (row, column, message) => {
    if (errors.length < MAX_REPORTED) errors.push({ row, column, message });
  };
  const parsed = readDealerCsv(csv);
  const report = (applied: boolean, message: string, counts = { inserted: 0, updated: 0, unchanged: 0 }) => ({
    message,
    applied,
    rows: Math.max(0, parsed.rows.length - 1),
    ...counts,
    errors,
  });
  if (parsed.unterminatedAt) fail(parsed.unterminatedAt, null, dealerImportMessages.unclosedQuote);
  const [header = [], ...body] = parsed.rows;
  const index = readHeader(header, fail);
  if (!errors.length && body.length === 0) fail(1, null, dealerImportMessages.noRows);
  if (body.length > DEALER_IMPORT_MAX_ROWS) fail(1, null, dealerImportMessages.tooManyRows);
  if (errors.length) return report(false, dealerImportMessages.failed(errors.length));

  const wanted = readRows(body, header.length, index, fail);
  const { changes, unchanged } = await planChanges(db, wanted, fail);
  if (errors.length) {
    errors.sort((a, b) => a.row - b.row);
    return report(false, dealerImportMessages.failed(errors.length));
  }

  const counts = {
    inserted: changes.filter((c) => !c.before).length,
    updated: changes.filter((c) => c.before).length,
    unchanged,
  };
  if (opts.dryRun) {
    return report(false, dealerImportMessages.checked(counts.inserted, counts.updated, unchanged), counts);
  }
  if (changes.length) await applyChanges(db, changes, actor);
  return report(true, dealerImportMessages.imported(counts.inserted, counts.updated, unchanged), counts);
}

/** Where each column is, by its name in the header row; a column twice or missing is an error of row 1. */
function readHeader(header: string[], fail: Fail): Map<string, number> {
  const index = new Map<string, number>();
  header
    .map((h) => h.trim().toLowerCase())
    .forEach((n, i) => {
      if (index.has(n)) fail(1, n, dealerImportMessages.duplicateColumn(n));
      else index.set(n, i);
    });
  for (const c of DEALER_CSV_COLUMNS) if (!index.has(c)) fail(1, c, dealerImportMessages.missingColumn(c));
  return index;
}

/** The rows to import, each checked and each account number once; a bad row is an error and left out. */
function readRows(body: string[][], width: number, index: Map<string, number>, fail: Fail): WantedRow[] {
  const wanted: WantedRow[] = [];
  const firstRow = new Map<string, number>();
  for (const [i, cells] of body.entries()) {
    const row = i + 2;
    if (cells.length !== width) {
      fail(row, null, dealerImportMessages.width(cells.length, width));
      continue;
    }
    const values = readRow(cells, row, index, fail);
    if (!values) continue;
    const first = firstRow.get(values.acctnum);
    if (first) {
      fail(row, 'acctnum', dealerImportMessages.duplicate(values.acctnum, first));
      continue;
    }
    firstRow.set(values.acctnum, row);
    wanted.push({ row, values });
  }
  return wanted;
}

/** One row's dealer, cell by cell: every bad cell is an error of its column, and the row is null. */
function readRow(cells: string[], row: number, index: Map<string, number>, fail: Fail): DealerValues | null {
  const values = {} as DealerValues;
  let ok = true;
  for (const c of DEALER_CSV_COLUMNS) {
    const raw = cells[index.get(c)!] ?? '';
    const v = c === 'state' ? raw.trim().toUpperCase() : raw.trim();
    const bad = (message: string) => {
      fail(row, c, message);
      ok = false;
    };
    if (!v) bad(dealerImportMessages.required(LABELS[c]));
    else if (isFormulaCell(raw)) bad(dealerImportMessages.formula);
    else if (c === 'zip' && !isValidZip(v)) bad(dealerMessages.zipInvalid);
    else if (c === 'state' && !/^[A-Z]{2}$/.test(v)) bad(dealerImportMessages.state);
    else if (v.length > LIMITS[c]) bad(dealerImportMessages.tooLong(LABELS[c], LIMITS[c]));
    else if (c === 'acctnum' && !/^[A-Za-z0-9._-]+$/.test(v)) bad(dealerImportMessages.acctnum);
    values[c] = v;
  }
  return ok ? values : null;
}

/** Each row placed at its ZIP (an unknown ZIP is an error) and compared with the dealer stored: what changes. */
async function planChanges(db: Db, wanted: WantedRow[], fail: Fail) {
  const old = await storedDealers(
    db,
    wanted.map((w) => w.values.acctnum),
  );
  const changes: Change[] = [];
  let unchanged = 0;
  for (const { row, values } of wanted) {
    const before = old.get(values.acctnum);
    const at = await locate(values.zip, before);
    if (!at) {
      fail(row, 'zip', dealerMessages.zipUnknown(values.zip));
      continue;
    }
    const after = { ...values, ...at };
    if (before && sameDealer(before, after)) unchanged++;
    else changes.push({ before, after });
  }
  return { changes, unchanged };
}

/** The stored dealers of these account numbers, by account number. */
async function storedDealers(db: Db, acctnums: string[]): Promise<Map<string, DealerRow>> {
  const found = new Map<string, DealerRow>();
  for (let i = 0; i < acctnums.length; i += 1000) {
    const rows = await db
      .select()
      .from(dealers)
      .where(inArray(dealers.acctnum, acctnums.slice(i, i + 1000)));
    for (const r of rows) found.set(r.acctnum, r);
  }
  return found;
}

const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);

/** Writes the changes in one transaction (500 dealers a statement), audited as one import. */
async function applyChanges(db: Db, changes: Change[], actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    for (let i = 0; i < changes.length; i += 500) {
      const chunk = changes.slice(i, i + 500).map((c) => c.after);
      await tx
        .insert(dealers)
        .values(chunk)
        .onConflictDoUpdate({
          target: dealers.acctnum,
          set: {
            company: sqlExcluded('company'),
            address1: sqlExcluded('address1'),
            city: sqlExcluded('city'),
            state: sqlExcluded('state'),
            zip: sqlExcluded('zip'),
            latitude: sqlExcluded('latitude'),
            longitude: sqlExcluded('longitude'),
          },
        });
    }
    await recordAudit(tx, actor, {
      action: 'dealer.import',
      entity: 'dealer',
      entityId: null,
      before: changes.filter((c) => c.before).map((c) => toDealer(c.before!)),
      after: changes.map((c) => toDealer(c.after)),
    });
  });
}
