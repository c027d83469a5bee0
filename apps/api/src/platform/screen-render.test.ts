import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { fakeWebBuild } from '../testing/web-build.ts';

// A built web app in miniature (apps/web/dist and dist-ssr): the shell, the frame, a screen's stylesheet, and a
// server bundle that renders like prerender.tsx's renderScreen — the shop's first product, fetched through the
// API it is given — and answers null for a product it cannot find.
const SHELL =
  '<!doctype html><html><head><title>Mitrebox</title><script type="module" crossorigin src="/assets/index-e1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-r1.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-c1.css"></head><body><div id="root"></div></body></html>';
const FRAME = SHELL.replace('<div id="root"></div>', '<div id="root"><header>frame</header></div>');
const BUNDLE = `
let fetchApi;
export function configureRender(options) { fetchApi = options.fetch; }
export async function renderScreen(url) {
  const target = new URL(url, 'http://render.internal');
  if (target.searchParams.has('slow')) await new Promise((resolve) => setTimeout(resolve, 100));
  if (/^\\/productDetail\\//i.test(target.pathname)) return null;
  const site = await fetchApi('http://render.internal/api/site');
  const answer = await fetchApi('http://render.internal/api/Shop/Products?page=1&items_per_page=2');
  if (!site.ok || !answer.ok) return null;
  const page = await answer.json();
  return { root: '<main>' + page.data[0].Code + '</main>', data: { queries: [{ first: page.data[0].Code }] } };
}
`;

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  db = await openTestDatabase({ seedProducts: 40 });
  const dist = fakeWebBuild('mbx-render-', {
    'dist/index.html': SHELL,
    'dist/frame.html': FRAME,
    'dist/home.html': FRAME,
    'dist/assets/index-c1.css': '.entry{color:red}',
    'dist/assets/ShopPage-s1.css': '.shop{color:blue}',
    'dist/screens.json': JSON.stringify([
      { pattern: '/Shop', scripts: ['/assets/ShopPage-s1.js'], styles: ['/assets/ShopPage-s1.css'] },
      { pattern: '/productDetail/:Code', scripts: ['/assets/ProductDetailPage-p1.js'], styles: [] },
      { pattern: '/Cart', scripts: ['/assets/CartPage-y2.js'], styles: [] },
    ]),
    'dist-ssr/prerender.js': BUNDLE,
  });
  // a small allowance: the renders' own API calls (two a page) must not use it up
  const config = loadConfig({}, { LOG_LEVEL: 'silent', WEB_DIST: dist, RATE_LIMIT_PER_MINUTE: 3 });
  app = await buildApp({ config, database: db.database, logger: false });
  await app.ready();
  // the bundle loads in the background (at the first page here, the app does not listen): the frame until then
  const first = await app.inject({ method: 'GET', url: '/Shop', remoteAddress: '10.0.0.2' });
  expect(first.body).toBe(FRAME);
  for (let i = 0; i < 100; i++) {
    const res = await app.inject({ method: 'GET', url: '/Shop', remoteAddress: '10.0.0.2' });
    if (res.body.includes('inert')) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const firstCode = async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/Shop/Products?page=1&items_per_page=2',
    remoteAddress: '10.0.0.1',
  });
  return (res.json() as { data: { Code: string }[] }).data[0]?.Code ?? '';
};

describe('the shop rendered per request (ADR 013)', () => {
  it('sends an anonymous visitor the shop rendered with its data, its styles inside, inert until the app runs', async () => {
    const res = await app.inject({ method: 'GET', url: '/Shop' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers.link).toBeUndefined();
    const html = res.body;
    const code = await firstCode();
    expect(html).toContain(`<div id="root" inert><main>${code}</main></div>`);
    expect(html).toContain(
      `<script type="application/json" id="mb-first-data">{"queries":[{"first":"${code}"}]}</script>`,
    );
    // the entry's and the screen's stylesheets inside the page, each with a disabled link naming it
    expect(html).toContain(
      '<style>.entry{color:red}</style><link rel="stylesheet" crossorigin href="/assets/index-c1.css" disabled>',
    );
    expect(html).toContain(
      '<style>.shop{color:blue}</style><link rel="stylesheet" crossorigin href="/assets/ShopPage-s1.css" disabled>',
    );
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-e1.js"></script>');
  });

  it('does not count the renders’ own API calls against the visitor’s rate limit', async () => {
    // 3 pages = 6 calls of the render, above the allowance of 3 a minute
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'GET', url: '/Shop', remoteAddress: '10.0.0.9' });
      expect(res.body, `page ${i + 1}`).toContain('<div id="root" inert><main>');
    }
  });

  it('renders at most four pages at once: past that, the page frame (a burst cannot take the CPU)', async () => {
    const pages = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        app.inject({ method: 'GET', url: `/Shop?slow=1&n=${i}`, remoteAddress: `10.0.1.${i}` }),
      ),
    );
    expect(pages.every((p) => p.statusCode === 200)).toBe(true);
    expect(pages.filter((p) => p.body.includes('<div id="root" inert>'))).toHaveLength(4);
    expect(pages.filter((p) => p.body === FRAME)).toHaveLength(8);
  });

  it('sends a browser with a session the page frame (its shop is the buyer’s own)', async () => {
    const res = await app.inject({ method: 'GET', url: '/Shop', headers: { cookie: 'mb_session=1' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(FRAME);
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers.link).toContain('</assets/ShopPage-s1.js>; rel=modulepreload');
  });

  it('falls back to the page frame when the render has nothing (a product it cannot find)', async () => {
    const res = await app.inject({ method: 'GET', url: '/productDetail/NO-SUCH-CODE' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(FRAME);
    expect(res.headers.link).toContain('</assets/ProductDetailPage-p1.js>; rel=modulepreload');
  });

  it('renders no other screen: /Cart and /Shop/{code} (a dialog over the shop) get the frame', async () => {
    for (const url of ['/Cart', `/Shop/${await firstCode()}`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).toBe(FRAME);
    }
  });
});

describe('a page rendered into the build’s paint-first shell (ADR 013)', () => {
  // the build's screen-shell.html: the entry asked for after the page's load by a small script
  const PAINT_FIRST = SHELL.replace(
    '<script type="module" crossorigin src="/assets/index-e1.js"></script>',
    '<script async src="/assets/after-load-a1.js" data-entry="/assets/index-e1.js"></script>',
  ).replace(/<link rel="modulepreload"[^>]*>/, '');
  let paintFirstApp: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const dist = fakeWebBuild('mbx-render-', {
      'dist/index.html': SHELL,
      'dist/screen-shell.html': PAINT_FIRST,
      'dist/frame.html': FRAME,
      'dist/assets/index-c1.css':
        ':root{--a:1}.entry{color:red}.card{margin:0}@media (width>40em){.card .dialog{color:red}.card{padding:0}}',
      'dist/assets/ShopPage-s1.css': '.shop{color:blue}',
      'dist/screens.json': JSON.stringify([
        { pattern: '/Shop', scripts: [], styles: ['/assets/ShopPage-s1.css'] },
      ]),
      'dist-ssr/prerender.js': BUNDLE.replace("'<main>'", '\'<main class="card">\''),
    });
    const config = loadConfig({}, { LOG_LEVEL: 'silent', WEB_DIST: dist });
    paintFirstApp = await buildApp({ config, database: db.database, logger: false });
    await paintFirstApp.ready();
    for (let i = 0; i < 100; i++) {
      const res = await paintFirstApp.inject({ method: 'GET', url: '/Shop' });
      if (res.body.includes('inert')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    await paintFirstApp?.close();
  });

  it('carries only the rules its HTML uses, the full stylesheets named for after its load', async () => {
    const html = (await paintFirstApp.inject({ method: 'GET', url: '/Shop' })).body;
    expect(html).toContain('<div id="root" inert><main class="card">');
    expect(html).toContain(
      '<style>:root{--a:1}.card{margin:0}@media (width>40em){.card{padding:0}}</style>' +
        '<link rel="stylesheet" crossorigin href="/assets/index-c1.css" disabled data-after-load>',
    );
    expect(html).toContain(
      '<style></style><link rel="stylesheet" crossorigin href="/assets/ShopPage-s1.css" disabled data-after-load>',
    );
    expect(html).toContain('<script async src="/assets/after-load-a1.js" data-entry="/assets/index-e1.js">');
    expect(html).not.toContain('type="module"');
  });
});
