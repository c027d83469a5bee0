import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Several API processes on one PostgreSQL database behind nginx, with Redis for the request rate limit:
 * the shop past one machine (docs/decisions: scaling out). Used by `npm run scale-demo` and by the journeys
 * that run once through nginx.
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const NGINX = '/usr/sbin/nginx';

export interface ScaleOptions {
  instances: number;
  /** nginx listens here (loopback). */
  port: number;
  /** PostgreSQL URL of the shop's database (created when missing). */
  databaseUrl: string;
  redisUrl: string;
  /** Extra environment for every API process. */
  env?: Record<string, string>;
  seedProducts?: number;
  log?: (line: string) => void;
}

export interface ScaleDemo {
  url: string;
  /** Each API process's own address (for tests that talk to one directly). */
  instanceUrls: string[];
  /** Each API process's id (the benchmark reads its memory). */
  instancePids: number[];
  output(): string;
  stop(): Promise<void>;
}

/** Debian's nginx, installed when missing (root only), with the service it starts stopped again. */
export function ensureNginx(): void {
  if (existsSync(NGINX)) return;
  if (process.getuid?.() !== 0) throw new Error('nginx is missing: apt-get install nginx-light');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light', {
    stdio: 'inherit',
  });
  execSync('service nginx stop || true', { stdio: 'ignore' });
}

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.replace(/^\//, '');
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** The server entry: the compiled one when built, else the TypeScript source through tsx. */
export function serverCommand(): { cmd: string; args: string[] } {
  for (const built of ['apps/api/dist/server.js', 'apps/api/dist/server.mjs']) {
    const file = path.join(REPO_ROOT, built);
    if (existsSync(file)) return { cmd: process.execPath, args: [file] };
  }
  return {
    cmd: path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
    args: [path.join(REPO_ROOT, 'apps/api/src/server.ts')],
  };
}

async function waitReady(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`An API process stopped (exit ${child.exitCode}).\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s.\n${output()}`);
}

/**
 * nginx (ops/nginx/mitrebox.conf.template) on 127.0.0.1:port in front of the given API processes; ready when
 * /api/health/ready answers through it. Used by the scale demo and by the journeys run through nginx.
 */
export async function startNginx(opts: {
  port: number;
  upstreams: string[];
  /** nginx's own directory (config, logs, temp files); a new temporary one by default. */
  prefix?: string;
  onOutput?: (chunk: Buffer) => void;
  output?: () => string;
}): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  ensureNginx();
  const prefix = opts.prefix ?? (await mkdtemp(path.join(tmpdir(), 'mitrebox-nginx-')));
  // nginx's workers run as its unprivileged user (www-data when started as root): they must reach the temp
  // directories below the prefix to buffer a large request body (an uploaded picture) — mkdtemp makes it 0700.
  chmodSync(prefix, 0o755);
  const template = readFileSync(path.join(REPO_ROOT, 'ops/nginx/mitrebox.conf.template'), 'utf8');
  const conf = template
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{LISTEN}}', `127.0.0.1:${opts.port}`)
    .replace(
      '{{UPSTREAMS}}',
      opts.upstreams.map((u) => `    server ${u.replace('http://', '')};`).join('\n'),
    );
  const confFile = path.join(prefix, 'nginx.conf');
  writeFileSync(confFile, conf);
  const child = spawn(NGINX, ['-c', confFile, '-p', prefix], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const onOutput =
    opts.onOutput ??
    ((chunk: Buffer) => {
      out = (out + chunk.toString()).slice(-20_000);
    });
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  const url = `http://127.0.0.1:${opts.port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitReady(url, child, opts.output ?? (() => out), 30_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, child, stop };
}

export async function startScaleDemo(opts: ScaleOptions): Promise<ScaleDemo> {
  ensureNginx();
  await ensureDatabase(opts.databaseUrl);
  const prefix = await mkdtemp(path.join(tmpdir(), 'mitrebox-scale-'));
  const children: ChildProcess[] = [];
  let out = '';
  const collect = (tag: string) => (chunk: Buffer) => {
    out += chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((l) => `[${tag}] ${l}\n`)
      .join('');
    if (out.length > 400_000) out = out.slice(-200_000);
  };
  const stop = async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            const t = setTimeout(() => {
              c.kill('SIGKILL');
              resolve();
            }, 8000);
            c.once('exit', () => {
              clearTimeout(t);
              resolve();
            });
          }),
      ),
    );
  };

  try {
    const { cmd, args } = serverCommand();
    const instanceUrls: string[] = [];
    const instancePids: number[] = [];
    for (let i = 0; i < opts.instances; i++) {
      const port = opts.port + 1 + i;
      const url = `http://127.0.0.1:${port}`;
      const dataDir = path.join(prefix, `api-${i + 1}`);
      mkdirSync(dataDir, { recursive: true });
      const child = spawn(cmd, args, {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: opts.databaseUrl,
          REDIS_URL: opts.redisUrl,
          // forwarded client addresses are believed from nginx on loopback only
          TRUST_PROXY: '127.0.0.1',
          DATA_DIR: dataDir,
          // the first process seeds an empty database; the others start once it is ready
          SEED_DEMO: i === 0 ? 'true' : 'false',
          SEED_PRODUCTS: String(opts.seedProducts ?? 3000),
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
          ...opts.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', collect(`api-${i + 1}`));
      child.stderr?.on('data', collect(`api-${i + 1}`));
      children.push(child);
      instanceUrls.push(url);
      if (child.pid !== undefined) instancePids.push(child.pid);
      opts.log?.(`api-${i + 1}: starting on ${url}`);
      await waitReady(url, child, () => out, 240_000);
      opts.log?.(`api-${i + 1}: ready`);
    }

    const { child: nginx, url } = await startNginx({
      port: opts.port,
      upstreams: instanceUrls,
      prefix,
      onOutput: collect('nginx'),
      output: () => out,
    });
    children.push(nginx);
    opts.log?.(`nginx: ${url} → ${instanceUrls.join(', ')}`);
    return { url, instanceUrls, instancePids, output: () => out, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
