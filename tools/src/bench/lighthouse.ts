// Lighthouse (mobile profile, its default simulated throttling) on a production start of the shop, and the
// server's start-to-ready time on an existing database. Part of `npm run bench` (run.ts).
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER = path.join(ROOT, 'apps/api/dist/server.mjs');

export interface PageScore {
  page: string;
  signedIn: boolean;
  performance: number;
  accessibility: number;
  /** milliseconds */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** total bytes transferred by the page load */
  bytes: number;
  /** main-thread work (all categories) and the scripts' evaluation and parse time, milliseconds */
  mainThread?: number;
  bootup?: number;
  /** JavaScript transferred and, of it, not used by the page load (Lighthouse's estimate), bytes */
  jsBytes?: number;
  unusedJs?: number;
  /** the 1-minute load average at each run, and each run's performance score (the figures above are medians) */
  loadAverages?: number[];
  runs?: number[];
}

/** The page's marks (issue 33): main-thread work and TBT bounded per page, under the default mobile throttling. */
export const MAIN_THREAD_MARK_MS = 2000;
export const TBT_MARK_MS = 200;
/** How many times each page is measured; its figures are the medians. */
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** The pages the bench measures: every public page and the main signed-in ones. */
export function benchPages(productCode: string): { path: string; signedIn: boolean }[] {
  return [
    { path: '/', signedIn: false },
    { path: '/Shop', signedIn: false },
    { path: `/productDetail/${productCode}`, signedIn: false },
    { path: '/collections', signedIn: false },
    { path: '/whereToBuy', signedIn: false },
    { path: '/FrameBuilder', signedIn: false },
    { path: '/careers', signedIn: false },
    { path: '/contactUs', signedIn: false },
    { path: '/', signedIn: true },
    { path: '/Admin', signedIn: true },
    { path: '/Cart', signedIn: true },
    { path: '/Admin/userListOrders', signedIn: true },
    { path: '/FrameBuilder', signedIn: true },
  ];
}

const median = (xs: number[]) => {
  const sorted = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
};

export interface Production {
  url: string;
  /** spawn → first 200 from /api/health, in milliseconds */
  readyMs: number;
  /**
   * Waits for the server's catalogue index (built and filled once it listens) and gives what it answered so far
   * (started with `ipc`).
   */
  catalogueIndex(): Promise<{ pages: number; searches: number }>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

/** Builds what is missing or stale, as `npm start` does (prestart). */
export function buildIfNeeded() {
  execSync('node tools/build-if-needed.mjs', { cwd: ROOT, stdio: 'inherit' });
}

/** `npm start`'s command (the compiled server, production mode) on a free port and an existing database. */
export async function startProduction(
  env: Record<string, string>,
  opts: { ipc?: boolean } = {},
): Promise<Production> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    stdio: opts.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output = (output + c).slice(-5000)));
  child.stderr?.on('data', (c: Buffer) => (output = (output + c).slice(-5000)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the production server stopped:\n${output}`);
    if (performance.now() - started > 120_000) {
      await stopProcess(child);
      throw new Error(`the production server was not ready within 120 s:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  const catalogueIndex = () =>
    new Promise<{ pages: number; searches: number }>((resolve, reject) => {
      if (!child.send) return reject(new Error('the server was started without an IPC channel'));
      child.once('message', (m) =>
        resolve((m as { indexAnswered: { pages: number; searches: number } }).indexAnswered),
      );
      child.send('catalogue-index');
    });
  return {
    url,
    readyMs: Math.round(performance.now() - started),
    catalogueIndex,
    stop: () => stopProcess(child),
  };
}

/** Median start-to-ready of a few production starts on the same (already migrated and seeded) database. */
export async function startToReady(env: Record<string, string>, runs = 3): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const p = await startProduction(env);
    times.push(p.readyMs);
    await p.stop();
  }
  return times;
}

export interface Session {
  token: string;
  user: unknown;
}

/** Signs in through the API, as the sign-in page does. */
export async function signInSession(baseUrl: string, username = '10001'): Promise<Session> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'framing-demo' }),
  });
  const body = (await res.json()) as { user: unknown; data: { token: string } };
  if (!res.ok || !body.data?.token) throw new Error(`sign-in failed: ${res.status}`);
  return { token: body.data.token, user: body.user };
}

/**
 * Lighthouse on each page in one Chromium (Debian's, the journeys' flags). Before each signed-in page the browser
 * signs in through the sign-in page, so it carries what a real sign-in leaves (the session in localStorage, the
 * session hint cookie the app sets and the page session cookie the API sets: apps/web/src/lib/auth-storage.ts,
 * apps/api/src/platform/page-session.ts); every run starts with an empty cache.
 */
export async function lighthousePages(
  baseUrl: string,
  pages: { path: string; signedIn: boolean }[],
  account = '10001',
  opts: { runs?: number; onRun?: (page: { path: string; signedIn: boolean }, lhr: Lhr) => void } = {},
): Promise<PageScore[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'silent',
  });
  const scores: PageScore[] = [];
  try {
    for (const p of pages) {
      // Lighthouse resets the origin's storage (and the cache) before each run; a signed-in run keeps storage
      // instead, so the browser signs in first and the cache is cleared here.
      const run = async () => {
        if (p.signedIn) await prepareSignedIn(chrome.port, baseUrl, account);
        const result = await lighthouse(`${baseUrl}${p.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: p.signedIn,
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${p.path}`);
        return result.lhr as unknown as Lhr;
      };
      const runs: PageScore[] = [];
      const loadAverages: number[] = [];
      for (let i = 0; i < (opts.runs ?? LIGHTHOUSE_RUNS); i++) {
        loadAverages.push(Math.round(os.loadavg()[0]! * 100) / 100);
        let lhr = await run();
        // Lighthouse's own flake: now and then the trace misses the navigation's start ("Something went wrong
        // with recording the trace… run Lighthouse again"). Its advice is taken, once.
        if (isRetryable(lhr.runtimeError?.code)) {
          console.warn(`Lighthouse could not record ${p.path} (${lhr.runtimeError?.code}): running it again`);
          lhr = await run();
        }
        // a run Lighthouse could not measure (no paint seen, a page that did not load…) says why, not only NaN
        if (lhr.runtimeError)
          console.warn(
            `Lighthouse could not measure ${p.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
          );
        runs.push(pageScore(p, lhr));
        opts.onRun?.(p, lhr);
        if (process.env.BENCH_LIGHTHOUSE_DETAILS) printDetails(p.path, lhr);
      }
      const of = (k: keyof PageScore) => median(runs.map((r) => Number(r[k])));
      scores.push({
        page: p.path,
        signedIn: p.signedIn,
        performance: of('performance'),
        accessibility: of('accessibility'),
        fcp: of('fcp'),
        lcp: of('lcp'),
        tbt: of('tbt'),
        cls: of('cls'),
        bytes: of('bytes'),
        mainThread: of('mainThread'),
        bootup: of('bootup'),
        jsBytes: of('jsBytes'),
        unusedJs: of('unusedJs'),
        loadAverages,
        runs: runs.map((r) => r.performance),
      });
    }
  } finally {
    chrome.kill();
  }
  return scores;
}

/** The part of Lighthouse's result read here. */
export interface Lhr {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<
    string,
    | {
        id: string;
        score: number | null;
        scoreDisplayMode: string;
        numericValue?: number;
        displayValue?: string;
        details?: { items?: Record<string, unknown>[] };
      }
    | undefined
  >;
}

/** One run's figures. */
function pageScore(p: { path: string; signedIn: boolean }, lhr: Lhr): PageScore {
  const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
  const items = (id: string) => lhr.audits[id]?.details?.items ?? [];
  const jsBytes = items('network-requests')
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
  return {
    page: p.path,
    signedIn: p.signedIn,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: Math.round(num('first-contentful-paint')),
    lcp: Math.round(num('largest-contentful-paint')),
    tbt: Math.round(num('total-blocking-time')),
    cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
    bytes: num('total-byte-weight'),
    mainThread: Math.round(num('mainthread-work-breakdown')),
    bootup: Math.round(num('bootup-time')),
    jsBytes,
    unusedJs: items('unused-javascript').reduce((sum, r) => sum + Number(r.wastedBytes ?? 0), 0),
  };
}

/** Lighthouse's run-time errors that are its trace recording's, not the page's: worth one more run. */
export function isRetryable(code: string | undefined): boolean {
  return code === 'NO_NAVSTART' || code === 'NO_TRACING_STARTED' || code === 'NO_FCP_TRACE_EVENT';
}

/** BENCH_LIGHTHOUSE_DETAILS=1: the audits below 0.9, with the elements behind contrast and layout shifts. */
function printDetails(page: string, lhr: Lhr) {
  console.log(`  ${page}`);
  for (const a of Object.values(lhr.audits) as unknown as {
    id: string;
    score: number | null;
    scoreDisplayMode: string;
    displayValue?: string;
    details?: { items?: { node?: { snippet?: string; explanation?: string } }[] };
  }[]) {
    if (a.score === null || a.score >= 0.9 || a.scoreDisplayMode === 'informative') continue;
    console.log(`    ${a.id}: ${a.displayValue ?? a.score}`);
    if (['color-contrast', 'layout-shifts', 'largest-contentful-paint-element'].includes(a.id)) {
      for (const item of (a.details?.items ?? []).slice(0, 6)) {
        if (item.node)
          console.log(`      ${item.node.snippet ?? ''} ${item.node.explanation?.split('\n')[1] ?? ''}`);
      }
    }
  }
}

/** Signs in through the sign-in page, as a buyer does, and empties the cache. */
async function prepareSignedIn(port: number, baseUrl: string, account: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    await context.clearCookies();
    const page = await context.newPage();
    // signed out first (the previous signed-in page's session would send the sign-in page on)
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Username (account #)').fill(account);
    await page.getByLabel('Password', { exact: true }).fill('framing-demo');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => !/^\/login/i.test(url.pathname), { timeout: 30_000 });
    const signedIn = await page.evaluate(() =>
      Boolean(localStorage.getItem('token') && localStorage.getItem('user')),
    );
    if (!signedIn) throw new Error(`the sign-in page did not sign ${account} in`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}
