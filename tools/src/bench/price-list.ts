import { spawn } from 'node:child_process';
import http from 'node:http';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type Db, queryRows } from '@mitrebox/api/platform/db';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { signInSession } from './lighthouse.ts';
import type { BenchRow, Measurement } from './measure.ts';

/**
 * The price-list export (issue 32 §5) of 10001 at the bench's catalogue size, beside a bare `COPY (select …) TO
 * STDOUT` of the same products' rows (psql, output counted and dropped) in the same run, each the median of
 * PRICE_LIST_RUNS downloads: products/s, the time, and the app's peak memory while the CSV streams (sampled every
 * 10 ms; the app runs in the bench's process, so the figures are the growth over what it held before). The CSV is
 * read uncompressed, as the COPY's rows are, counted and dropped; once more as a browser asks for it (compressed),
 * for information. The PDF price book is made of the largest collections that fit its limit (the whole catalogue
 * when it does), beside a COPY of those collections' rows.
 */
const RUNS = Number(process.env.PRICE_LIST_RUNS ?? 3);
const PDF_LIMIT = 25_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

/** A full collection (the bench may collect at will: `--expose-gc` at run time). */
function collect() {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

interface Sampled<T> {
  result: T;
  ms: number;
  rssGrowth: number;
  heapGrowth: number;
}

/** Peak RSS and heap growth while `work` runs, over what the process held after a collection before it. */
async function sampled<T>(work: () => Promise<T>): Promise<Sampled<T>> {
  collect();
  const before = process.memoryUsage();
  let rss = before.rss;
  let heap = before.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 10);
  const started = performance.now();
  try {
    const result = await work();
    return {
      result,
      ms: performance.now() - started,
      rssGrowth: rss - before.rss,
      heapGrowth: heap - before.heapUsed,
    };
  } finally {
    clearInterval(timer);
  }
}

interface Downloaded {
  status: number;
  bytes: number;
  lines: number;
}

/**
 * A download's bytes and lines as they arrive, dropped (what a client saving the file does); `encoding`: what the
 * client accepts (the bytes are counted as they come, compressed or not).
 */
function download(url: string, token: string, encoding = 'identity'): Promise<Downloaded> {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': encoding };
    const req = http.get(url, { headers }, (res) => {
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      });
      res.once('end', () => resolve({ status: res.statusCode ?? 0, bytes, lines }));
      res.once('error', reject);
    });
    req.once('error', reject);
  });
}

/** The price list's product rows, as the app reads them, of `where` (SQL on products p), for COPY … TO STDOUT. */
const copyQuery = (where: string) =>
  `copy (select p.code, p.display_name, c.name, p.type, p.width, p.frame_type, p.vendor, p.frame_line,
    p.bypass, p.box_qty, p.box_nodiscount, p.length, p.chop, p.join_amt, p.length2, p.hardware, p.glass1, p.glass2,
    p.glass3, p.glass4, p.mat1, p.mat2, p.mat3, p.mat4, p.mat5, p.readymade, p.join_fee, p.join_os_fee
    from products p left join collections c on c.id = p.collection_id where ${where} order by p.code)
    to stdout with (format csv)`.replace(/\s+/g, ' ');

/** COPY (the rows) TO STDOUT through psql; the bytes counted, not kept. */
function bareCopy(databaseUrl: string, query: string): Promise<{ ms: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('psql', [databaseUrl, '-X', '-q', '-c', query], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let bytes = 0;
    let err = '';
    child.stdout.on('data', (c: Buffer) => (bytes += c.length));
    child.stderr.on('data', (c: Buffer) => (err += c));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve({ ms: performance.now() - started, bytes })
        : reject(new Error(`psql copy: ${code} ${err}`)),
    );
  });
}

/** Products/s of each run (the row's figure), the median run's time as p50 and the slowest as p99. */
const asMeasurement = (products: number, ms: number[]): Measurement => ({
  rps: Math.round(products / (median(ms) / 1000)),
  p50: Math.round(median(ms)),
  p99: Math.round(Math.max(...ms)),
  errors: 0,
  non2xx: 0,
});

/** The collections of the PDF: the largest that fit its limit together, or none (everything) when all fit. */
async function pdfCollections(db: Db, products: number) {
  if (products <= PDF_LIMIT) return { ids: [] as number[], products };
  const groups = await queryRows<{ id: number; n: number }>(
    db,
    sql`select collection_id as id, count(*)::int as n from products where active = 1 and collection_id is not null
      group by collection_id order by count(*) desc, collection_id`,
  );
  const ids: number[] = [];
  let n = 0;
  for (const g of groups) {
    if (n + Number(g.n) > PDF_LIMIT) continue;
    ids.push(g.id);
    n += Number(g.n);
  }
  return { ids, products: n };
}

export async function priceListRows(db: Db, appUrl: string, databaseUrl: string): Promise<BenchRow[]> {
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from products where active = 1`,
  );
  const products = Number(n);
  const { token } = await signInSession(appUrl, '10001');
  // warm: the account's pricing and the statements' plans, as a real second download would find them
  await download(`${appUrl}/api/account/price-list.csv?types=2`, token);

  const copies: number[] = [];
  const csvs: Sampled<Downloaded>[] = [];
  let copyBytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const copy = await bareCopy(databaseUrl, copyQuery('p.active = 1'));
    copies.push(copy.ms);
    copyBytes = copy.bytes;
    const csv = await sampled(() => download(`${appUrl}/api/account/price-list.csv`, token));
    if (csv.result.status !== 200) throw new Error(`price-list.csv: ${csv.result.status}`);
    csvs.push(csv);
  }
  const csv = csvs.find((c) => c.ms === median(csvs.map((x) => x.ms)))!;
  const rssGrowth = Math.max(...csvs.map((c) => c.rssGrowth));
  const heapGrowth = Math.max(...csvs.map((c) => c.heapGrowth));
  // as a browser asks for it: compressed (brotli) on the way, the same work besides
  const browser = await sampled(() =>
    download(`${appUrl}/api/account/price-list.csv`, token, 'gzip, deflate, br, zstd'),
  );
  const csvMeasured = asMeasurement(
    products,
    csvs.map((c) => c.ms),
  );
  const copyMeasured = asMeasurement(products, copies);
  const ratio = csvMeasured.rps / copyMeasured.rps;

  const chosen = await pdfCollections(db, products);
  const query = chosen.ids.map((id) => `collections=${id}`).join('&');
  const pdfCopy = await bareCopy(
    databaseUrl,
    copyQuery(
      chosen.ids.length ? `p.active = 1 and p.collection_id in (${chosen.ids.join(',')})` : 'p.active = 1',
    ),
  );
  const pdf = await sampled(async () => {
    const res = await fetch(`${appUrl}/api/account/price-list.pdf${query ? `?${query}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`price-list.pdf: ${res.status} ${await res.text()}`);
    return Buffer.from(await res.arrayBuffer());
  });
  const pages = (await PDFDocument.load(pdf.result)).getPageCount();

  return [
    {
      name:
        `price-list CSV of 10001, ${products.toLocaleString('en-US')} products streamed (median of ${RUNS}: ` +
        `${(csvMeasured.p50 / 1000).toFixed(2)} s, ${mb(csv.result.bytes)} MB, ${csv.result.lines.toLocaleString('en-US')} lines; ` +
        `peak RSS +${mb(rssGrowth)} MB, heap +${mb(heapGrowth)} MB; as a browser asks, compressed: ` +
        `${(browser.ms / 1000).toFixed(2)} s, ${mb(browser.result.bytes)} MB) beside a bare COPY … TO STDOUT of the same rows ` +
        `(${(copyMeasured.p50 / 1000).toFixed(2)} s, ${mb(copyBytes)} MB)`,
      unit: 'products/s',
      measured: csvMeasured,
      baseline: copyMeasured,
      ratio,
      target: '≥ 0.2× the COPY (within 5× of its time), peak RSS growth ≤ 100 MB',
      met: ratio >= 0.2 && rssGrowth <= 100 * 2 ** 20,
    },
    {
      name:
        `price-list PDF of 10001, ${chosen.products.toLocaleString('en-US')} products (${pages} pages, ` +
        `${mb(pdf.result.length)} MB; peak RSS +${mb(pdf.rssGrowth)} MB, heap +${mb(pdf.heapGrowth)} MB) ` +
        'beside a bare COPY of the same rows',
      unit: 'products/s',
      measured: asMeasurement(chosen.products, [pdf.ms]),
      baseline: asMeasurement(chosen.products, [pdfCopy.ms]),
      ratio: pdfCopy.ms / pdf.ms,
      target: 'information (made whole in memory, up to 25,000 products)',
      met: true,
    },
  ];
}
