// The built web app's pages and files (off in API tests): the prerendered home page, the shop's screens rendered
// per request where the server can, the page frame for every other screen, and the JSON 404 of the API.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  clearPageSessionCookie,
  cookieValue,
  pageSessionToken,
  SESSION_HINT_COOKIE,
} from '../platform/page-session.ts';
import { linkHeader, screenPreloads, screenStyles } from '../platform/screen-preloads.ts';
import { askedByPhone, createScreenRenderer, type InternalHeader } from '../platform/screen-render.ts';

/**
 * The web app's cookie saying the browser holds a session (no token: apps/web/src/lib/session-hint.ts): its value is
 * the stored session's user id ('pending' before the sign-in has its user; '1' from an older app).
 */
const SESSION_HINT = /(?:^|;\s*)mb_session=(?:[1-9]\d*|pending)(?:;|$)/;

export interface WebPagesOptions {
  /** The web app's build folder (config.WEB_DIST). */
  webDist: string;
  /** Serve it when it has been built (false in API tests). */
  serve: boolean;
  /** A product page's largest picture, asked for with the page. */
  catalogue: Pick<FastifyInstance['services']['catalogue'], 'imageOfCode'>;
  /** Marks the renders' in-process calls to the API (not rate-limited: plugins/rate-limit.ts). */
  renderCalls: InternalHeader;
}

type PageAnswer = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

export const webPages = fp(
  async (app: FastifyInstance, opts: WebPagesOptions) => {
    const webDist = path.resolve(opts.webDist);
    const serveWeb = opts.serve && existsSync(path.join(webDist, 'index.html'));
    const pageAnswer = serveWeb ? await servePages(app, webDist, opts) : null;
    app.setNotFoundHandler(async (request, reply) => {
      const isApi = /^\/(api|cdn)(\/|$)/i.test(request.url) || request.method !== 'GET';
      if (!isApi && pageAnswer) return pageAnswer(request, reply);
      return reply.code(404).send({ message: 'Not found' });
    });
  },
  { name: 'web-pages' },
);

/** Registers the build's files and the home page; answers every other page address (the not-found handler's). */
async function servePages(
  app: FastifyInstance,
  webDist: string,
  { catalogue, renderCalls }: WebPagesOptions,
): Promise<PageAnswer> {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    // '/' is the prerendered home page (below), not index.html
    index: false,
    wildcard: true,
    // index.html.br / .gz and every asset's .br / .gz from the build, chosen by Accept-Encoding
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  // The build prerenders the home page and the page frame (apps/web/scripts/prerender.mjs, ADR 013): '/' is
  // rendered per request like the shop (below), else sent home.html; every other screen the frame (index.html when
  // the build made neither). A browser with a session (its hint cookie, set by the app: lib/session-hint.ts) never
  // gets home.html: the signed-in home page is the buyer's own, not the visitors' hero.
  const page = (file: string) => (existsSync(path.join(webDist, file)) ? file : 'index.html');
  const homePage = page('home.html');
  const framePage = page('frame.html');
  const preloadsOf = screenPreloads(webDist);
  // the shop's listing and product pages are rendered per request with their data for an anonymous visitor
  const stylesOf = screenStyles(webDist);
  const renderer = await createScreenRenderer(app, webDist, renderCalls);
  const productPictureOf = async (pathname: string): Promise<string | undefined> => {
    const code = /^\/productDetail\/([^/]{1,80})\/?$/i.exec(pathname)?.[1];
    if (!code) return undefined;
    try {
      return await catalogue.imageOfCode(decodeURIComponent(code));
    } catch {
      return undefined; // a malformed address or a database hiccup: the page goes out without the hint
    }
  };

  const answer: PageAnswer = async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // a product page's largest picture is its product's: asked for with the page, before any script has run
    const picture = await productPictureOf(pathname);
    const pictureLink = picture && `<${picture}>; rel=preload; as=image; fetchpriority=high`;
    reply.header('cache-control', 'no-cache');
    if (renderer?.handlesSignedIn(pathname)) {
      // A signed-in screen rendered for the buyer whose page session cookie this is (ADR 013): their own data, so
      // the page never enters a shared cache, nor this browser's.
      reply.header('vary', 'Cookie');
      const token = pageSessionToken(request.headers.cookie);
      const secure = request.protocol === 'https';
      if (token) {
        const { html, ended } = await renderer.signedInPage(
          request.url,
          stylesOf(pathname),
          token,
          cookieValue(request.headers.cookie, SESSION_HINT_COOKIE),
          askedByPhone(request.headers),
        );
        if (ended) reply.header('set-cookie', clearPageSessionCookie(secure));
        if (html) {
          if (pictureLink) reply.header('link', pictureLink);
          return reply
            .header('cache-control', 'private, no-store')
            .type('text/html; charset=utf-8')
            .send(html);
        }
      }
    }
    if (renderer?.handles(pathname)) {
      // a browser with a session gets the frame: its shop has prices and stock, rendered by the app itself
      reply.header('vary', 'Cookie');
      const html = SESSION_HINT.test(request.headers.cookie ?? '')
        ? null
        : await renderer.page(request.url, stylesOf(pathname), askedByPhone(request.headers));
      // A rendered page is painted from its HTML: the screen's scripts are not asked for beside it (they would
      // share the phone's bandwidth with the page's pictures); the entry finds them when it runs (ADR 013).
      if (html) {
        if (pictureLink) reply.header('link', pictureLink);
        return reply.type('text/html; charset=utf-8').send(html);
      }
    }
    if (pathname === '/') {
      return reply
        .header('vary', 'Cookie')
        .type('text/html')
        .sendFile(SESSION_HINT.test(request.headers.cookie ?? '') ? framePage : homePage);
    }
    const link = linkHeader([pictureLink, ...preloadsOf(pathname)]);
    if (link) reply.header('link', link);
    return reply.type('text/html').sendFile(framePage);
  };
  app.get('/', { schema: { hide: true } }, answer);
  return answer;
}
