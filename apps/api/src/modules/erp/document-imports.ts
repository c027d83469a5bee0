import { ErpCredit, ErpInvoice, ErpPayment, type ImportReport } from '@mitrebox/api-contract';
import type { Db } from '../../platform/db.ts';
import { knownAccounts } from '../accounts/known-accounts.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { listLocations } from '../catalogue/catalogue-content.ts';
import { storeErpCredits } from '../invoices/erp-credits.ts';
import { storeErpInvoices } from '../invoices/erp-invoices.ts';
import { storeErpPayments } from '../invoices/erp-payments.ts';
import { existingInvoiceNumbers } from '../invoices/erp-rows.ts';
import { applyAllOrNone, checkRows, duplicates, fail, finish, newReport } from './import-report.ts';

/**
 * The ERP's JSON files — invoices, payments, credits: each row is checked (its schema, unique keys, the
 * accounts, locations and invoices it names), then the invoices module stores all rows in one transaction or
 * none (a dry run rolls back). The ERP module reads and writes no other module's tables itself.
 */
export interface ImportOptions {
  dryRun: boolean;
  actor: AuditActor;
}

/** An invoice import's options; `committed` hears of the file's invoices once they are stored (not on a dry run). */
export interface InvoiceImportOptions extends ImportOptions {
  committed?: (invoices: ErpInvoice[]) => void;
}

export async function importInvoices(
  db: Db,
  rows: unknown[],
  opts: InvoiceImportOptions,
): Promise<ImportReport> {
  const report = newReport();
  const list = checkRows(ErpInvoice, rows, report);
  if (report.errorCount === 0) {
    duplicates(list, (r) => String(r.invnum), 'invnum', report);
    list.forEach((inv, i) => {
      const seqs = new Set<number>();
      inv.items.forEach((it, j) => {
        if (seqs.has(it.seqnum)) fail(report, i + 1, `items.${j}.seqnum`, `Item ${it.seqnum} appears twice.`);
        seqs.add(it.seqnum);
      });
    });
    const accts = await knownAccounts(
      db,
      list.map((r) => r.acctnum),
    );
    const locs = new Set((await listLocations(db)).map((l) => l.code));
    list.forEach((inv, i) => {
      if (!accts.has(inv.acctnum)) fail(report, i + 1, 'acctnum', `There is no account ${inv.acctnum}.`);
      if (!locs.has(inv.location)) fail(report, i + 1, 'location', `There is no location ${inv.location}.`);
    });
  }
  await applyAllOrNone(db, report, opts.dryRun, (tx) => storeErpInvoices(tx, list, opts.actor));
  // the transaction has committed (its mails go out now, never for rows that were rolled back)
  if (!opts.dryRun && report.errorCount === 0) opts.committed?.(list);
  return finish(report, opts.dryRun, 'row');
}

export async function importPayments(db: Db, rows: unknown[], opts: ImportOptions): Promise<ImportReport> {
  const report = newReport();
  const list = checkRows(ErpPayment, rows, report);
  if (report.errorCount === 0) {
    duplicates(list, (r) => `${r.invnum}/${r.seqnum}`, 'invnum/seqnum', report);
    const known = await existingInvoiceNumbers(db, [...new Set(list.map((p) => p.invnum))]);
    list.forEach((p, i) => {
      if (!known.has(p.invnum)) fail(report, i + 1, 'invnum', `There is no invoice ${p.invnum}.`);
    });
  }
  await applyAllOrNone(db, report, opts.dryRun, (tx) => storeErpPayments(tx, list, opts.actor));
  return finish(report, opts.dryRun, 'row');
}

export async function importCredits(db: Db, rows: unknown[], opts: ImportOptions): Promise<ImportReport> {
  const report = newReport();
  const list = checkRows(ErpCredit, rows, report);
  if (report.errorCount === 0) {
    duplicates(list, (r) => String(r.invnum), 'invnum', report);
    const accts = await knownAccounts(
      db,
      list.map((r) => r.acctnum),
    );
    list.forEach((c, i) => {
      if (!accts.has(c.acctnum)) fail(report, i + 1, 'acctnum', `There is no account ${c.acctnum}.`);
      if (Number(c.payamt) > Number(c.invamt))
        fail(report, i + 1, 'payamt', 'The amount used cannot be more than the credit.');
    });
  }
  await applyAllOrNone(db, report, opts.dryRun, (tx) => storeErpCredits(tx, list, opts.actor));
  return finish(report, opts.dryRun, 'row');
}
