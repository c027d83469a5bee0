import type { ImportReport } from '@mitrebox/api-contract';
import { type HistoryDocuments, type SeedOptions, seedDemoData } from './demo-data/index.ts';
import type { AuditActor } from './modules/audit/audit.service.ts';
import { createErpService } from './modules/erp/erp.service.ts';
import type { Db, Tx } from './platform/db.ts';

/** Who the demo history's ERP imports are audited as. */
export const DEMO_ERP_ACTOR: AuditActor = { kind: 'erp', name: 'demo-data' };

function mustApply(what: string, report: ImportReport) {
  if (report.error_count === 0) return;
  const rows = report.row_errors
    .slice(0, 5)
    .map((e) => `row ${e.row}${e.column ? ` ${e.column}` : ''}: ${e.message}`)
    .join('; ');
  throw new Error(`The demo ${what} did not import: ${report.message} ${rows}`);
}

/**
 * Applies the ERP documents of the demo history through the ERP import — the same service functions the ERP's
 * API and `npm run erp` call — inside the given transaction: the orders the ERP has taken are marked, then
 * invoices, payment lines and credits are imported. A document the import refuses stops the seed. Applying
 * the same documents again changes nothing (the import is idempotent).
 */
export async function importDemoHistory(tx: Tx | Db, docs: HistoryDocuments): Promise<ImportReport[]> {
  const erp = createErpService({ db: tx as Db });
  const opts = { dryRun: false, actor: DEMO_ERP_ACTOR };
  if (docs.synced.length > 0) await erp.markSynced(docs.synced, DEMO_ERP_ACTOR);
  const reports: ImportReport[] = [];
  for (const [what, run] of [
    ['invoices', () => erp.importInvoices(docs.invoices, opts)],
    ['payments', () => erp.importPayments(docs.payments, opts)],
    ['credits', () => erp.importCredits(docs.credits, opts)],
  ] as const) {
    const report = await run();
    mustApply(what, report);
    reports.push(report);
  }
  return reports;
}

/**
 * The demo data of the first start, `npm run seed` and the tests: the generator's catalogue, accounts and
 * content, with the history made through the ERP import (docs/decisions/020-demo-history-through-erp.md).
 */
export function seedDemo(db: Db, opts: Omit<SeedOptions, 'importHistory'>): Promise<void> {
  return seedDemoData(db, {
    ...opts,
    importHistory: async (tx, docs) => {
      await importDemoHistory(tx, docs);
    },
  });
}
