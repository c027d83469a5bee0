import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@mitrebox/tools/chromium';
import { startNginx } from '@mitrebox/tools/scale';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/**
 * Browser-journey harness: the compiled server (node apps/api/dist/server.mjs, as `npm start` runs it, in
 * production mode) on a free port with a fresh embedded database, serving the built web app, and Debian's
 * Chromium driven by playwright-core. It builds nothing: apps/web/dist and apps/api/dist must exist
 * (`npm run build`).
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built web app; E2E_WEB_DIST lets parallel work build and test its own copy. */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
/** The compiled server (`npm run build -w apps/api`); E2E_SERVER_BUILD lets parallel work test its own build. */
export const SERVER_BUILD = process.env.E2E_SERVER_BUILD ?? path.join(REPO_ROOT, 'apps/api/dist/server.mjs');
export const SHOTS_DIR = path.join(REPO_ROOT, '.e2e-shots');
export { CHROMIUM_ARGS, CHROMIUM_PATH };

export const DESKTOP = { width: 1280, height: 860 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/**
 * E2E_NGINX=1 runs the journeys through nginx (ops/nginx, Debian's package, installed when missing): the
 * browser talks to nginx, nginx to the compiled server, which trusts forwarded addresses from it only.
 */
export const THROUGH_NGINX = process.env.E2E_NGINX === '1' || process.env.E2E_NGINX === 'true';

export interface StartOptions {
  /** Extra environment for the server (e.g. STAGING_BANNER). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Products the demo data generator makes (small keeps start-up quick). */
  seedProducts?: number;
}

export interface RunningApp {
  baseUrl: string;
  browser: Browser;
  /** A page in a fresh browser context (own storage), at desktop size unless told otherwise. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Screenshot (full page unless told) into .e2e-shots/{name}.png; answers the file's path. */
  shot(page: Page, name: string, options?: { fullPage?: boolean }): Promise<string>;
  /** What the server printed (for failure messages). */
  serverOutput(): string;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`The server stopped before it was ready (exit ${server.exitCode}).\n${output()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`The server did not answer /api/health within ${timeoutMs / 1000} s.\n${output()}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function startApp(options: StartOptions = {}): Promise<RunningApp> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(
      `The web app is not built: ${path.relative(REPO_ROOT, WEB_DIST)}/index.html is missing. ` +
        'Run `npm run build -w apps/web` first.',
    );
  }
  if (!existsSync(SERVER_BUILD)) {
    throw new Error(
      'The server is not compiled: apps/api/dist/server.mjs is missing. Run `npm run build -w apps/api` first.',
    );
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH} (Debian package 'chromium'; or set CHROMIUM_PATH).`,
    );
  }
  mkdirSync(SHOTS_DIR, { recursive: true });

  const dataDir = await mkdtemp(path.join(tmpdir(), 'mitrebox-e2e-'));
  const port = await freePort();
  const serverUrl = `http://127.0.0.1:${port}`;
  const nginxPort = THROUGH_NGINX ? await freePort() : undefined;
  const baseUrl = nginxPort ? `http://127.0.0.1:${nginxPort}` : serverUrl;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    SEED_PRODUCTS: String(options.seedProducts ?? 300),
    LOG_LEVEL: 'warn',
    WEB_DIST,
    PUBLIC_URL: baseUrl,
    // One browser loads every asset of every page from one address: the per-IP request limit (meant for
    // the API) would start refusing scripts and fonts part-way through the journeys.
    RATE_LIMIT_PER_MINUTE: '100000',
    ...(nginxPort ? { TRUST_PROXY: '127.0.0.1' } : {}),
    ...(typeof options.env === 'function' ? options.env() : options.env),
  };
  // Always the embedded database: a fresh, throw-away one per run.
  delete env.DATABASE_URL;

  let output = '';
  const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUILD], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  const serverOutput = () => output;

  let browser: Browser | undefined;
  let nginx: { stop(): Promise<void> } | undefined;
  try {
    await waitForHealth(serverUrl, server, serverOutput, 180_000);
    if (nginxPort) {
      nginx = await startNginx({ port: nginxPort, upstreams: [serverUrl] });
      const via = (await fetch(`${baseUrl}/api/health`)).headers.get('server') ?? '';
      if (!via.startsWith('nginx')) throw new Error(`${baseUrl} is not nginx (server: ${via})`);
    }
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  } catch (err) {
    await nginx?.stop();
    await stopProcess(server);
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  const launched = browser;

  return {
    baseUrl,
    browser: launched,
    async newPage(contextOptions: BrowserContextOptions = {}) {
      const context = await launched.newContext({ viewport: DESKTOP, baseURL: baseUrl, ...contextOptions });
      return context.newPage();
    },
    async shot(page, name, shotOptions = {}) {
      const file = path.join(SHOTS_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage: shotOptions.fullPage ?? true, animations: 'disabled' });
      return file;
    },
    serverOutput,
    async close() {
      await launched.close().catch(() => {});
      await nginx?.stop();
      await stopProcess(server);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One running app for a journey file: started before its first test, closed (with every page opened through
 * `page()`) after its last. Use at the top of the file: `const app = useApp(); const page = app.page;`.
 */
export function useApp(options: StartOptions = {}) {
  let running: RunningApp | undefined;
  const pages: Page[] = [];
  const current = () => {
    if (!running) throw new Error('The app is not started yet (useApp starts it in beforeAll).');
    return running;
  };
  beforeAll(async () => {
    running = await startApp(options);
  });
  afterAll(async () => {
    for (const p of pages)
      await p
        .context()
        .close()
        .catch(() => {});
    await running?.close();
  });
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    get browser() {
      return current().browser;
    },
    newPage: (o?: BrowserContextOptions) => current().newPage(o),
    /** A page in a fresh context, closed with the app. */
    async page(o?: BrowserContextOptions): Promise<Page> {
      const p = await current().newPage(o);
      pages.push(p);
      return p;
    },
    shot: (p: Page, name: string, o?: { fullPage?: boolean }) => current().shot(p, name, o),
    serverOutput: () => current().serverOutput(),
  };
}
