import {
  type CsvRowError,
  DEALER_CSV_COLUMNS,
  type DealerImportReport,
  type StaffDealer,
  type StaffDealerInput,
  type StaffDealerList,
} from '@mitrebox/api-contract';
import { dealerMessages, isValidZip } from '@mitrebox/domain';
import { asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { likePattern, offsetOf } from '../../platform/paging.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { isFormulaCell, readDealerCsv, writeDealerCsv } from './dealer-csv.ts';
import { dealers } from './dealers.tables.ts';
import { zipCentroid } from './zip-centroids.ts';

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

type DealerRow = typeof dealers.$inferSelect;
const toDealer = (r: DealerRow): StaffDealer => ({ ...r });
const sameDealer = (a: DealerRow, b: DealerRow) =>
  DEALER_CSV_COLUMNS.every((c) => a[c] === b[c]) && a.latitude === b.latitude && a.longitude === b.longitude;

/** Coordinates of a dealer: kept when its ZIP did not change (staff may have placed it exactly), else the ZIP's centre. */
async function locate(zip: string, old?: DealerRow) {
  if (old && old.zip === zip) return { latitude: old.latitude, longitude: old.longitude };
  return zipCentroid(zip);
}

export type StaffDealersService = ReturnType<typeof createStaffDealersService>;

/** Dealers (Where To Buy) in the back office: list, edit, CSV import geocoded by ZIP, CSV export. */
export function createStaffDealersService(deps: { db: Db }) {
  const { db } = deps;

  async function existing(acctnums: string[]): Promise<Map<string, DealerRow>> {
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

  return {
    async list(query: {
      page: number;
      pageSize: number;
      q?: string;
      sort: 'acctnum' | 'company' | 'city' | 'state' | 'zip';
      dir: 'asc' | 'desc';
    }): Promise<StaffDealerList> {
      const p = likePattern(query.q ?? '');
      const where = query.q
        ? or(
            ilike(dealers.acctnum, p),
            ilike(dealers.company, p),
            ilike(dealers.city, p),
            ilike(dealers.state, p),
            ilike(dealers.zip, p),
          )
        : undefined;
      const order = query.dir === 'desc' ? desc : asc;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(dealers)
          .where(where)
          .orderBy(order(dealers[query.sort]), asc(dealers.acctnum))
          .limit(query.pageSize)
          .offset(offsetOf(query.page, query.pageSize)),
        db.select({ total: count() }).from(dealers).where(where),
      ]);
      return { rows: rows.map(toDealer), total, page: query.page, pageSize: query.pageSize };
    },

    /** Adds or changes one dealer; a new or changed ZIP is geocoded to its centre. */
    async save(acctnum: string, input: StaffDealerInput, actor: AuditActor): Promise<StaffDealer> {
      if (!/^[A-Za-z0-9._-]+$/.test(acctnum)) {
        throw badRequest(dealerImportMessages.acctnum, { acctnum: dealerImportMessages.acctnum });
      }
      for (const c of ['company', 'address1', 'city'] as const) {
        if (isFormulaCell(input[c]))
          throw badRequest(dealerImportMessages.formula, { [c]: dealerImportMessages.formula });
      }
      if (!isValidZip(input.zip))
        throw badRequest(dealerMessages.zipInvalid, { zip: dealerMessages.zipInvalid });
      return db.transaction(async (tx) => {
        const [old] = await tx.select().from(dealers).where(eq(dealers.acctnum, acctnum)).for('update');
        const at = await locate(input.zip, old);
        if (!at) {
          const message = dealerMessages.zipUnknown(input.zip);
          throw badRequest(message, { zip: message });
        }
        const values = { acctnum, ...input, ...at };
        const [row] = await tx
          .insert(dealers)
          .values(values)
          .onConflictDoUpdate({ target: dealers.acctnum, set: { ...input, ...at } })
          .returning();
        await recordAudit(tx, actor, {
          action: old ? 'dealer.update' : 'dealer.create',
          entity: 'dealer',
          entityId: acctnum,
          before: old ? toDealer(old) : null,
          after: toDealer(row),
        });
        return toDealer(row);
      });
    },

    async remove(acctnum: string, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const [old] = await tx.delete(dealers).where(eq(dealers.acctnum, acctnum)).returning();
        if (!old) throw notFound('No dealer with this account number.');
        await recordAudit(tx, actor, {
          action: 'dealer.delete',
          entity: 'dealer',
          entityId: acctnum,
          before: toDealer(old),
        });
      });
    },

    /**
     * A dealers CSV (header row with the columns of DEALER_CSV_COLUMNS, any order, extra columns ignored):
     * every row is checked and geocoded by its ZIP first; a file with any bad row imports nothing and the
     * report names each bad row and column. Rows are added or changed by account number; a dealer not in the
     * file is left alone. Importing the same file twice changes nothing the second time.
     */
    async importCsv(csv: string, opts: { dryRun: boolean }, actor: AuditActor): Promise<DealerImportReport> {
      const errors: CsvRowError[] = [];
      const fail = (row: number, column: string | null, message: string) => {
        if (errors.length < MAX_REPORTED) errors.push({ row, column, message });
      };
      const report = (
        applied: boolean,
        message: string,
        counts = { inserted: 0, updated: 0, unchanged: 0 },
      ) => ({
        message,
        applied,
        rows: Math.max(0, parsed.rows.length - 1),
        ...counts,
        errors,
      });
      const parsed = readDealerCsv(csv);
      if (parsed.unterminatedAt) fail(parsed.unterminatedAt, null, dealerImportMessages.unclosedQuote);
      const [header = [], ...body] = parsed.rows;
      const names = header.map((h) => h.trim().toLowerCase());
      const index = new Map<string, number>();
      names.forEach((n, i) => {
        if (index.has(n)) fail(1, n, dealerImportMessages.duplicateColumn(n));
        else index.set(n, i);
      });
      for (const c of DEALER_CSV_COLUMNS)
        if (!index.has(c)) fail(1, c, dealerImportMessages.missingColumn(c));
      if (!errors.length && body.length === 0) fail(1, null, dealerImportMessages.noRows);
      if (body.length > DEALER_IMPORT_MAX_ROWS) fail(1, null, dealerImportMessages.tooManyRows);
      if (errors.length) return report(false, dealerImportMessages.failed(errors.length));

      const wanted: { row: number; values: Omit<DealerRow, 'latitude' | 'longitude'> }[] = [];
      const firstRow = new Map<string, number>();
      for (const [i, cells] of body.entries()) {
        const row = i + 2;
        if (cells.length !== header.length) {
          fail(row, null, dealerImportMessages.width(cells.length, header.length));
          continue;
        }
        const values = {} as Omit<DealerRow, 'latitude' | 'longitude'>;
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
        if (!ok) continue;
        const first = firstRow.get(values.acctnum);
        if (first) {
          fail(row, 'acctnum', dealerImportMessages.duplicate(values.acctnum, first));
          continue;
        }
        firstRow.set(values.acctnum, row);
        wanted.push({ row, values });
      }

      const old = await existing(wanted.map((w) => w.values.acctnum));
      const changes: { before?: DealerRow; after: DealerRow }[] = [];
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
        return report(
          false,
          dealerImportMessages.checked(counts.inserted, counts.updated, unchanged),
          counts,
        );
      }
      if (changes.length) {
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
      return report(true, dealerImportMessages.imported(counts.inserted, counts.updated, unchanged), counts);
    },

    /** Every dealer as CSV (the import's columns); formula cells are written as text. */
    async exportCsv(): Promise<string> {
      const rows = await db.select().from(dealers).orderBy(asc(dealers.acctnum));
      return writeDealerCsv([
        [...DEALER_CSV_COLUMNS],
        ...rows.map((r) => DEALER_CSV_COLUMNS.map((c) => r[c])),
      ]);
    },
  };
}

const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);
