import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { findUncleanText, UNCLEAN_TEXT_MESSAGE } from '@mitrebox/api-contract';
import { paymentMessages, plainFieldMessage } from '@mitrebox/domain';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from './config.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { userStanding } from './modules/accounts/accounts.service.ts';
import { createGuards } from './modules/auth/auth.guard.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { CSV_IMPORT_PATHS, catalogueAdminRoutes } from './modules/catalogue/catalogue-admin.routes.ts';
import { createCatalogueAdminService } from './modules/catalogue/catalogue-admin.service.ts';
import { cdnRoutes } from './modules/cdn/cdn.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { createContentService } from './modules/content/content.service.ts';
import { dealersRoutes } from './modules/dealers/dealers.routes.ts';
import { createDealersService } from './modules/dealers/dealers.service.ts';
import { erpRoutes } from './modules/erp/erp.routes.ts';
import { createErpService } from './modules/erp/erp.service.ts';
import { framesRoutes } from './modules/frames/frames.routes.ts';
import { createFramesService } from './modules/frames/frames.service.ts';
import { createStripSource } from './modules/frames/frames.strips.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import {
  type ScheduledJob,
  scheduleHourly,
  scheduleMidnightCartClearing,
} from './modules/jobs/jobs.service.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService, type PaymentsServiceDeps } from './modules/payments/payments.service.ts';
import { staffApi } from './modules/staff/staff-api.ts';
import { registerViewAsGuard } from './modules/staff/view-as.ts';
import { admission } from './platform/admission.ts';
import { registerCardDataGuard } from './platform/card-data-guard.ts';
import type { Database } from './platform/db.ts';
import { AppError, badRequest } from './platform/errors.ts';
import { loggerOptions } from './platform/logging.ts';
import type { Mailer } from './platform/mail.ts';
import {
  clearPageSessionCookie,
  cookieValue,
  pageSessionToken,
  SESSION_HINT_COOKIE,
} from './platform/page-session.ts';
import { BRAINTREE_CSP, createGateway } from './platform/payments/index.ts';
import { createSandboxFieldsServer, type SandboxFieldsServer } from './platform/payments/sandbox-fields.ts';
import { letConnectionGo, ownRequest, requestConnections } from './platform/request-connection.ts';
import { linkHeader, screenPreloads, screenStyles } from './platform/screen-preloads.ts';
import { askedByPhone, createScreenRenderer, newInternalHeader } from './platform/screen-render.ts';

const UNREADABLE_UPLOAD =
  'The form upload could not be read: it is incomplete or malformed. Please choose the file and send it again.';

/** What we accept as a forwarded request id: letters, digits, dot, underscore and dash, 8 to 64 of them. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export interface AppDeps {
  config: Config;
  database: Database;
  /** Tests may pass their own; by default the outbox/SMTP mailer of the configuration. */
  mailer?: Mailer;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Schedule the background jobs (the server does; tests run jobs directly). */
  startJobs?: boolean;
  /** Human-readable log lines (a terminal in development); JSON otherwise. */
  prettyLogs?: boolean;
  /** Where the request log goes (tests read it); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** Tests inject faults into the payment paths (a failed recording, a crash mid-batch). */
  paymentFaults?: Pick<PaymentsServiceDeps, 'faults' | 'batchFaults' | 'leaseMs' | 'reconcileAfterMs'>;
}

/** TRUST_PROXY as a hop count: trust the nearest n proxies in front of the shop. */
const hopsOf = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The page routes: the prerendered home page and the static files' wildcard (which falls back to the page frame). */
const PAGE_ROUTES = new Set(['/', '/*']);
/** Answered at once, never queued behind the requests at work (platform/admission.ts): a busy process is alive. */
const HEALTH_ROUTES = new Set(['/api/health', '/api/health/live', '/api/health/ready']);

/**
 * The web app's cookie saying the browser holds a session (no token: apps/web/src/lib/session-hint.ts): its value is
 * the stored session's user id ('pending' before the sign-in has its user; '1' from an older app).
 */
const SESSION_HINT = /(?:^|;\s*)mb_session=(?:[1-9]\d*|pending)(?:;|$)/;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            ...loggerOptions(config.LOG_LEVEL, deps.prettyLogs),
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For names the client only when it comes from a configured proxy (TRUST_PROXY)
    trustProxy: typeof config.TRUST_PROXY === 'number' ? hopsOf(config.TRUST_PROXY) : config.TRUST_PROXY,
    // The specification's calls mix cases (getProductDetailsByCode, Shop/Products): paths match in any case;
    // parameter values keep theirs.
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false },
    // A request id travels end to end: taken from the proxy's X-Request-Id when it is a plain token, else made
    // here; every log line of the request carries it (reqId) and the answer echoes it.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
  });
  // first of all hooks: a request's statements and transactions share one pooled connection (docs/decisions/017)
  requestConnections(app);
  // at most REQUESTS_AT_ONCE requests are worked on at once, the others wait in their order of arrival (017)
  admission(app, {
    limit: config.REQUESTS_AT_ONCE,
    exempt: (request) => ownRequest(request) || HEALTH_ROUTES.has(request.routeOptions.url ?? ''),
    waiting: letConnectionGo,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every text value of every route (path, query, body) is clean text: NUL, other control characters and lone
  // surrogates answer 400 before any validation or handler sees them (routes added later are covered too).
  // The page routes ('/' and the static files' wildcard) are left out: an address typed into the browser gets its
  // screen, which reads the query itself and asks the API, which refuses the text there.
  app.addHook('preValidation', async (request) => {
    if (PAGE_ROUTES.has(request.routeOptions.url ?? '')) return;
    // a binary body (an uploaded picture) is bytes, not text: walking its entries would stall the process
    const body = Buffer.isBuffer(request.body) ? undefined : request.body;
    for (const part of [request.params, request.query, body]) {
      const field = findUncleanText(part);
      if (field !== undefined) {
        const name = field || 'body';
        throw badRequest(`${name}: ${UNCLEAN_TEXT_MESSAGE}`, { [name]: UNCLEAN_TEXT_MESSAGE });
      }
    }
  });

  // Signed-in answers are never stored by the browser or a proxy (orders, invoices, card last four…), nor
  // is any answer to a call that changes something (a sign-in's token among them).
  app.addHook('onSend', async (request, reply) => {
    if (request.auth || request.headers.authorization || request.method !== 'GET')
      reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.status)
        .send({ message: error.message, ...(error.fields ? { errors: error.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        // one plain sentence per field (issue 10.7): never zod's technical text
        errors[field] ??= plainFieldMessage(field, issue.message);
      }
      const first = Object.values(errors)[0];
      return reply.code(400).send({ message: first ?? 'The request is invalid.', errors });
    }
    // A form upload that is not the multipart body it announces is the sender's mistake, on every multipart route.
    // The parser (busboy) throws plain errors known only by their text: cut short ('Unexpected end of multipart
    // data'), no boundary, or a boundary past its 256 characters (its search 'needle').
    if (/^multipart\//i.test(request.headers['content-type'] ?? '')) {
      if (
        (!error.statusCode && /multipart data|Boundary not found|needle/.test(error.message)) ||
        error.code === 'FST_MP_PREMATURE_CLOSE' ||
        error.code === 'FST_PROTO_VIOLATION'
      )
        return reply.code(400).send({ message: UNREADABLE_UPLOAD });
      if (error.code === 'FST_REQ_FILE_TOO_LARGE')
        return reply.code(413).send({ message: 'The file is larger than this upload allows.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'The request body is empty.'
              : error.message;
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

  const recaptchaSources =
    config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET_KEY
      ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
      : [];
  // The sandbox gateway's card fields: a listener and origin of their own (created below, listening once the
  // server does); the shop page may frame them. Braintree's hosted fields come from Braintree's hosts.
  let sandboxFields: SandboxFieldsServer | null = null;
  const fieldsOriginOf = (req: { headers: { host?: string } }) =>
    sandboxFields?.originFor(`http://${req.headers.host ?? 'localhost'}`) ?? "'self'";
  const braintree = config.PAYMENT_GATEWAY === 'braintree' ? BRAINTREE_CSP : null;
  // Security headers, helmet's middleware made once (@fastify/helmet made a new one, its directives parsed again,
  // on every request: a measurable part of a listing's CPU; docs/decisions/018)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // reCAPTCHA (only when its keys are configured) loads Google's script and frame
        scriptSrc: ["'self'", ...recaptchaSources, ...(braintree?.scriptSrc ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...(braintree?.connectSrc ?? [])],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'", ...recaptchaSources, ...(braintree?.frameSrc ?? []), fieldsOriginOf],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );

  // API answers above 1 KB go out brotli- or gzip-compressed when the client asks (Vary: Accept-Encoding);
  // images are not compressible types and are left alone; the web app's files are precompressed at build
  // time and served as they are (preCompressed below), so they are never compressed per request.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  // the server's renders of public pages call the API in process (platform/screen-render.ts): not counted
  const renderCalls = newInternalHeader();
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // ioredis is loaded only when a Redis server is configured (start-to-ready time)
    redis: config.REDIS_URL
      ? new (await import('ioredis')).Redis(config.REDIS_URL, {
          connectTimeout: 500,
          maxRetriesPerRequest: 1,
        })
      : undefined,
    skipOnError: true,
    // pages, scripts and catalogue images are not counted: one page load fetches dozens of them
    allowList: (req) =>
      (req.method === 'GET' && !/^\/api(\/|$)/i.test(req.url)) ||
      req.headers[renderCalls.name] === renderCalls.value,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });

  // Card data never reaches the API (the sandbox gateway's tokenizer is on its own listener, not here). CSV
  // imports are checked cell by cell instead: product codes with dashes ran together with their neighbours
  // look card-shaped to a whole-body scan (modules/catalogue/product-csv.ts).
  registerCardDataGuard(app, {
    exempt: [...CSV_IMPORT_PATHS],
    message: paymentMessages.cardNumberRefused,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Mitrebox API',
        description: 'The trade web shop of a picture-framing supplier.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // an ERP API key (mbx_…), made by an administrator in the back office
          erpKey: { type: 'http', scheme: 'bearer', bearerFormat: 'mbx_…' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const mailer =
    deps.mailer ??
    createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  const auth = createAuthService({ db: database.db, config, mailer });
  const guards = createGuards(auth.authenticate, {
    phone: config.CUSTOMER_SERVICE_PHONE,
    standingOf: (userId) => userStanding(database.db, userId),
    sessions: auth,
  });

  // a read-only "view as" session (opened by staff) changes nothing, on any route
  registerViewAsGuard(app, auth.authenticate);

  await app.register(healthRoutes(database));
  await app.register(cdnRoutes({ db: database.db, dataDir: config.DATA_DIR }));
  const catalogue = createCatalogueService({
    db: database.db,
    config,
    onIndexError: (err) => app.log.error({ err }, 'catalogue index not built; listings answered with SQL'),
  });
  app.addHook('onClose', () => catalogue.closeIndex());
  const cart = createCartService({ db: database.db, config, catalogue });
  const orders = createOrdersService({ db: database.db, config, cart, catalogue });

  await app.register(authRoutes(auth, guards, { maxAgeMs: config.SESSION_MAX_AGE_MS }));
  await app.register(catalogueRoutes(catalogue, guards, config));
  const catalogueAdmin = createCatalogueAdminService({
    db: database.db,
    onChange: () => catalogue.invalidate(),
  });
  await app.register(catalogueAdminRoutes(catalogueAdmin, guards));
  const erp = createErpService({ db: database.db });
  await app.register(erpRoutes({ erp, catalogueAdmin }, guards));
  await app.register(ordersRoutes({ db: database.db, config, catalogue, orders }, guards));
  await app.register(invoicesRoutes({ db: database.db, catalogue }, guards));
  const { gateway, sandbox } = createGateway(config, database.db, {
    sandboxFieldsOrigin: (shopOrigin) => sandboxFields?.originFor(shopOrigin) ?? null,
  });
  if (sandbox)
    sandboxFields = createSandboxFieldsServer(sandbox, {
      host: config.HOST,
      port: config.SANDBOX_FIELDS_PORT,
      publicOrigin: config.SANDBOX_FIELDS_ORIGIN,
      shopUrl: config.PUBLIC_URL,
      shopPort: config.PORT,
      onListenError: (err) =>
        app.log.warn(
          { err: err.message },
          'sandbox card fields: the port is taken (another process serves them)',
        ),
    });
  app.decorate('sandboxFields', sandboxFields);
  app.addHook('onClose', async () => {
    await sandboxFields?.server.close();
  });
  const payments = createPaymentsService({
    db: database.db,
    gateway,
    mailer,
    log: app.log,
    companyName: config.COMPANY_NAME,
    leaseMs: config.BATCH_LEASE_MS,
    reconcileAfterMs: config.PAYMENT_RECONCILE_AFTER_MS,
    ...deps.paymentFaults,
  });
  await app.register(paymentsRoutes({ db: database.db, gateway, payments }, guards));
  await app.register(cartRoutes(cart, orders, guards));
  await app.register(accountsRoutes({ db: database.db, catalogue, config, mailer, auth }, guards));
  const frames = createFramesService({
    db: database.db,
    catalogue,
    cart,
    strips: createStripSource({ imageBase: config.IMAGE_BASE_URL }),
  });
  await app.register(
    framesRoutes(
      {
        db: database.db,
        frames,
        randomPhotoUrl: config.FRAME_RANDOM_PHOTO_URL,
        imageRateLimitPerMinute: config.IMAGE_RATE_LIMIT_PER_MINUTE,
      },
      guards,
    ),
  );
  // Public pages: Where To Buy, careers, documents, new account, contact
  await app.register(dealersRoutes(createDealersService({ db: database.db, config })));
  await app.register(contentRoutes(createContentService({ db: database.db, config }), guards));
  await app.register(
    contactRoutes(createContactService({ db: database.db, config, mailer, log: app.log }), {
      burstPerMinute: config.CONTACT_BURST_PER_MINUTE,
    }),
  );

  // The back office: every route under /api/staff is for signed-in staff only (modules/staff/staff.sections.ts)
  await app.register(staffApi({ db: database.db, config, auth, mailer, guards, gateway }), {
    prefix: '/api/staff',
  });

  const jobs: ScheduledJob[] = [];
  if (deps.startJobs) {
    jobs.push(
      scheduleMidnightCartClearing({
        db: database.db,
        timeZone: config.BUSINESS_TZ,
        clearCarts: () => cart.clearAll(),
        log: app.log,
      }),
    );
  }
  if (deps.startJobs) {
    jobs.push(
      scheduleHourly({
        db: database.db,
        name: 'purge-frame-images',
        minute: 17,
        work: () => frames.purgeUnused(config.FRAME_IMAGE_GRACE_HOURS),
        log: app.log,
      }),
    );
  }
  if (deps.startJobs) {
    // The batch payment job: right after a batch is made, and every BATCH_JOB_INTERVAL_MS for what is left
    // (another process's crash, a restart). Items are claimed in the database, so processes share the work.
    payments.kickBatchJob = () => void payments.runBatchJob();
    const timer = setInterval(() => void payments.runBatchJob(), config.BATCH_JOB_INTERVAL_MS);
    timer.unref();
    jobs.push({ stop: () => clearInterval(timer) });
    setTimeout(() => void payments.runBatchJob(), 1000).unref();
  }
  // Graceful shutdown (app.close on SIGTERM): the server stops accepting and waits for requests in flight;
  // here the schedules stop and a payment job under way finishes the item it holds before the database closes.
  app.addHook('onClose', async () => {
    for (const job of jobs) job.stop();
    await payments.stopJob();
  });

  const webDist = path.resolve(config.WEB_DIST);
  const serveWeb = deps.serveWeb !== false && existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
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
  }

  // The build prerenders the home page and the page frame (apps/web/scripts/prerender.mjs, ADR 013): '/' is sent
  // home.html, every other screen frame.html (index.html when the build made neither).
  const page = (file: string) => (existsSync(path.join(webDist, file)) ? file : 'index.html');
  const homePage = page('home.html');
  const framePage = page('frame.html');
  if (serveWeb) {
    // A browser with a session (its hint cookie, set by the app: lib/session-hint.ts) gets the frame: the signed-in
    // home page is the buyer's own, not the visitors' hero prerendered in home.html.
    app.get('/', { schema: { hide: true } }, (request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie')
        .type('text/html')
        .sendFile(SESSION_HINT.test(request.headers.cookie ?? '') ? framePage : homePage),
    );
  }
  const preloadsOf = serveWeb ? screenPreloads(webDist) : () => [];
  // the shop's listing and product pages are rendered per request with their data for an anonymous visitor
  const stylesOf = serveWeb ? screenStyles(webDist) : () => [];
  const renderer = serveWeb ? await createScreenRenderer(app, webDist, renderCalls) : null;
  const productPictureOf = async (pathname: string): Promise<string | undefined> => {
    const code = /^\/productDetail\/([^/]{1,80})\/?$/i.exec(pathname)?.[1];
    if (!code) return undefined;
    try {
      return await catalogue.imageOfCode(decodeURIComponent(code));
    } catch {
      return undefined; // a malformed address or a database hiccup: the page goes out without the hint
    }
  };
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = /^\/(api|cdn)(\/|$)/i.test(request.url) || request.method !== 'GET';
    if (!isApi && serveWeb) {
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
      const link = linkHeader([pictureLink, ...preloadsOf(pathname)]);
      if (link) reply.header('link', link);
      return reply.type('text/html').sendFile(framePage);
    }
    return reply.code(404).send({ message: 'Not found' });
  });

  app.decorate('services', {
    auth,
    mailer,
    catalogue,
    catalogueAdmin,
    cart,
    orders,
    payments,
    gateway,
    frames,
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: {
      auth: ReturnType<typeof createAuthService>;
      mailer: Mailer;
      catalogue: ReturnType<typeof createCatalogueService>;
      catalogueAdmin: ReturnType<typeof createCatalogueAdminService>;
      cart: ReturnType<typeof createCartService>;
      orders: ReturnType<typeof createOrdersService>;
      payments: ReturnType<typeof createPaymentsService>;
      gateway: import('./platform/payments/gateway.ts').PaymentGateway;
      frames: ReturnType<typeof createFramesService>;
    };
    /** The sandbox gateway's card-field listener (null with a real gateway); the entry starts it after listen. */
    sandboxFields: SandboxFieldsServer | null;
  }
}
