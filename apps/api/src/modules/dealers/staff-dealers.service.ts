import type {
  StaffDealer,
  StaffDealerInput,
  StaffDealerList,
  StaffDealerQuery,
} from '@mitrebox/api-contract';
import { DEALER_CSV_COLUMNS } from '@mitrebox/api-contract';
import { dealerMessages, isValidZip } from '@mitrebox/domain';
import { asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { likePattern, offsetOf } from '../../platform/paging.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { isFormulaCell, writeDealerCsv } from './dealer-csv.ts';
import { dealerImportMessages, importDealerCsv } from './dealer-import.ts';
import { locate, toDealer } from './dealer-rows.ts';
import { dealers } from './dealers.tables.ts';

export type StaffDealersService = ReturnType<typeof createStaffDealersService>;

/** Dealers (Where To Buy) in the back office: list, edit, CSV import geocoded by ZIP (dealer-import.ts), CSV export. */
export function createStaffDealersService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async list(query: z.output<typeof StaffDealerQuery>): Promise<StaffDealerList> {
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

    importCsv: (csv: string, opts: { dryRun: boolean }, actor: AuditActor) =>
      importDealerCsv(db, csv, opts, actor),

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
