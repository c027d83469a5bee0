import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Db, queryRows } from '@mitrebox/api/platform/db';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { signInSession } from './lighthouse.ts';

/**
 * The price-list export (issue 32 §5) of 10001 at the bench's catalogue size, beside a bare `COPY (select …) TO
 * STDOUT` of the same products' rows (psql, output counted and dropped) in the same run: seconds, rows/s and the
 * app process's peak memory while the CSV streams (sampled every 10 ms; the app runs in the bench's process, so the
 * figure is the growth over what it held before). The PDF price book is made of the largest collections that fit
 * its limit (the whole catalogue when it does). Written to bench/price-list.json and printed.
 */
export interface PriceListFigures {
  products: number;
  copy: { seconds: number; rowsPerSecond: number; mb: number };
  csv: {
    seconds: number;
    rowsPerSecond: number;
    mb: number;
    lines: number;
    peakRssGrowthMb: number;
    peakHeapMb: number;
  };
  pdf: {
    products: number;
    seconds: number;
    mb: number;
    pages: number;
    peakRssGrowthMb: number;
    peakHeapMb: number;
  };
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/** Peak RSS growth and peak heap while `work` runs. */
async function sampled<T>(work: () => Promise<T>) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let rss = before;
  let heap = process.memoryUsage().heapUsed;
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
      seconds: (performance.now() - started) / 1000,
      rssGrowthMb: (rss - before) / 2 ** 20,
      heapMb: heap / 2 ** 20,
    };
  } finally {
    clearInterval(timer);
  }
}

/** The bytes of a download, read as they arrive and dropped (what a client saving the file does). */
async function drain(url: string, token: string): Promise<{ bytes: number; lines: number; body?: Buffer }> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  return { bytes, lines };
}

/** COPY (the price list's product rows) TO STDOUT through psql; the bytes counted, not kept. */
function bareCopy(databaseUrl: string): Promise<{ seconds: number; bytes: number }> {
  const query = `copy (select p.code, p.display_name, c.name, p.type, p.width, p.frame_type, p.vendor, p.frame_line,
    p.bypass, p.box_qty, p.box_nodiscount, p.length, p.chop, p.join_amt, p.length2, p.hardware, p.glass1, p.glass2,
    p.glass3, p.glass4, p.mat1, p.mat2, p.mat3, p.mat4, p.mat5, p.readymade, p.join_fee, p.join_os_fee
    from products p left join collections c on c.id = p.collection_id where p.active = 1 order by p.code)
    to stdout with (format csv)`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('psql', [databaseUrl, '-X', '-q', '-c', query.replace(/\s+/g, ' ')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let bytes = 0;
    let err = '';
    child.stdout.on('data', (c: Buffer) => (bytes += c.length));
    child.stderr.on('data', (c: Buffer) => (err += c));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve({ seconds: (performance.now() - started) / 1000, bytes })
        : reject(new Error(`psql copy: ${code} ${err}`)),
    );
  });
}

export async function benchPriceList(db: Db, appUrl: string, databaseUrl: string): Promise<PriceListFigures> {
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from products where active = 1`,
  );
  const products = Number(n);
  const { token } = await signInSession(appUrl, '10001');
  // warm: the account's pricing and the statements' plans, as a real second download would find them
  await drain(`${appUrl}/api/account/price-list.csv?types=2`, token);

  const copy = await bareCopy(databaseUrl);
  const csv = await sampled(() => drain(`${appUrl}/api/account/price-list.csv`, token));

  // the PDF: the largest collections that fit its limit (25,000 items), or everything when it fits
  const groups = await queryRows<{ id: number; n: number }>(
    db,
    sql`select collection_id as id, count(*)::int as n from products where active = 1 and collection_id is not null
      group by collection_id order by count(*) desc`,
  );
  let chosen: number[] = [];
  let pdfProducts = products;
  if (products > 25_000) {
    pdfProducts = 0;
    for (const g of groups) {
      if (pdfProducts + Number(g.n) > 25_000) continue;
      chosen.push(g.id);
      pdfProducts += Number(g.n);
    }
  } else chosen = [];
  const query = chosen.map((id) => `collections=${id}`).join('&');
  const pdf = await sampled(async () => {
    const res = await fetch(`${appUrl}/api/account/price-list.pdf${query ? `?${query}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`price-list.pdf: ${res.status} ${await res.text()}`);
    return Buffer.from(await res.arrayBuffer());
  });
  const pages = (await PDFDocument.load(pdf.result)).getPageCount();

  const figures: PriceListFigures = {
    products,
    copy: {
      seconds: round(copy.seconds),
      rowsPerSecond: Math.round(products / copy.seconds),
      mb: round(copy.bytes / 2 ** 20, 1),
    },
    csv: {
      seconds: round(csv.seconds),
      rowsPerSecond: Math.round(products / csv.seconds),
      mb: round(csv.result.bytes / 2 ** 20, 1),
      lines: csv.result.lines,
      peakRssGrowthMb: round(csv.rssGrowthMb, 1),
      peakHeapMb: round(csv.heapMb, 1),
    },
    pdf: {
      products: pdfProducts,
      seconds: round(pdf.seconds),
      mb: round(pdf.result.length / 2 ** 20, 1),
      pages,
      peakRssGrowthMb: round(pdf.rssGrowthMb, 1),
      peakHeapMb: round(pdf.heapMb, 1),
    },
  };
  mkdirSync('bench', { recursive: true });
  writeFileSync(path.join('bench', 'price-list.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`\nPrice list of 10001, ${products.toLocaleString('en-US')} products:`);
  console.log(
    `  bare COPY … TO STDOUT   ${figures.copy.seconds} s  ${figures.copy.rowsPerSecond.toLocaleString('en-US')} products/s  ${figures.copy.mb} MB`,
  );
  console.log(
    `  price-list.csv          ${figures.csv.seconds} s  ${figures.csv.rowsPerSecond.toLocaleString('en-US')} products/s  ${figures.csv.mb} MB, ${figures.csv.lines.toLocaleString('en-US')} lines  peak RSS +${figures.csv.peakRssGrowthMb} MB, heap ${figures.csv.peakHeapMb} MB  (${round(csv.seconds / copy.seconds, 1)}x the COPY)`,
  );
  console.log(
    `  price-list.pdf          ${figures.pdf.seconds} s  ${figures.pdf.products.toLocaleString('en-US')} products, ${figures.pdf.pages} pages, ${figures.pdf.mb} MB  peak RSS +${figures.pdf.peakRssGrowthMb} MB, heap ${figures.pdf.peakHeapMb} MB`,
  );
  return figures;
}
