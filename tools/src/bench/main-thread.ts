// The main thread's long tasks of a page load, by thread CPU time: an estimate of Lighthouse's Total Blocking Time
// that the machine's other work barely changes (ADR 013, "The entry in stages"). Lighthouse's simulated throttling
// multiplies each task's wall time by four, so on a shared machine its TBT moves by hundreds of milliseconds
// between runs; a task's thread CPU time (`tdur` in a Chromium trace) does not.
//
//   npx tsx tools/src/bench/main-thread.ts http://127.0.0.1:3000 / /Shop /Cart
//
// Signed-in pages (/Cart, /FrameBuilder, /Admin…, and any path written with a leading +, e.g. +/ for a buyer's home
// page) sign in as 10001 through the sign-in page first. MAIN_THREAD_RUNS
// loads (default 3) a page; MAIN_THREAD_VERBOSE=1 lists each long task with what it was made of.
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';

/** One trace event of Chromium's JSON trace format (the fields used here). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; navigationId?: string } };
}

export interface LongTask {
  /** ms after navigation start */
  at: number;
  /** thread CPU time, ms */
  cpu: number;
  /** the task's larger parts, e.g. "v8.evaluateModule 14" */
  parts: string[];
}

export interface MainThread {
  fcp: number;
  /** thread CPU of every top-level task, ms */
  cpu: number;
  /** Σ max(0, 4 × CPU − 50 ms) over the tasks after the first contentful paint */
  tbt: number;
  long: LongTask[];
}

const CPU_SLOWDOWN = 4; // Lighthouse's mobile profile
const BLOCKING_MS = 50;
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const PART_NAMES = new Set([
  'v8.evaluateModule',
  'EvaluateScript',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'MajorGC',
  'MinorGC',
]);

/** The renderer's main thread's top-level tasks (a task nested in another counts once), read from a trace. */
export function mainThread(events: TraceEvent[]): MainThread {
  const fcpEvent = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcpEvent) throw new Error('the trace has no first contentful paint');
  const { pid } = fcpEvent;
  const tid = events.find(
    (e) => e.pid === pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  )?.tid;
  // the navigation whose first paint it is (a renderer also starts navigations of about:blank)
  const navigationId = fcpEvent.args?.data?.navigationId;
  const nav =
    events.find(
      (e) => e.name === 'navigationStart' && navigationId && e.args?.data?.navigationId === navigationId,
    ) ?? fcpEvent;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  const tasks = onMain
    .filter((e) => TASK_NAMES.has(e.name) && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const top: TraceEvent[] = [];
  for (const t of tasks) {
    const last = top.at(-1);
    if (last && t.ts < last.ts + (last.dur ?? 0)) continue;
    top.push(t);
  }
  let cpu = 0;
  let tbt = 0;
  const long: LongTask[] = [];
  for (const t of top) {
    const ms = (t.tdur ?? 0) / 1000;
    cpu += ms;
    if (t.ts < fcpEvent.ts || ms * CPU_SLOWDOWN <= BLOCKING_MS) continue;
    tbt += ms * CPU_SLOWDOWN - BLOCKING_MS;
    const end = t.ts + (t.dur ?? 0);
    const parts = onMain
      .filter((c) => c !== t && PART_NAMES.has(c.name) && c.ts >= t.ts && c.ts < end && (c.tdur ?? 0) >= 2000)
      .map(
        (c) =>
          `${c.name}${c.args?.data?.url ? ` ${c.args.data.url.split('/').pop()}` : ''} ${Math.round((c.tdur ?? 0) / 1000)}`,
      );
    long.push({ at: Math.round((t.ts - nav.ts) / 1000), cpu: Math.round(ms * 10) / 10, parts });
  }
  return { fcp: Math.round((fcpEvent.ts - nav.ts) / 1000), cpu: Math.round(cpu), tbt: Math.round(tbt), long };
}

async function signIn(context: BrowserContext, baseUrl: string) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username (account #)').fill('10001');
  await page.getByLabel('Password', { exact: true }).fill('framing-demo');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => !/^\/login/i.test(url.pathname), { timeout: 30_000 });
  await page.close();
}

/** Loads `path` once at a phone's viewport, cache off, and reads its main thread from the trace. */
export async function traceLoad(context: BrowserContext, baseUrl: string, path: string): Promise<MainThread> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'loading',
        'blink.user_timing',
        'v8.execute',
      ],
    },
    transferMode: 'ReportEvents',
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
  // the app is live (main.tsx), then whatever it does next (a lazy part revealed, data that arrives)
  await page.waitForSelector('#root[data-live]', { timeout: 30_000 }).catch(() => undefined);
  await page.waitForTimeout(3000);
  await cdp.send('Tracing.end');
  await complete;
  await page.close();
  return mainThread(events);
}

async function main() {
  const [baseUrl = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2);
  const runs = Number(process.env.MAIN_THREAD_RUNS ?? 3);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const path of paths.length > 0 ? paths : ['/']) {
      const results: MainThread[] = [];
      for (let r = 0; r < runs; r++) {
        const context = await browser.newContext({
          // Lighthouse's phone: its screen and pixel ratio (painting scales with it)
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        if (path.startsWith('+') || /^\/(cart|framebuilder|admin|userlistorders)/i.test(path))
          await signIn(context, baseUrl);
        const result = await traceLoad(context, baseUrl, path.replace(/^\+/, ''));
        await context.close();
        results.push(result);
        if (process.env.MAIN_THREAD_VERBOSE) {
          console.log(
            `${path} load ${r + 1}: FCP ${result.fcp} ms, CPU ${result.cpu} ms, TBT ≈ ${result.tbt} ms`,
          );
          for (const t of result.long)
            console.log(`  @${t.at} ms  ${t.cpu} ms (×4 ${Math.round(t.cpu * 4)})  ${t.parts.join(', ')}`);
        }
      }
      const tbts = results.map((x) => x.tbt).sort((a, b) => a - b);
      const median = tbts[Math.floor(tbts.length / 2)];
      console.log(
        `${path}: estimated TBT ${median} ms (median of ${runs}: ${tbts.join(', ')}); main-thread CPU ${results.map((x) => x.cpu).join(', ')} ms`,
      );
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
