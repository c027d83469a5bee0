import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { redactUrl, serializeError } from './logging.ts';

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let logLines: string[];
let app: Awaited<ReturnType<typeof buildApp>>;
let webDir: string;

beforeAll(async () => {
  db = await openTestDatabase({ seedProducts: 60 });
  webDir = mkdtempSync(path.join(tmpdir(), 'mbx-web-'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Mitrebox</title><div id="root"></div>',
  );
  const stream = new PassThrough();
  logLines = [];
  stream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean)));
  const config = loadConfig({}, { LOG_LEVEL: 'info', WEB_DIST: webDir });
  app = await buildApp({ config, database: db.database, logStream: stream });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('platform', () => {
  it('health answers with the database kind', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: db.database.kind });
  });

  it('tells liveness from readiness: ready means the database answers and every migration is applied', async () => {
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    const body = ready.json();
    expect(body).toMatchObject({ status: 'ok', databaseReachable: true, migrations: { pending: [] } });
    expect(body.migrations.applied).toBe(body.migrations.expected);
    expect(body.migrations.expected).toBeGreaterThan(0);
  });

  it('is not ready on a database without its migrations, nor on one that does not answer', async () => {
    const bare = await openTestDatabase({ seed: false, migrate: false });
    const bareApp = await buildApp({
      config: loadConfig({}, { LOG_LEVEL: 'silent' }),
      database: bare.database,
    });
    try {
      const res = await bareApp.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'unavailable',
        databaseReachable: true,
        migrations: { applied: 0 },
      });
      expect(res.json().migrations.pending).toContain('0000_init');
      await bare.database.close();
      const down = await bareApp.inject({ method: 'GET', url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'unavailable', databaseReachable: false });
      // liveness does not depend on the database
      expect((await bareApp.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await bareApp.close();
      await bare.close();
    }
  });

  it('carries one request id end to end: a forwarded X-Request-Id is kept, a malformed one replaced', async () => {
    const given = 'nginx-4f2a9c71d0e8';
    const res = await app.inject({ method: 'GET', url: '/api/settings', headers: { 'x-request-id': given } });
    expect(res.headers['x-request-id']).toBe(given);
    expect(logLines.some((l) => l.includes(`"reqId":"${given}"`))).toBe(true);
    const forged = await app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { 'x-request-id': 'x"}\n{"level":60' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const mine = await app.inject({ method: 'GET', url: '/api/settings' });
    expect(mine.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/tokenLogin', '/api/users/self', '/reset-password']),
    );
    expect(
      doc.paths['/api/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('username');
    expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('sends security headers with a content security policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeTruthy();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('serves the web app with history fallback, and JSON 404s for unknown API paths', async () => {
    for (const url of ['/', '/Shop/ABC-123', '/Admin/userListOrders', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const api = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
  });

  it('never writes passwords, bearer tokens or reset tokens to the log', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: '10001', password: 'framing-demo' },
    });
    const token = login.json().data.token as string;
    await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    await app.inject({ method: 'POST', url: '/reset-password-check/SECRETRESETTOKEN123/a%40b.example' });
    await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: '10001', password: 'wrong-password-xyz' },
    });
    const log = logLines.join('\n');
    expect(log).toContain('/api/login');
    expect(log).not.toContain('framing-demo');
    expect(log).not.toContain('wrong-password-xyz');
    expect(log).not.toContain(token);
    expect(log).not.toContain('SECRETRESETTOKEN123');
  });

  it('a 5xx answer never leaks internals', async () => {
    const broken = await openTestDatabase({ seed: false });
    const config = loadConfig({}, { LOG_LEVEL: 'silent' });
    const a = await buildApp({ config, database: broken.database, serveWeb: false, logger: false });
    await broken.database.close();
    const res = await a.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    await a.close();
    await broken.close().catch(() => {});
  });

  it('redacts token-bearing URLs', () => {
    expect(redactUrl('/reset-password-check/abc/def')).toBe('/reset-password-check/[redacted]');
    expect(redactUrl('/login/eyJhbGciOi.x.y')).toBe('/login/[redacted]');
    expect(redactUrl('/api/x?token=abc&b=1')).toBe('/api/x?token=[redacted]&b=1');
    expect(redactUrl('/api/login')).toBe('/api/login');
  });
});

describe('request rate limit', () => {
  it('answers 429 with a message past the limit on API calls, and never counts pages or images', async () => {
    const { createTestApp } = await import('../testing/test-app.ts');
    const limited = await createTestApp({ seedProducts: 50, config: { RATE_LIMIT_PER_MINUTE: 5 } });
    try {
      for (let i = 0; i < 20; i++) {
        const page = await limited.app.inject({
          method: 'GET',
          url: '/cdn/placeholder.jpg',
          remoteAddress: '10.7.7.7',
        });
        expect(page.statusCode).not.toBe(429);
      }
      const codes: number[] = [];
      for (let i = 0; i < 6; i++)
        codes.push(
          (await limited.app.inject({ method: 'GET', url: '/api/settings', remoteAddress: '10.7.7.7' }))
            .statusCode,
        );
      expect(codes.slice(0, 5).every((c) => c === 200)).toBe(true);
      expect(codes[5]).toBe(429);
      const last = await limited.app.inject({
        method: 'GET',
        url: '/api/settings',
        remoteAddress: '10.7.7.7',
      });
      expect(last.json().message).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });

  it('images have a limit of their own, IMAGE_RATE_LIMIT_PER_MINUTE, whatever the API limit is', async () => {
    const { createTestApp } = await import('../testing/test-app.ts');
    const limited = await createTestApp({
      seedProducts: 50,
      config: { RATE_LIMIT_PER_MINUTE: 100_000, IMAGE_RATE_LIMIT_PER_MINUTE: 4 },
    });
    try {
      for (const url of [
        '/api/framebuilder/presets/no-such-photo.jpg',
        '/api/framebuilder/render/0000000000000000000000000000000000000000.jpg',
      ]) {
        const codes: number[] = [];
        for (let i = 0; i < 5; i++)
          codes.push(
            (await limited.app.inject({ method: 'GET', url, remoteAddress: '10.7.7.8' })).statusCode,
          );
        expect(codes.slice(0, 4)).not.toContain(429);
        expect(codes[4], url).toBe(429);
      }
      // the API's own limit is another count
      const api = await limited.app.inject({
        method: 'GET',
        url: '/api/settings',
        remoteAddress: '10.7.7.8',
      });
      expect(api.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('database errors in the log', () => {
  it('a failing query is logged with its SQL but never its parameters', async () => {
    const secret = 'param-secret-7f3a';
    const error = await db.database.db
      .execute(sql`select ${secret}::integer as n`)
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    // drizzle's own message carries the parameters: the log must not
    expect(String((error as Error).message) + JSON.stringify(error)).toContain(secret);
    const before = logLines.length;
    app.log.error({ err: error }, 'unhandled error');
    await new Promise((r) => setTimeout(r, 20));
    const written = logLines.slice(before).join('\n');
    expect(written).toContain('select $1::integer');
    expect(written).not.toContain(secret);
    expect(JSON.stringify(serializeError(error))).not.toContain(secret);
  });
});
