// The compiled API process of the crash and shutdown tests, and the throw-away PostgreSQL database it runs on.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER_BUILD = path.join(REPO_ROOT, 'apps/api/dist/server.mjs');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function dbUrl(serverUrl: string, database: string) {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function recreateDatabase(serverUrl: string, database: string, drop = false) {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`Unexpected database name ${database}`);
  const admin = new pg.Client({ connectionString: dbUrl(serverUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${database} with (force)`);
    if (!drop) await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
}

/** The compiled server, started and SIGKILLed by the harness. */
export class ApiProcess {
  child: ChildProcess | undefined;
  private out = '';
  constructor(
    private env: NodeJS.ProcessEnv,
    readonly url: string,
  ) {}

  output() {
    return this.out;
  }

  async start(timeoutMs = 120_000) {
    const child = spawn(process.execPath, [SERVER_BUILD], {
      cwd: REPO_ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      this.out = (this.out + chunk.toString()).slice(-30_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    this.child = child;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`The API process stopped while starting (exit ${child.exitCode}).\n${this.out}`);
      try {
        const res = await fetch(`${this.url}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`The API process was not ready within ${timeoutMs / 1000} s.\n${this.out}`);
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL') {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
}
