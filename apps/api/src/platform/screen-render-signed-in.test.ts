import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { fakeWebBuild } from '../testing/web-build.ts';

// A built web app in miniature (ADR 013, "Signed-in screens rendered on the server"): the shell, the frame and a
// server bundle that renders, like prerender.tsx's renderScreen, the cart and the orders list for the user it is
// given, from API calls it makes without any token of its own (the server adds the user's). What it writes shows
// whose authority its calls had: the account GET /api/me answers it, and that of the orders list (a POST).
const SHELL =
  '<!doctype html><html><head><title>Mitrebox</title><script type="module" crossorigin src="/assets/index-e1.js"></script>' +
  '</head><body><div id="root"></div></body></html>';
const FRAME = SHELL.replace('<div id="root"></div>', '<div id="root"><header>frame</header></div>');
const HOME = SHELL.replace('<div id="root"></div>', '<div id="root"><header>home</header></div>');
const BUNDLE = `
let fetchApi;
export function configureRender(options) { fetchApi = options.fetch; }
export async function renderScreen(url, user, options) {
  const target = new URL(url, 'http://render.internal');
  const signedInScreen = /^\\/($|cart|frameBuilder|admin\\/userListOrders|userListOrders|shop|productDetail)/i.test(target.pathname);
  if (!user) return /^\\/shop/i.test(target.pathname) ? { root: '<main>visitor</main>', data: { queries: [] } } : null;
  if (!signedInScreen) return null;
  const me = await fetchApi('http://render.internal/api/me', { headers: { authorization: 'Bearer not-the-user' } });
  const orders = await fetchApi('http://render.internal/api/accountOrders', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, perPage: 25 }),
  });
  if (!me.ok || !orders.ok) return null;
  const account = (await me.json()).user.accounts[0].Acctnum;
  const first = (await orders.json()).data?.[0]?.Ordnum ?? 'none';
  return {
    root: '<main>user ' + user.id + ' account ' + account + ' order ' + first + (options?.phone ? ' phone' : '') + '</main>',
    data: { queries: [] },
    viewport: options?.phone ? 'phone' : 'wide',
  };
}
`;

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  db = await openTestDatabase({ seedProducts: 20 });
  const dist = fakeWebBuild('mbx-render-signed-in-', {
    'dist/index.html': SHELL,
    'dist/frame.html': FRAME,
    'dist/home.html': HOME,
    'dist-ssr/prerender.js': BUNDLE,
  });
  const config = loadConfig({}, { LOG_LEVEL: 'silent', WEB_DIST: dist, SESSION_CACHE_MS: 0 });
  app = await buildApp({ config, database: db.database, logger: false });
  await app.ready();
  await app.inject({ method: 'GET', url: '/Shop' }); // loads the bundle (the app does not listen here)
  const { cookie } = await signInCookies('10001');
  for (let i = 0; i < 100; i++) {
    const res = await app.inject({ method: 'GET', url: '/Cart', headers: { cookie } });
    if (res.body.includes('inert')) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

/** Signs in through the API as the sign-in page does: the answer's page session cookie and the user's id. */
async function signInCookies(username: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: 'framing-demo' },
  });
  const body = res.json() as { user: { id: number }; data: { token: string } };
  // the page session's own Set-Cookie (a sign-in also gives the browser its device cookie: decision 008)
  const setCookie =
    [res.headers['set-cookie'] ?? '']
      .flat()
      .map(String)
      .find((c) => c.startsWith('mb_page_session=')) ?? '';
  const pageSession = /^mb_page_session=([^;]+)/.exec(setCookie)?.[1] ?? '';
  return {
    setCookie,
    token: body.data.token,
    userId: body.user.id,
    pageSession,
    // what the browser then sends: the page session cookie and the app's hint naming the stored session's user
    cookie: `mb_page_session=${pageSession}; mb_session=${body.user.id}`,
  };
}

const firstOrderOf = async (token: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/accountOrders',
    headers: { authorization: `Bearer ${token}` },
    payload: { page: 1, perPage: 25 },
  });
  return (res.json() as { data?: { Ordnum: number }[] }).data?.[0]?.Ordnum ?? 'none';
};

describe('signed-in screens rendered on the server (ADR 013)', () => {
  it('sets an HttpOnly, SameSite=Lax page session cookie at sign-in, holding that session', async () => {
    const { setCookie, token, pageSession } = await signInCookies('10001');
    expect(setCookie).toMatch(/^mb_page_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    expect(pageSession).toBe(token);
  });

  it("renders the cart with that user's data, private and never stored", async () => {
    const a = await signInCookies('10001');
    const res = await app.inject({ method: 'GET', url: '/Cart', headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(
      `<div id="root" inert><main>user ${a.userId} account 10001 order ${await firstOrderOf(a.token)}</main></div>`,
    );
    // the data names its user: the browser takes it only for that stored session (main.tsx)
    expect(res.body).toContain(`id="mb-first-data" data-user="${a.userId}">`);
  });

  it("renders the buyer's home page for them (private); a visitor gets the prerendered one, a browser with a session hint alone the frame", async () => {
    const a = await signInCookies('10001');
    const own = await app.inject({ method: 'GET', url: '/', headers: { cookie: a.cookie } });
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.body).toContain(`<main>user ${a.userId} account 10001 order`);
    expect(own.body).toContain(`id="mb-first-data" data-user="${a.userId}">`);
    const visitor = await app.inject({ method: 'GET', url: '/' });
    expect(visitor.body).toContain('<header>home</header>');
    expect(visitor.headers.vary).toMatch(/cookie/i);
    const hintOnly = await app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: `mb_session=${a.userId}` },
    });
    expect(hintOnly.body).toContain('<header>frame</header>');
  });

  it('tells the app which width a page was rendered for (a phone is said so; a wide screen is the default)', async () => {
    const a = await signInCookies('10001');
    const phone = await app.inject({
      method: 'GET',
      url: '/Cart',
      headers: { cookie: a.cookie, 'sec-ch-ua-mobile': '?1' },
    });
    expect(phone.body).toContain(`data-user="${a.userId}" data-viewport="phone">`);
    const wide = await app.inject({ method: 'GET', url: '/Cart', headers: { cookie: a.cookie } });
    expect(wide.body).toContain(`id="mb-first-data" data-user="${a.userId}">`);
  });

  it("renders the shop and a product page with the buyer's data, private; a visitor's shop stays the visitor's", async () => {
    const a = await signInCookies('10001');
    for (const url of ['/Shop', '/productDetail/ABC123']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: a.cookie } });
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(res.headers.vary, url).toMatch(/cookie/i);
      expect(res.body, url).toContain(`<main>user ${a.userId} account 10001 order`);
      expect(res.body, url).toContain(`id="mb-first-data" data-user="${a.userId}">`);
    }
    const visitor = await app.inject({ method: 'GET', url: '/Shop' });
    expect(visitor.body).toContain('<main>visitor</main>');
    expect(visitor.body).not.toContain('data-user');
    expect(visitor.headers['cache-control']).not.toMatch(/private/);
  });

  it("renders each user's own screen: another account's cookie never shows the first's data", async () => {
    const a = await signInCookies('10001');
    const b = await signInCookies('10002');
    expect(b.userId).not.toBe(a.userId);
    const [pageA, pageB] = await Promise.all([
      app.inject({ method: 'GET', url: '/Admin/userListOrders', headers: { cookie: a.cookie } }),
      app.inject({ method: 'GET', url: '/Admin/userListOrders', headers: { cookie: b.cookie } }),
    ]);
    expect(pageA.body).toContain(`<main>user ${a.userId} account 10001 order ${await firstOrderOf(a.token)}`);
    expect(pageB.body).toContain(`<main>user ${b.userId} account 10002 order ${await firstOrderOf(b.token)}`);
    expect(pageB.body).not.toContain('account 10001');
  });

  it("gives the frame when the browser's stored session is another user's (its hint names someone else)", async () => {
    const a = await signInCookies('10001');
    const b = await signInCookies('10002');
    const res = await app.inject({
      method: 'GET',
      url: '/Cart',
      headers: { cookie: `mb_page_session=${a.pageSession}; mb_session=${b.userId}` },
    });
    expect(res.body).toBe(FRAME);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('leaves a sign-in waiting for its two-step code alone: the frame, and its cookie kept', async () => {
    const a = await signInCookies('10007'); // an account with a two-step code: its session waits for it
    expect(a.pageSession).not.toBe('');
    const res = await app.inject({
      method: 'GET',
      url: '/Cart',
      headers: { cookie: `mb_page_session=${a.pageSession}; mb_session=pending` },
    });
    expect(res.body).toBe(FRAME);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('gives the frame without the cookie, or without the hint (the app holds no session)', async () => {
    const a = await signInCookies('10001');
    for (const cookie of [`mb_session=${a.userId}`, `mb_page_session=${a.pageSession}`, '']) {
      const res = await app.inject({ method: 'GET', url: '/Cart', headers: { cookie } });
      expect(res.body, cookie).toBe(FRAME);
      expect(res.headers['set-cookie'], cookie).toBeUndefined();
    }
  });

  it('clears the cookie at sign-out; a signed-out session then gets the frame and the cookie removed', async () => {
    const a = await signInCookies('10001');
    const out = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(out.statusCode).toBe(200);
    expect(out.headers['set-cookie']).toBe('mb_page_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
    // a browser that kept the cookie (another tab's sign-out) is not rendered for, and loses it
    const res = await app.inject({ method: 'GET', url: '/Cart', headers: { cookie: a.cookie } });
    expect(res.body).toBe(FRAME);
    expect(res.headers['set-cookie']).toBe('mb_page_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
  });

  it('gives the frame for an unknown or malformed token, and the API still refuses the cookie alone', async () => {
    const a = await signInCookies('10001');
    const forged = `mb_page_session=${'x'.repeat(43)}; mb_session=${a.userId}`;
    const page = await app.inject({ method: 'GET', url: '/Cart', headers: { cookie: forged } });
    expect(page.body).toBe(FRAME);
    // the API's routes read the Bearer header only: the cookie is no credential there
    const call = await app.inject({ method: 'GET', url: '/api/getCart', headers: { cookie: a.cookie } });
    expect(call.statusCode).toBe(401);
  });

  it('renders a phone’s page for a phone (its width-dependent parts: lib/viewport.ts)', async () => {
    const a = await signInCookies('10001');
    const res = await app.inject({
      method: 'GET',
      url: '/FrameBuilder',
      headers: { cookie: a.cookie, 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile Safari/537.36' },
    });
    expect(res.body).toMatch(/<main>user \d+ account 10001 order \S+ phone<\/main>/);
  });

  it('renders no other signed-in screen (a path not in its list gets the frame)', async () => {
    const a = await signInCookies('10001');
    const res = await app.inject({ method: 'GET', url: '/Admin/Credits', headers: { cookie: a.cookie } });
    expect(res.body).toBe(FRAME);
  });
});
