import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ApiProcess, dbUrl, recreateDatabase } from './crash.ts';

/**
 * Graceful shutdown of the compiled server: SIGTERM stops accepting new connections, lets a request in flight
 * finish with its answer, stops the jobs and closes the database, then exits 0.
 */
const serverUrl =
  process.env.CRASH_SERVER_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `${process.env.CRASH_DATABASE ?? `mitrebox_crash_test_${process.pid}`}_stop`;
let api: ApiProcess;
let dataDir: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  await recreateDatabase(serverUrl, database);
  dataDir = await mkdtemp(path.join(tmpdir(), 'mitrebox-stop-'));
  const port = await freePort();
  api = new ApiProcess(
    {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: dbUrl(serverUrl, database),
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      SEED_PRODUCTS: '50',
      LOG_LEVEL: 'info',
      REDIS_URL: '',
    },
    `http://127.0.0.1:${port}`,
  );
  await api.start(240_000);
}, 300_000);

afterAll(async () => {
  await api?.kill('SIGKILL');
  await recreateDatabase(serverUrl, database, true).catch(() => {});
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('SIGTERM lets a slow request in flight finish, refuses new ones, and exits cleanly', async () => {
  const { port } = new URL(api.url);
  const body = JSON.stringify({ username: '10001', password: 'framing-demo' });
  // a slow client: headers and half the body now, the rest after the SIGTERM
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    setTimeout(() => req.end(body.slice(10)), 1500);
  });
  await new Promise((r) => setTimeout(r, 300));
  const child = api.child;
  if (!child) throw new Error('no API process');
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  // no new connections once shutting down
  await expect(fetch(`${api.url}/api/health/live`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();

  const res = await answer;
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body).data.token).toEqual(expect.any(String));
  expect(await exited).toBe(0);
  expect(api.output()).toContain('shut down cleanly');
}, 60_000);
