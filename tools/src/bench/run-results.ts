// What `npm run bench` (run.ts) found: bench/results.json, with the previous run's figures beside the new ones,
// and the summary it prints.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FuzzFigures } from './fuzz.ts';
import type { ImportFigures } from './import.ts';
import { MAIN_THREAD_MARK_MS, type PageScore, TBT_MARK_MS } from './lighthouse.ts';
import type { LoadFigures } from './load.ts';
import type { BenchRow } from './measure.ts';

/** What bench/results.json holds. */
export interface BenchResults {
  at: string;
  database: string;
  products: number;
  connections: number;
  seconds: number;
  rows: BenchRow[];
  coldSearches: { engine: string; median: number; p90: number }[];
  loadAverage: number[];
  lighthouse: PageScore[];
  startToReadyMs: number[];
  fuzz: FuzzFigures | undefined;
  load: LoadFigures[] | undefined;
  import: ImportFigures | undefined;
}

export function readPrevious():
  | {
      lighthouse?: PageScore[];
      startToReadyMs?: number[];
      load?: LoadFigures[];
      fuzz?: FuzzFigures;
      import?: ImportFigures;
    }
  | undefined {
  try {
    return JSON.parse(readFileSync(path.join('bench', 'results.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** The Lighthouse table, each figure beside the previous run's (in brackets). */
export function printLighthouse(now: PageScore[], before: PageScore[]) {
  const prev = (page: string, signedIn: boolean) =>
    before.find((b) => b.page === page && b.signedIn === signedIn);
  // a figure Lighthouse could not give (NaN, stored as null) is shown as '–'
  const cell = (v: number | null, p: number | null | undefined, fmt: (n: number) => string) => {
    const show = (n: number | null) => (n === null || Number.isNaN(n) ? '–' : fmt(n));
    return p === undefined ? show(v) : `${show(v)} (${show(p)})`;
  };
  const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;
  const kb = (n: number) => `${Math.round(n / 1024)} KB`;
  const table = now.map((r) => {
    const p = prev(r.page, r.signedIn);
    return {
      page: `${r.page}${r.signedIn ? ' (signed in)' : ''}`,
      performance: cell(r.performance, p?.performance, String),
      accessibility: cell(r.accessibility, p?.accessibility, String),
      FCP: cell(r.fcp, p?.fcp, ms),
      LCP: cell(r.lcp, p?.lcp, ms),
      TBT: cell(r.tbt, p?.tbt, (n) => `${n} ms`),
      CLS: cell(r.cls, p?.cls, (n) => n.toFixed(3)),
      bytes: cell(r.bytes, p?.bytes, kb),
      'main thread': cell(r.mainThread ?? null, p?.mainThread, ms),
      JS: cell(r.jsBytes ?? null, p?.jsBytes, kb),
      'unused JS': cell(r.unusedJs ?? null, p?.unusedJs, kb),
      runs: r.runs?.join(' ') ?? '',
      load: r.loadAverages?.map((l) => l.toFixed(1)).join(' ') ?? '',
      goal:
        r.performance >= 95 &&
        r.accessibility === 100 &&
        r.lcp <= 2500 &&
        r.tbt <= TBT_MARK_MS &&
        r.cls <= 0.1 &&
        (r.mainThread ?? 0) <= MAIN_THREAD_MARK_MS
          ? '✓'
          : '✗',
    };
  });
  console.log(
    `\nLighthouse, mobile profile, median of each page's runs (previous run in brackets; the 1-minute load average at each run); goal: performance ≥ 95, accessibility 100, LCP ≤ 2.5 s, TBT ≤ ${TBT_MARK_MS} ms, main-thread work ≤ ${MAIN_THREAD_MARK_MS / 1000} s, CLS ≤ 0.1`,
  );
  console.table(table);
}

/**
 * The summary of a run: each row against its target, the cold searches, Lighthouse, start-to-ready, fuzz, the
 * mixed load and the import. `fuzzFigures`, `loadFigures`, `importFigures`: those of this run (a part that did
 * not run prints nothing).
 */
export function printResults(
  results: BenchResults,
  previous: ReturnType<typeof readPrevious>,
  ran: { fuzzFigures?: FuzzFigures; loadFigures?: LoadFigures[]; importFigures?: ImportFigures },
) {
  const { products: productCount, connections, seconds, rows, coldSearches } = results;
  const { lighthouse: lighthouseRows, startToReadyMs: readyMs } = results;
  const { fuzzFigures, loadFigures, importFigures } = ran;
  console.log(
    `\nBenchmarks (PostgreSQL, ${productCount} products; ${connections} connections, ${seconds} s each unless noted; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  for (const r of rows) {
    console.log(
      `${r.met ? '✓' : '✗'} ${r.name}: ${r.measured.rps} ${r.unit} (p50 ${r.measured.p50} ms, p99 ${r.measured.p99} ms, errors ${r.measured.errors + r.measured.non2xx})` +
        ` — baseline ${r.baseline.rps}/s (p99 ${r.baseline.p99} ms) — ratio ${r.ratio.toFixed(2)} — target ${r.target}`,
    );
  }
  for (const c of coldSearches) {
    const goal = c.engine === 'PGlite' ? 25 : 10;
    console.log(
      `${c.median <= goal ? '✓' : '✗'} single cold search (${c.engine}, caches off, a term nobody asked before, one at a time): median ${c.median.toFixed(1)} ms, p90 ${c.p90.toFixed(1)} ms — target ≤ ${goal} ms`,
    );
  }
  if (lighthouseRows.length > 0) printLighthouse(lighthouseRows, previous?.lighthouse ?? []);
  if (readyMs.length > 0) {
    const median = [...readyMs].sort((x, y) => x - y)[Math.floor(readyMs.length / 2)]!;
    const before = previous?.startToReadyMs?.length
      ? ` (previous run: ${[...previous.startToReadyMs].sort((x, y) => x - y)[Math.floor(previous.startToReadyMs.length / 2)]} ms)`
      : '';
    console.log(
      `${median <= 3000 ? '✓' : '✗'} start-to-ready of npm start on the existing database: ${median} ms median of ${readyMs.join(', ')} ms${before} — target ≤ 3000 ms`,
    );
  }
  if (fuzzFigures) {
    const f = fuzzFigures;
    console.log(
      `${f.serverErrors === 0 && !f.findings ? '✓' : '✗'} fuzz: ${f.operations} operations × (systematic + ${f.runsPerOperation} random) = ${f.requests} requests, ` +
        `${f.serverErrors} answers ≥ 500 (seed ${f.seed}; statuses ${JSON.stringify(f.statuses)}) — target 0`,
    );
    if (f.findings) console.log(f.findings);
  }
  if (loadFigures) {
    console.log(
      '\nMixed load (browse, search, product, add to cart, order, pay); goal: 0 errors, p99 ≤ 250 ms on one instance',
    );
    for (const f of loadFigures)
      console.log(
        `${f.errors + f.non2xx + f.timeouts === 0 && (f.target !== 'one API process' || f.p99 <= 250) ? '✓' : '✗'} ${f.target}, ${f.users} users, ${f.seconds} s: ` +
          `${f.rps} req/s (${f.requests} requests), p50 ${f.p50} ms, p90 ${f.p90} ms, p99 ${f.p99} ms, max ${f.max} ms; ` +
          `errors ${f.errors}, non-2xx ${f.non2xx}, timeouts ${f.timeouts}` +
          (f.rssMib === undefined
            ? ''
            : `; RSS of the first API process after it ${f.rssMib} MiB (goal ≤ 400 MiB)`),
      );
  }
  if (importFigures) {
    const f = importFigures;
    console.log(
      `CSV import of ${f.rows} new products: ${f.import.rowsPerSecond} rows/s (${f.import.seconds} s, peak RSS ${f.import.peakRssMb} MB, heap ${f.import.peakHeapMb} MB)` +
        ` — bare COPY of the same rows ${f.copy.rowsPerSecond} rows/s (${f.copy.seconds} s) — ratio ${(f.import.rowsPerSecond / f.copy.rowsPerSecond).toFixed(2)}` +
        `; same file again ${f.repeat.rowsPerSecond} rows/s (${f.repeat.unchanged} unchanged, peak RSS ${f.repeat.peakRssMb} MB)` +
        `; every price changed ${f.priceChange.rowsPerSecond} rows/s (${f.priceChange.updated} updated, peak RSS ${f.priceChange.peakRssMb} MB)`,
    );
  }
}
