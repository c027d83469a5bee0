import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importProductCsv } from '@mitrebox/api/modules/catalogue/product-import';
import { type Db, queryRows } from '@mitrebox/api/platform/db';
import { sql } from 'drizzle-orm';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const PREFIX = 'IMPBENCH-';

export interface ImportFigures {
  rows: number;
  copy: { seconds: number; rowsPerSecond: number };
  import: { seconds: number; rowsPerSecond: number; peakRssMb: number; peakHeapMb: number; created: number };
  repeat: { seconds: number; rowsPerSecond: number; peakRssMb: number; unchanged: number };
  priceChange: { seconds: number; rowsPerSecond: number; peakRssMb: number; updated: number };
}

async function writeLines(file: string, lines: Iterable<string>) {
  const out = createWriteStream(file);
  for (const line of lines)
    if (!out.write(line)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
}

function* productLines(withStock: boolean, priceBump = 0) {
  yield `code,description,display_name,frame_type,type,width,length,chop,join_amt${withStock ? ',stock_C' : ''}\n`;
  for (let i = 1; i <= ROWS; i++) {
    const n = String(i).padStart(6, '0');
    const base = 1 + (i % 500) / 100 + priceBump;
    yield `${PREFIX}${n},Bench moulding ${n} walnut,Bench ${n},MOULDING,4,1.2500,${base.toFixed(2)},${(base * 1.4).toFixed(2)},${(base * 1.9).toFixed(2)}${withStock ? `,${i % 97}` : ''}\n`;
  }
}

/** Peak resident and heap memory while `work` runs (sampled every 20 ms). */
async function withPeakMemory<T>(work: () => Promise<T>) {
  global.gc?.();
  let rss = process.memoryUsage().rss;
  let heap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    return {
      result,
      seconds: (performance.now() - started) / 1000,
      rssMb: rss / 2 ** 20,
      heapMb: heap / 2 ** 20,
    };
  } finally {
    clearInterval(timer);
  }
}

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

async function cleanUp(db: Db) {
  await db.execute(sql`delete from product_stock where code like ${`${PREFIX}%`}`);
  await db.execute(sql`delete from products where code like ${`${PREFIX}%`}`);
  await db.execute(sql`delete from audit_log where actor_name = 'bench-import'`);
}

/**
 * CSV import of ROWS new products (with prices and the stock of one location) through the import the back office
 * and the ERP use: rows/s and peak memory, beside a bare COPY of the same rows' product columns into the
 * products table in the same run (the database's own floor). Then the same file again (nothing changes) and a
 * file that changes every price. The bench products are removed afterwards.
 */
export async function benchImport(db: Db): Promise<ImportFigures> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mitrebox-import-'));
  await chmod(dir, 0o755); // the database server reads the COPY file
  const full = path.join(dir, 'products.csv');
  const bare = path.join(dir, 'products-bare.csv');
  const changed = path.join(dir, 'products-changed.csv');
  await writeLines(full, productLines(true));
  await writeLines(bare, productLines(false));
  await writeLines(changed, productLines(true, 0.5));
  const actor = { kind: 'staff' as const, name: 'bench-import' };
  try {
    await cleanUp(db);
    // the floor: COPY of the same rows (product columns only; no checks, no comparison, no audit)
    const copyStart = performance.now();
    await db.execute(
      sql.raw(
        `copy products (code, description, display_name, frame_type, type, width, length, chop, join_amt) from '${bare}' with (format csv, header true)`,
      ),
    );
    const copySeconds = (performance.now() - copyStart) / 1000;
    await cleanUp(db);
    await db.execute(sql`vacuum analyze products`);

    const first = await withPeakMemory(() =>
      importProductCsv(db, () => createReadStream(full), { mode: 'products', dryRun: false, actor }),
    );
    if (first.result.created !== ROWS) throw new Error(`import: ${first.result.message}`);
    const again = await withPeakMemory(() =>
      importProductCsv(db, () => createReadStream(full), { mode: 'products', dryRun: false, actor }),
    );
    if (again.result.unchanged !== ROWS) throw new Error(`repeat: ${again.result.message}`);
    const prices = await withPeakMemory(() =>
      importProductCsv(db, () => createReadStream(changed), { mode: 'products', dryRun: false, actor }),
    );
    if (prices.result.updated !== ROWS) throw new Error(`price change: ${prices.result.message}`);
    const [{ n }] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from audit_log where actor_name = 'bench-import'`,
    );
    console.log(`import bench: ${n} audit entries written`);

    return {
      rows: ROWS,
      copy: { seconds: round(copySeconds, 2), rowsPerSecond: Math.round(ROWS / copySeconds) },
      import: {
        seconds: round(first.seconds, 2),
        rowsPerSecond: Math.round(ROWS / first.seconds),
        peakRssMb: round(first.rssMb),
        peakHeapMb: round(first.heapMb),
        created: first.result.created,
      },
      repeat: {
        seconds: round(again.seconds, 2),
        rowsPerSecond: Math.round(ROWS / again.seconds),
        peakRssMb: round(again.rssMb),
        unchanged: again.result.unchanged,
      },
      priceChange: {
        seconds: round(prices.seconds, 2),
        rowsPerSecond: Math.round(ROWS / prices.seconds),
        peakRssMb: round(prices.rssMb),
        updated: prices.result.updated,
      },
    };
  } finally {
    await cleanUp(db);
    await rm(dir, { recursive: true, force: true });
  }
}
