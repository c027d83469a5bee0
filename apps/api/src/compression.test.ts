import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { bearer, openTestDatabase, signIn } from './testing/test-app.ts';

// A built web app in miniature: index.html and a hashed script, each with the .br and .gz the build writes.
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};\n`;
const INDEX = `<!doctype html><title>Mitrebox</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
// The build's prerendered pages (apps/web/scripts/prerender.mjs): the home page, and the frame of every other one.
const HOME = INDEX.replace('<div id="root"></div>', '<div id="root"><h1>home</h1></div>');
const FRAME = INDEX.replace('<div id="root"></div>', '<div id="root"><header>frame</header></div>');

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;

function writeWithCompressed(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

beforeAll(async () => {
  db = await openTestDatabase({ seedProducts: 80 });
  const web = mkdtempSync(path.join(tmpdir(), 'mbx-web-'));
  mkdirSync(path.join(web, 'assets'));
  writeWithCompressed(path.join(web, 'index.html'), INDEX);
  writeWithCompressed(path.join(web, 'home.html'), HOME);
  writeWithCompressed(path.join(web, 'frame.html'), FRAME);
  writeWithCompressed(path.join(web, 'assets', 'index-AbC123xy.js'), SCRIPT);
  writeFileSync(
    path.join(web, 'screens.json'),
    JSON.stringify([
      { pattern: '/productDetail/:Code', scripts: ['/assets/ProductDetailPage-x1.js'], styles: [] },
      { pattern: '/Cart', scripts: ['/assets/CartPage-y2.js'], styles: ['/assets/CartPage-z3.css'] },
    ]),
  );
  const config = loadConfig({}, { LOG_LEVEL: 'silent', WEB_DIST: web, RATE_LIMIT_PER_MINUTE: 100000 });
  app = await buildApp({ config, database: db.database, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const decode = (encoding: string | undefined, raw: Buffer) =>
  encoding === 'br'
    ? brotliDecompressSync(raw).toString()
    : encoding === 'gzip'
      ? gunzipSync(raw).toString()
      : raw.toString();

describe('compression', () => {
  it('serves built scripts brotli- or gzip-encoded when asked, plain when not, immutable', async () => {
    const url = '/assets/index-AbC123xy.js';
    for (const [accept, expected] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip;q=0.5, br;q=1', 'br'],
      [undefined, undefined],
      ['identity', undefined],
    ] as const) {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(expected, res.rawPayload)).toBe(SCRIPT);
      if (expected) expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 2);
    }
  });

  it('serves the prerendered home page for / and the prerendered frame for every other screen, precompressed too, always revalidated', async () => {
    for (const [url, page] of [
      ['/', HOME],
      ['/Shop', FRAME],
      ['/Admin/userListOrders', FRAME],
    ] as const) {
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['content-type'], url).toMatch(/^text\/html/);
      expect(decode('br', br.rawPayload), url).toBe(page);
      expect(br.headers['cache-control'], url).toBe('no-cache');
      const plain = await app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(page);
    }
  });

  it("sends '/' the page frame when the browser says it holds a session (the visitors' hero otherwise)", async () => {
    // its value is the stored session's user id, 'pending' before the sign-in has its user ('1' from an older app)
    for (const hint of ['1', '42', 'pending']) {
      const signedIn = await app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie: `a=b; mb_session=${hint}` },
      });
      expect(signedIn.body, hint).toBe(FRAME);
      expect(signedIn.headers.vary).toMatch(/cookie/i);
    }
    for (const cookie of ['mb_session=', 'mb_session=0', 'xmb_session=1', '']) {
      const res = await app.inject({ method: 'GET', url: '/', headers: cookie ? { cookie } : {} });
      expect(res.body, cookie).toBe(HOME);
    }
  });

  it("names a screen's files in a Link header, and a product page's picture first", async () => {
    const cart = await app.inject({ method: 'GET', url: '/Cart' });
    expect(cart.headers.link).toBe(
      '</assets/CartPage-y2.js>; rel=modulepreload, </assets/CartPage-z3.css>; rel=preload; as=style',
    );
    const product = await app.inject({ method: 'GET', url: '/productDetail/FER-133-0412' });
    expect(product.statusCode).toBe(200);
    expect(product.headers.link).toBe(
      '</cdn/frames/FER-133-0412.jpg>; rel=preload; as=image; fetchpriority=high, </assets/ProductDetailPage-x1.js>; rel=modulepreload',
    );
    for (const url of ['/productDetail/NO-SUCH-CODE', '/productDetail/x%27%20or%201=1--']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.link, url).toBe('</assets/ProductDetailPage-x1.js>; rel=modulepreload');
    }
    expect((await app.inject({ method: 'GET', url: '/whoWeAre' })).headers.link).toBeUndefined();
  });

  it('sends the page for a screen whose address carries a control character; the screen itself says what is wrong', async () => {
    for (const url of ['/Shop?nameSearch=%00', '/Shop?nameSearch=a%01b', '/?x=%00']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
    // the API behind it still refuses such text
    const api = await app.inject({ method: 'GET', url: '/api/Products?nameSearch=%00' });
    expect(api.statusCode).toBe(400);
  });

  it('compresses a product listing by the request, and answers it plain when not asked', async () => {
    const url = '/api/Products?type=4&items_per_page=50';
    const auth = bearer(await signIn(app, '10001'));
    const plain = await app.inject({ method: 'GET', url, headers: auth });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await app.inject({ method: 'GET', url, headers: { ...auth, 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.body.length / 3);
      expect(JSON.parse(decode(encoding, res.rawPayload))).toEqual(plain.json());
    }
  });

  it('leaves small answers alone', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
