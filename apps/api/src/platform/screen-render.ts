import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { createPageWriter, type RenderedScreen, readScreenShell } from './screen-page.ts';
import {
  type InternalHeader,
  inProcessFetch,
  type SignedInUser,
  sessionOfRender,
  sessionUser,
} from './screen-render-calls.ts';

export { FIRST_DATA_ID } from './screen-page.ts';
export { type InternalHeader, newInternalHeader, type SignedInUser } from './screen-render-calls.ts';

/** What the web build's server bundle exports for this (apps/web/src/prerender.tsx). */
interface RenderBundle {
  configureRender(options: { fetch: typeof fetch }): void;
  /** `user`: a signed-in screen rendered for that user (its API calls carry the user's token: see `configure`). */
  renderScreen(
    url: string,
    user?: SignedInUser,
    options?: { phone?: boolean },
  ): Promise<RenderedScreen | null>;
}

/**
 * Pathnames the bundle renders for a visitor: the shop's listing and a product page (not /Shop/{code}, a dialog over
 * it), and the public pages whose largest paint would otherwise wait for the app (the collections' tiles, the Frame
 * Creator's photographs, Where To Buy's search, careers, contact: issue 33).
 */
const RENDERED = [
  /^\/shop\/?$/i,
  /^\/productDetail\/[^/]{1,80}\/?$/i,
  /^\/collections\/?$/i,
  /^\/frameBuilder\/?$/i,
  /^\/whereToBuy\/?$/i,
  /^\/careers\/?$/i,
  /^\/contactUs\/?$/i,
];

/**
 * Pathnames rendered for a signed-in buyer with the renderer's session cookie (platform/page-session.ts): the home
 * page (a visitor's is prerendered: home.html), the shop's listing and a product page with the buyer's prices and
 * stock, the cart, the Frame Builder, the orders lists (/Admin/userListOrders and its older path) and My Account
 * (/Admin, /Admin/userSettings and its older path).
 */
const RENDERED_SIGNED_IN = [
  ...RENDERED,
  /^\/$/,
  /^\/cart\/?$/i,
  /^\/frameBuilder\/?$/i,
  /^\/admin\/userListOrders(?:\/[^/]{1,80})?\/?$/i,
  /^\/userListOrders\/?$/i,
  /^\/admin\/?$/i,
  /^\/(?:admin\/)?userSettings\/?$/i,
];

/** A render slower than this (a slow database) is given up: the page frame goes out and the browser fetches. */
const RENDER_TIMEOUT_MS = 2500;

/**
 * At most this many renders at once (each is 35–50 ms of this process's CPU): past it, the page frame goes out and
 * the browser renders the screen itself, so a burst of visitors or a crawler cannot take the API's CPU.
 */
const RENDERS_AT_ONCE = 4;

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

/**
 * Whether a page is asked for by a phone (its width-dependent parts are rendered for one: apps/web/src/lib/viewport.ts):
 * Chromium says so in Sec-CH-UA-Mobile, every phone's browser in its user agent ("Mobi"; a desktop Chromium made to
 * look like a phone keeps its "?0" hint).
 */
export function askedByPhone(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['sec-ch-ua-mobile'] === '?1' || /Mobi/i.test(String(headers['user-agent'] ?? ''));
}

/**
 * Runs renders within the limits — at most RENDERS_AT_ONCE at once, each given up after RENDER_TIMEOUT_MS — and
 * answers null past them or when a render fails (the caller sends the page frame).
 */
function createRenderLimit(app: FastifyInstance) {
  let rendering = 0;
  return async (url: string, work: () => Promise<string | null>): Promise<string | null> => {
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
}

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
  if (!existsSync(bundleFile)) return null;
  const shell = readScreenShell(webDist);
  if (!shell) return null;
  const writePage = createPageWriter(webDist, shell);
  // The bundle (React, Mantine, the screens) takes a while to load: it is loaded once the server listens, in the
  // background — the start is not slower — and pages asked for before it is in get the page frame.
  let bundle: RenderBundle | null = null;
  const load = async () => {
    const loaded = (await import(pathToFileURL(bundleFile).href)) as RenderBundle;
    if (typeof loaded.renderScreen !== 'function') throw new Error(`${bundleFile} exports no renderScreen`);
    loaded.configureRender({ fetch: inProcessFetch(app, internalHeader) });
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

  const render = async (
    url: string,
    styles: string[],
    user?: SignedInUser,
    phone = false,
  ): Promise<string | null> => {
    const screen = bundle ? await bundle.renderScreen(url, user, { phone }) : null;
    return screen ? writePage(screen, styles, user?.id) : null;
  };

  const limit = createRenderLimit(app);
  /** One render within the limits, or null. */
  const limited = async (url: string, work: () => Promise<string | null>): Promise<string | null> => {
    if (!bundle) {
      startLoading(); // (an app that does not listen, in tests, loads it at its first page)
      return null;
    }
    return limit(url, work);
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
      const { user, ended } = await sessionUser(app, internalHeader, token);
      if (!user || String(user.id) !== hintUser) return { html: null, ended };
      const html = await limited(url, () =>
        sessionOfRender.run({ token }, () => render(url, styles, user, phone)),
      );
      return { html, ended: false };
    },
  };
}
