import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { products } from './catalogue.tables.ts';
import { escapeFormula, PRODUCT_COLUMNS, STOCK_PREFIX } from './product-csv.ts';
import { locationList, onhandByCode } from './staff-products.ts';

/**
 * Every product as CSV in the import's format, streamed a page at a time (keyset by code). Text cells a
 * spreadsheet would run as a formula are escaped with a leading apostrophe.
 */
export async function exportProductCsv(db: Db): Promise<Readable> {
  const locs = await locationList(db);
  const header = [...PRODUCT_COLUMNS.map((c) => c.name), ...locs.map((l) => `${STOCK_PREFIX}${l.code}`)];
  const out = stringify({ header: true, columns: header });
  const pump = async () => {
    let after = '';
    for (;;) {
      const page = await db
        .select()
        .from(products)
        .where(after ? gt(products.code, after) : undefined)
        .orderBy(asc(products.code))
        .limit(2000);
      if (page.length === 0) break;
      const stock = await onhandByCode(
        db,
        page.map((p) => p.code),
      );
      for (const p of page) {
        const record: (string | number | null)[] = PRODUCT_COLUMNS.map((c) => {
          const v = (p as Record<string, unknown>)[c.field] as string | number | null;
          return typeof v === 'string' && (c.kind === 'text' || c.kind === 'name') ? escapeFormula(v) : v;
        });
        const s = stock.get(p.code) ?? {};
        for (const l of locs) record.push(s[l.code] ?? '');
        if (!out.write(record)) await new Promise((r) => out.once('drain', r));
      }
      after = page[page.length - 1].code;
    }
    out.end();
  };
  pump().catch((err) => out.destroy(err as Error));
  return out;
}
