import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { classesOf, parseCss, usedCss } from './used-css.ts';

/** What the web build's server bundle exports for this (apps/web/src/prerender.tsx). */
interface RenderBundle {
  configureRender(options: { fetch: typeof fetch }): void;
  /** `user`: a signed-in screen rendered for that user (its API calls carry the user's token: see `configure`). */
  renderScreen(
    url: string,
    user?: SignedInUser,
    options?: { phone?: boolean },
  ): Promise<{ root: string; data: unknown } | null>;
}

/** The user a signed-in page is rendered for, as GET /api/me answers it (the bundle's session: only what it shows). */
export interface SignedInUser {
  id: number;
  [field: string]: unknown;
}

/** The id the browser reads the page's data from (apps/web/src/lib/first-data.ts). */
export const FIRST_DATA_ID = 'mb-first-data';

/** Pathnames the bundle renders: the shop's listing and a product page (not /Shop/{code}, a dialog over it). */
const RENDERED = [/^\/shop\/?$/i, /^\/productDetail\/[^/]{1,80}\/?$/i];

/**
 * Pathnames rendered for a signed-in buyer with the renderer's session cookie (platform/page-session.ts): the shop's
 * listing and a product page with the buyer's prices and stock, the cart, the Frame Builder and the orders lists
 * (/Admin/userListOrders and its older path).
 */
const RENDERED_SIGNED_IN = [
  ...RENDERED,
  /^\/cart\/?$/i,
  /^\/frameBuilder\/?$/i,
  /^\/admin\/userListOrders(?:\/[^/]{1,80})?\/?$/i,
  /^\/userListOrders\/?$/i,
];

/** A render slower than this (a slow database) is given up: the page frame goes out and the browser fetches. */
const RENDER_TIMEOUT_MS = 2500;

/**
 * At most this many renders at once (each is 35–50 ms of this process's CPU): past it, the page frame goes out and
 * the browser renders the screen itself, so a burst of visitors or a crawler cannot take the API's CPU.
 */
const RENDERS_AT_ONCE = 4;

const ROOT_SLOT = '<div id="root"></div>';

export interface ScreenRenderer {
  /** Whether the server renders this path per request for an anonymous visitor. */
  handles(pathname: string): boolean;
  /**
   * The page's HTML — the build's shell with #root rendered (inert until the app has rendered over it: main.tsx),
   * the data it was rendered from, and the screen's stylesheets in the head — or null (not rendered, a call failed, too slow): the caller sends the page frame.
   */
  page(url: string, styles: string[], phone?: boolean): Promise<string | null>;
  /** Whether the server renders this path per request for a signed-in buyer (with the page session cookie). */
  handlesSignedIn(pathname: string): boolean;
  /**
   * A signed-in screen rendered for the session of `token` (the page session cookie), when that session is live
   * (looked up as the API does: GET /api/me with it as the Bearer token) and its user is the one the browser's
   * stored session names (`hintUser`, the hint cookie: a browser whose stored session is another's — a staff "view
   * as" opened over a buyer's sign-in — gets the frame). `ended`: the session is no longer valid (expired, revoked,
   * signed out elsewhere): the caller removes the cookie. html null: the caller sends the page frame.
   */
  signedInPage(
    url: string,
    styles: string[],
    token: string,
    hintUser: string | null,
    phone?: boolean,
  ): Promise<{ html: string | null; ended: boolean }>;
}

/** Marks the renders' own API calls (the rate limit skips them: they are the page's, not the visitor's). */
export interface InternalHeader {
  name: string;
  value: string;
}

/** A header and a value only this process knows. */
export const newInternalHeader = (): InternalHeader => ({
  name: 'x-mitrebox-render',
  value: randomBytes(16).toString('hex'),
});

/** The session a render's API calls are made with (a signed-in screen's), or none (a public screen's). */
const sessionOfRender = new AsyncLocalStorage<{ token: string }>();

/**
 * Whether a page is asked for by a phone (its width-dependent parts are rendered for one: apps/web/src/lib/viewport.ts):
 * Chromium says so in Sec-CH-UA-Mobile, every phone's browser in its user agent ("Mobi"; a desktop Chromium made to
 * look like a phone keeps its "?0" hint).
 */
export function askedByPhone(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['sec-ch-ua-mobile'] === '?1' || /Mobi/i.test(String(headers['user-agent'] ?? ''));
}

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const STYLE = /^\/assets\/[\w.~-]+\.css$/;

/**
 * The per-request render of the public data screens (ADR 013): the web build's server bundle (apps/web/dist-ssr,
 * written by scripts/prerender.mjs) renders them with React on this server, its API calls made in process
 * (`app.inject`, the same routes and answers a browser gets). Null when the build has no such bundle.
 */
export async function createScreenRenderer(
  app: FastifyInstance,
  webDist: string,
  internalHeader: InternalHeader,
  bundleFile = path.resolve(webDist, '../dist-ssr/prerender.js'),
): Promise<ScreenRenderer | null> {
  // the build's shell for painted-first pages (its entry asked for after the page's load), else index.html
  const paintFirst = path.join(webDist, 'screen-shell.html');
  const paintFirstShell = existsSync(paintFirst);
  const shellFile = paintFirstShell ? paintFirst : path.join(webDist, 'index.html');
  if (!existsSync(bundleFile) || !existsSync(shellFile)) return null;
  const built = readFileSync(shellFile, 'utf8');
  if (!built.includes(ROOT_SLOT)) return null;
  // The page is painted from its HTML, its stylesheets and fonts: on a phone's few connections these go first.
  // The entry's static imports are found when it arrives (not preloaded beside the page's pictures), and the
  // stylesheets come inside the page (one request, not ten); each keeps a disabled <link> with its address,
  // which the browser does not fetch and by which Vite's loader knows the styles are there.
  const entryStyles: string[] = [];
  const shell = built
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">\s*/g, (_all, href: string) => {
      entryStyles.push(href);
      return '';
    });
  const cssCache = new Map<string, ReturnType<typeof parseCss> | null>();
  const cssOf = (href: string) => {
    if (!cssCache.has(href)) {
      const file = path.join(webDist, href);
      cssCache.set(href, STYLE.test(href) && existsSync(file) ? parseCss(readFileSync(file, 'utf8')) : null);
    }
    return cssCache.get(href) ?? null;
  };
  // The bundle (React, Mantine, the screens) takes a while to load: it is loaded once the server listens, in the
  // background — the start is not slower — and pages asked for before it is in get the page frame.
  let bundle: RenderBundle | null = null;
  const load = async () => {
    const loaded = (await import(pathToFileURL(bundleFile).href)) as RenderBundle;
    if (typeof loaded.renderScreen !== 'function') throw new Error(`${bundleFile} exports no renderScreen`);
    configure(loaded);
    bundle = loaded;
    // the first render of a process compiles the screens' code: done here rather than in a visitor's request
    await render('/Shop', []);
  };
  let loadStarted = false;
  const startLoading = () => {
    if (loadStarted) return;
    loadStarted = true;
    load().catch((err) => app.log.warn({ err }, 'the server render is off: its bundle did not load'));
  };
  app.addHook('onListen', async () => {
    setImmediate(startLoading);
  });

  const configure = (loaded: RenderBundle) =>
    loaded.configureRender({
      fetch: async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        const headers = new Headers(init?.headers);
        headers.set(internalHeader.name, internalHeader.value);
        // Whose authority a call has is the render's, never what the bundle put there: the signed-in user's token
        // for their own page (held here, not given to the bundle), none for a public one.
        headers.delete('authorization');
        const session = sessionOfRender.getStore();
        if (session) headers.set('authorization', `Bearer ${session.token}`);
        headers.delete('accept-encoding');
        const answer = await app.inject({
          method: (init?.method ?? 'GET') as 'GET',
          url: `${url.pathname}${url.search}`,
          headers: Object.fromEntries(headers),
          // a list asked for by POST (the orders list's filters): its JSON body
          ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
        });
        return new Response(answer.rawPayload, {
          status: answer.statusCode,
          headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
        });
      },
    });

  const render = async (
    url: string,
    styles: string[],
    user?: SignedInUser,
    phone = false,
  ): Promise<string | null> => {
    const screen = bundle ? await bundle.renderScreen(url, user, { phone }) : null;
    if (!screen) return null;
    let head = '';
    // only the rules the page's HTML uses when the shell loads the full stylesheets after the page (used-css.ts)
    const classes = paintFirstShell ? classesOf(screen.root) : null;
    const later = paintFirstShell ? ' data-after-load' : '';
    for (const href of [...new Set([...entryStyles, ...styles])]) {
      const css = cssOf(href);
      head +=
        css === null
          ? `<link rel="stylesheet" crossorigin href="${href}">`
          : `<style>${usedCss(css, classes).replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" crossorigin href="${href}" disabled${later}>`;
    }
    return shell
      .replace('</head>', `${head}</head>`)
      .replace(
        ROOT_SLOT,
        `<div id="root" inert>${screen.root}</div><script type="application/json" id="${FIRST_DATA_ID}"${user ? ` data-user="${user.id}"` : ''}>${escapeJson(screen.data)}</script>`,
      );
  };

  let rendering = 0;

  /** One render within the limits (at most RENDERS_AT_ONCE, RENDER_TIMEOUT_MS), or null. */
  const limited = async (url: string, work: () => Promise<string | null>): Promise<string | null> => {
    if (!bundle) {
      startLoading(); // (an app that does not listen, in tests, loads it at its first page)
      return null;
    }
    if (rendering >= RENDERS_AT_ONCE) return null;
    rendering++;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
    });
    try {
      return await Promise.race([work(), late]);
    } catch (err) {
      app.log.warn({ err, url }, 'server render failed: the page frame was sent');
      return null;
    } finally {
      rendering--;
      clearTimeout(timer);
    }
  };

  /** The session's user, as the API sees the token (GET /api/me): null when it is not a live, verified session. */
  const userOf = async (token: string): Promise<{ user: SignedInUser | null; ended: boolean }> => {
    const answer = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}`, [internalHeader.name]: internalHeader.value },
    });
    if (answer.statusCode === 401) return { user: null, ended: true };
    if (answer.statusCode !== 200) return { user: null, ended: false };
    const user = (answer.json() as { user?: SignedInUser }).user;
    return { user: user && typeof user.id === 'number' ? user : null, ended: false };
  };

  return {
    handles: (pathname) => RENDERED.some((r) => r.test(pathname)),
    page: (url, styles, phone) =>
      limited(url, () => sessionOfRender.exit(() => render(url, styles, undefined, phone))),
    handlesSignedIn: (pathname) => RENDERED_SIGNED_IN.some((r) => r.test(pathname)),
    async signedInPage(url, styles, token, hintUser, phone) {
      // no user named by the app (none, or a sign-in still waiting for its two-step code: its session would answer
      // 401 and lose the cookie it needs once the code is in): the frame, the session left alone
      if (!bundle || hintUser === null || !/^[1-9]\d*$/.test(hintUser)) {
        return { html: await limited(url, async () => null), ended: false };
      }
      const { user, ended } = await userOf(token);
      if (!user || String(user.id) !== hintUser) return { html: null, ended };
      const html = await limited(url, () =>
        sessionOfRender.run({ token }, () => render(url, styles, user, phone)),
      );
      return { html, ended: false };
    },
  };
}
