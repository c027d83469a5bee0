// Lighthouse (mobile profile, its default simulated throttling) on a production start of the shop, and the
// server's start-to-ready time on an existing database. Part of `npm run bench` (run.ts).
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
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
}

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
        return result.lhr;
      };
      let lhr = await run();
      // Lighthouse's own flake: now and then the trace misses the navigation's start ("Something went wrong with
      // recording the trace… run Lighthouse again"). Its advice is taken, once.
      if (isRetryable(lhr.runtimeError?.code)) {
        console.warn(`Lighthouse could not record ${p.path} (${lhr.runtimeError?.code}): running it again`);
        lhr = await run();
      }
      // a run Lighthouse could not measure (no paint seen, a page that did not load…) says why, not only NaN
      if (lhr.runtimeError)
        console.warn(
          `Lighthouse could not measure ${p.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
        );
      const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
      scores.push({
        page: p.path,
        signedIn: p.signedIn,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        fcp: Math.round(num('first-contentful-paint')),
        lcp: Math.round(num('largest-contentful-paint')),
        tbt: Math.round(num('total-blocking-time')),
        cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
        bytes: num('total-byte-weight'),
      });
      if (process.env.BENCH_LIGHTHOUSE_DETAILS) printDetails(p.path, lhr);
    }
  } finally {
    chrome.kill();
  }
  return scores;
}

/** Lighthouse's run-time errors that are its trace recording's, not the page's: worth one more run. */
export function isRetryable(code: string | undefined): boolean {
  return code === 'NO_NAVSTART' || code === 'NO_TRACING_STARTED' || code === 'NO_FCP_TRACE_EVENT';
}

/** BENCH_LIGHTHOUSE_DETAILS=1: the audits below 0.9, with the elements behind contrast and layout shifts. */
function printDetails(page: string, lhr: { audits: Record<string, unknown> }) {
  console.log(`  ${page}`);
  for (const a of Object.values(lhr.audits) as {
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
