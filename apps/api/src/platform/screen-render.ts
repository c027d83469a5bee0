import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { classesOf, parseCss, usedCss } from './used-css.ts';

/** What the web build's server bundle exports for this (apps/web/src/prerender.tsx). */
interface RenderBundle {
  configureRender(options: { fetch: typeof fetch }): void;
  renderScreen(url: string): Promise<{ root: string; data: unknown } | null>;
}

/** The id the browser reads the page's data from (apps/web/src/lib/first-data.ts). */
export const FIRST_DATA_ID = 'mb-first-data';

/** Pathnames the bundle renders: the shop's listing and a product page (not /Shop/{code}, a dialog over it). */
const RENDERED = [/^\/shop\/?$/i, /^\/productDetail\/[^/]{1,80}\/?$/i];

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
  page(url: string, styles: string[]): Promise<string | null>;
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
        headers.delete('accept-encoding');
        const answer = await app.inject({
          method: (init?.method ?? 'GET') as 'GET',
          url: `${url.pathname}${url.search}`,
          headers: Object.fromEntries(headers),
        });
        return new Response(answer.rawPayload, {
          status: answer.statusCode,
          headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
        });
      },
    });

  const render = async (url: string, styles: string[]): Promise<string | null> => {
    const screen = bundle ? await bundle.renderScreen(url) : null;
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
        `<div id="root" inert>${screen.root}</div><script type="application/json" id="${FIRST_DATA_ID}">${escapeJson(screen.data)}</script>`,
      );
  };

  let rendering = 0;

  return {
    handles: (pathname) => RENDERED.some((r) => r.test(pathname)),
    async page(url, styles) {
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
        return await Promise.race([render(url, styles), late]);
      } catch (err) {
        app.log.warn({ err, url }, 'server render failed: the page frame was sent');
        return null;
      } finally {
        rendering--;
        clearTimeout(timer);
      }
    },
  };
}
