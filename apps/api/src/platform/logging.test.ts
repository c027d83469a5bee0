import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { redactSecrets, redactUrl } from './logging.ts';

/** Shaped like the shop's own secrets: an ERP key, a session token, a cookie value. */
const erpKey = () => `mbx_${randomBytes(6).toString('hex')}_${randomBytes(32).toString('base64url')}`;
const token = () => randomBytes(32).toString('base64url');

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
const lines: string[] = [];

beforeAll(async () => {
  db = await openTestDatabase({ seed: false });
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  // trace: every line a library writes is read too (the multipart parser logs its options, headers among them)
  const config = loadConfig({}, { LOG_LEVEL: 'trace' });
  app = await buildApp({ config, database: db.database, serveWeb: false, logStream: stream });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

/** The log lines written while `act` ran. */
async function logOf(act: () => Promise<unknown>): Promise<string> {
  const before = lines.length;
  await act();
  // pino writes synchronously to the stream; the stream hands the chunk on in the next tick
  await new Promise((resolve) => setImmediate(resolve));
  return lines.slice(before).join('\n');
}

describe('secrets in the request log', () => {
  it('never keeps a key or token sent in the query, whatever the parameter is called', async () => {
    const cases: [string, string][] = [
      ['/api/erp/orders?key=', erpKey()],
      ['/api/erp/orders?api_key=', erpKey()],
      ['/api/erp/orders?apiKey=', erpKey()],
      ['/api/settings?token=', token()],
      ['/api/settings?anything=', erpKey()],
      ['/api/settings?page=1&session=', token()],
      ['/api/settings?password=', 'correct horse battery'],
      ['/api/erp/orders/', erpKey()],
    ];
    for (const [prefix, secret] of cases) {
      const log = await logOf(() =>
        app.inject({ method: 'GET', url: `${prefix}${encodeURIComponent(secret)}` }),
      );
      expect(log, prefix).toContain(prefix.split('?')[0]);
      expect(log, prefix).not.toContain(secret);
      expect(log, prefix).not.toContain(encodeURIComponent(secret));
    }
  });

  it('never keeps the Authorization, Cookie or X-Api-Key headers, nor a key in another header', async () => {
    const secrets = { bearer: erpKey(), cookie: token(), apiKey: erpKey(), proxy: token() };
    const log = await logOf(() =>
      app.inject({
        method: 'POST',
        url: '/api/staff/documents',
        headers: {
          authorization: `Bearer ${secrets.bearer}`,
          cookie: `mb_page_session=${secrets.cookie}; mb_session=1`,
          'x-api-key': secrets.apiKey,
          'proxy-authorization': `Basic ${secrets.proxy}`,
          'content-type': 'multipart/form-data; boundary=x',
        },
        payload: '--x--\r\n',
      }),
    );
    expect(log).toContain('/api/staff/documents');
    for (const secret of Object.values(secrets)) expect(log).not.toContain(secret);
    // a line that carries headers itself, as a library's debug line does
    const direct = await logOf(async () =>
      app.log.info({ headers: { authorization: `Bearer ${secrets.bearer}`, cookie: secrets.cookie } }, 'x'),
    );
    expect(direct).not.toContain(secrets.bearer);
    expect(direct).not.toContain(secrets.cookie);
    // and a message that quotes one
    const said = await logOf(async () => app.log.warn(`refused the key ${secrets.apiKey}`));
    expect(said).toContain('refused the key mbx_');
    expect(said).not.toContain(secrets.apiKey);
  });

  it('keeps the ordinary parts of an address readable', () => {
    expect(redactUrl('/api/Shop/Products?page=2&pageSize=24&q=oak%20frame&sort=name')).toBe(
      '/api/Shop/Products?page=2&pageSize=24&q=oak%20frame&sort=name',
    );
    expect(redactUrl('/productDetail/ABC-1234?color=walnut')).toBe('/productDetail/ABC-1234?color=walnut');
    expect(redactUrl('/api/x?token=abc&b=1')).toBe('/api/x?token=[redacted]&b=1');
    expect(redactUrl('/api/x?code=AbCdEf0123456789AbCdEf0123')).toBe('/api/x?code=[redacted]');
    expect(redactUrl('/reset-password-check/abc/def')).toBe('/reset-password-check/[redacted]');
  });

  it('masks keys and bearer tokens inside any text (an error message quoting a header)', () => {
    const key = erpKey();
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    const text = `refused ${key}; Authorization: Bearer ${token()} and ${jwt} at smtp://shop:hunter2@mail.example`;
    const out = redactSecrets(text);
    expect(out).not.toContain(key);
    expect(out).toContain(key.slice(0, 17)); // the key's public prefix names it
    expect(out).not.toMatch(/Bearer [A-Za-z0-9]/);
    expect(out).not.toContain(jwt);
    expect(out).not.toContain('hunter2');
    expect(out).toContain('refused');
    // prose about tokens and keys is left alone
    expect(redactSecrets('the reset token has expired; key 12 of 30')).toBe(
      'the reset token has expired; key 12 of 30',
    );
  });
});

describe('the request log', () => {
  it('writes one line a request, once answered: method, address, status, time and request id', async () => {
    const log = await logOf(() =>
      app.inject({
        method: 'GET',
        url: '/api/health/live?from=logging-test',
        headers: { 'x-request-id': 'log-test-0001' },
      }),
    );
    const parsed = log.split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const mine = parsed.filter((l) => l.reqId === 'log-test-0001');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/api/health/live?from=logging-test',
      status: 200,
    });
    expect(typeof mine[0]!.ms).toBe('number');
    expect(log).not.toContain('incoming request');
    expect(log).not.toContain('request completed');
  });

  it('names the status of a refused request, and masks its secrets as before', async () => {
    const secret = erpKey();
    const log = await logOf(() =>
      app.inject({
        method: 'GET',
        url: `/api/erp/orders?key=${secret}`,
        headers: { 'x-request-id': 'log-test-0002' },
      }),
    );
    const line = log
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.reqId === 'log-test-0002' && l.msg === 'request');
    expect(line?.status).toBeGreaterThanOrEqual(400);
    expect(line?.url).toBe('/api/erp/orders?key=[redacted]');
    expect(log).not.toContain(secret);
  });
});
