/**
 * npm run erp -- <command> [options]
 *
 * The ERP connection from the command line, on the database the server would use (DATABASE_URL, else PGlite
 * under DATA_DIR). The same rules as the /api/erp routes: every row is checked, a file with a bad row imports
 * nothing and names the row, and the same file twice changes nothing. Changes are audited as 'erp-cli'.
 * Formats: docs/decisions/015-catalogue-csv-and-erp.md.
 */
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '@mitrebox/api/config';
import type { AuditActor } from '@mitrebox/api/modules/audit/audit.service';
import { createCatalogueAdminService } from '@mitrebox/api/modules/catalogue/catalogue-admin.service';
import { createErpService } from '@mitrebox/api/modules/erp/erp.service';
import { openDatabase } from '@mitrebox/api/platform/db';
import type { ImportReport } from '@mitrebox/api-contract';

const usage = `usage: npm run erp -- <command> [--dry-run]
  export-orders [--out orders.json] [--limit 1000] [--no-mark]   new orders as JSON, then marked synced
  import-invoices <invoices.json>    {"invoices": [{invnum, acctnum, location, inv_date, …, items: [{seqnum, code, qty, shipped, …}]}]}
  import-payments <payments.json>    {"payments": [{invnum, seqnum, tran_date, amount}]}
  import-credits <credits.json>      {"credits": [{invnum, acctnum, tran_date, invamt, payamt}]}
  import-stock <stock.csv>           code,stock_<location>…
  import-prices <prices.csv>         code,<price columns>…
  import-products <products.csv>     the whole product file (as the back office exports it)`;

const actor: AuditActor = { kind: 'erp', name: 'erp-cli' };

function print(report: ImportReport): number {
  console.log(report.message);
  for (const e of report.row_errors)
    console.log(`  row ${e.row}${e.column ? `, ${e.column}` : ''}: ${e.message}`);
  if (report.error_count > report.row_errors.length)
    console.log(`  … and ${report.error_count - report.row_errors.length} more`);
  return report.error_count > 0 ? 1 : 0;
}

async function rowsOf(file: string, key: string): Promise<unknown[]> {
  const doc = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  const rows = Array.isArray(doc) ? doc : doc[key];
  if (!Array.isArray(rows)) throw new Error(`${file}: expected {"${key}": [...]}`);
  return rows;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      'dry-run': { type: 'boolean', default: false },
      out: { type: 'string' },
      limit: { type: 'string', default: '1000' },
      'no-mark': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
  });
  const [command, file] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const needsFile = command.startsWith('import-');
  if (needsFile && !file) {
    console.error(`${command} needs a file.\n${usage}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    const erp = createErpService({ db: database.db });
    const catalogue = createCatalogueAdminService({ db: database.db, onChange: () => {} });
    const dryRun = values['dry-run'];
    switch (command) {
      case 'export-orders': {
        const limit = Number(values.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 100_000)
          throw new Error('--limit must be 1 to 100000');
        const list = await erp.newOrders(limit);
        const text = `${JSON.stringify({ orders: list }, null, 2)}\n`;
        if (values.out) await writeFile(values.out, text);
        else process.stdout.write(text);
        // marked only once the file is written
        if (!values['no-mark'] && !dryRun && list.length > 0) {
          const r = await erp.markSynced(
            list.map((o) => o.ordnum),
            actor,
          );
          console.error(`${list.length} new orders exported; ${r.marked} marked synced.`);
        } else console.error(`${list.length} new orders exported; none marked.`);
        return 0;
      }
      case 'import-invoices':
        return print(await erp.importInvoices(await rowsOf(file, 'invoices'), { dryRun, actor }));
      case 'import-payments':
        return print(await erp.importPayments(await rowsOf(file, 'payments'), { dryRun, actor }));
      case 'import-credits':
        return print(await erp.importCredits(await rowsOf(file, 'credits'), { dryRun, actor }));
      case 'import-stock':
      case 'import-prices':
      case 'import-products': {
        const mode = command.slice('import-'.length) as 'stock' | 'prices' | 'products';
        return print(
          await catalogue.importCsv(() => createReadStream(file), { mode, dryRun, actor, fileName: file }),
        );
      }
      default:
        console.error(`Unknown command ${command}.\n${usage}`);
        return 2;
    }
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
