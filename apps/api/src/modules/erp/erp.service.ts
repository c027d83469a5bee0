import type { ErpInvoice } from '@mitrebox/api-contract';
import type { Db } from '../../platform/db.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { markSyncedForErp, ordersForErp } from '../orders/erp-orders.ts';
import { type ImportOptions, importCredits, importInvoices, importPayments } from './document-imports.ts';
import { createErpKeysService } from './erp-keys.service.ts';

export type { ErpPrincipal } from './erp-keys.service.ts';

export type ErpService = ReturnType<typeof createErpService>;

/**
 * The ERP connection (docs/decisions/015): its API keys (`erp-keys.service.ts`), new orders out (the orders
 * module's `erp-orders.ts`), invoices, payments and credits in (`document-imports.ts`, stored by the invoices
 * module); stock and prices go through the catalogue's CSV import. Every import checks all rows first and
 * applies all or none in one transaction; a row that matches what is stored is not written.
 */
export function createErpService(deps: {
  db: Db;
  /** Hears of each real invoice import's invoices after its transaction (the buyers' e-mails). */
  invoicesImported?: (invoices: ErpInvoice[]) => void;
}) {
  const { db } = deps;
  return {
    ...createErpKeysService(deps),

    /** Orders not yet taken by the ERP (synced = 0), oldest first, with their items. */
    newOrders: (limit: number) => ordersForErp(db, limit),
    /** Marks orders as taken by the ERP; orders already marked are counted, not changed. */
    markSynced: (ordnums: number[], actor: AuditActor) => markSyncedForErp(db, ordnums, actor),

    importInvoices: (rows: unknown[], opts: ImportOptions) =>
      importInvoices(db, rows, { ...opts, committed: deps.invoicesImported }),
    importPayments: (rows: unknown[], opts: ImportOptions) => importPayments(db, rows, opts),
    importCredits: (rows: unknown[], opts: ImportOptions) => importCredits(db, rows, opts),
  };
}
