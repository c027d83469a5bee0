import { paymentMessages } from '@mitrebox/domain';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { userStanding } from './modules/accounts/accounts.service.ts';
import { colleaguesRoutes } from './modules/accounts/colleagues.routes.ts';
import { createGuards } from './modules/auth/auth.guard.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { sessionAccountOf, sessionReadOf } from './modules/auth/sessions.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { orderAgainRoutes } from './modules/cart/order-again.routes.ts';
import { createOrderAgain } from './modules/cart/order-again.ts';
import { sampleRoutes } from './modules/cart/samples.routes.ts';
import { createSampleService } from './modules/cart/samples.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { CSV_IMPORT_PATHS, catalogueAdminRoutes } from './modules/catalogue/catalogue-admin.routes.ts';
import { createCatalogueAdminService } from './modules/catalogue/catalogue-admin.service.ts';
import { priceListRoutes } from './modules/catalogue/price-list.routes.ts';
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
import { balanceRoutes } from './modules/invoices/balance.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { statementRoutes } from './modules/invoices/statement.routes.ts';
import { listsRoutes } from './modules/lists/lists.routes.ts';
import { createListsService } from './modules/lists/lists.service.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotifications } from './modules/notifications/notifications.service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { samplesOrderedThisMonth } from './modules/orders/sample-count.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService, type PaymentsServiceDeps } from './modules/payments/payments.service.ts';
import { shippingRoutes } from './modules/shipping/shipping.routes.ts';
import { createShippingService } from './modules/shipping/shipping.service.ts';
import { shopApiRoutes } from './modules/shop-api/shop-api.routes.ts';
import { createShopApiService } from './modules/shop-api/shop-api.service.ts';
import { staffApi } from './modules/staff/staff-api.ts';
import { registerViewAsGuard } from './modules/staff/view-as.ts';
import { registerCardDataGuard } from './platform/card-data-guard.ts';
import type { Database } from './platform/db.ts';
import { loggerOptions, RequestLog } from './platform/logging.ts';
import type { Mailer } from './platform/mail.ts';
import { createGateway } from './platform/payments/index.ts';
import { createSandboxFieldsServer, type SandboxFieldsServer } from './platform/payments/sandbox-fields.ts';
import { newInternalHeader } from './platform/screen-render.ts';
import { apiDocs } from './plugins/api-docs.ts';
import { backgroundJobs } from './plugins/background-jobs.ts';
import { cleanText } from './plugins/clean-text.ts';
import { compression } from './plugins/compression.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { noStore } from './plugins/no-store.ts';
import { rateLimiting } from './plugins/rate-limit.ts';
import { requestIntake } from './plugins/request-intake.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { webPages } from './plugins/web-pages.ts';

/** A shutdown lets the e-mails under way go out, for this long at most (a stuck SMTP server holds one for minutes). */
const SHUTDOWN_MAIL_WAIT_MS = 10_000;

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

/** What we accept as a forwarded request id: letters, digits, dot, underscore and dash, 8 to 64 of them. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** TRUST_PROXY as a hop count: trust the nearest n proxies in front of the shop. */
const hopsOf = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * The shop's server: the parts every request passes through (plugins/, in the order they act), then the modules'
 * routes, then the web app's pages. The order of registration is the order of the hooks: keep it.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify(serverOptions(deps));
  await app.register(requestIntake, { requestsAtOnce: config.REQUESTS_AT_ONCE });
  await app.register(cleanText);
  await app.register(noStore);
  await app.register(errorHandler);
  // the sandbox gateway's card fields are made with the payments module (below); the page may frame them
  const sandboxFieldsOrigin = (shopOrigin: string) => app.sandboxFields?.originFor(shopOrigin) ?? null;
  await app.register(securityHeaders, { config, sandboxFieldsOrigin });
  await app.register(compression);
  // the server's renders of public pages call the API in process (platform/screen-render.ts): not counted
  const renderCalls = newInternalHeader();
  await app.register(rateLimiting, { config, renderCalls });
  // Card data never reaches the API (the sandbox gateway's tokenizer is on its own listener, not here). CSV
  // imports are checked cell by cell instead: product codes with dashes ran together with their neighbours
  // look card-shaped to a whole-body scan (modules/catalogue/product-csv.ts).
  registerCardDataGuard(app, {
    exempt: [...CSV_IMPORT_PATHS],
    message: paymentMessages.cardNumberRefused,
  });
  await app.register(apiDocs);

  const services = await registerModules(app, deps);

  await app.register(backgroundJobs, {
    db: database.db,
    config,
    start: Boolean(deps.startJobs),
    services,
  });
  await app.register(webPages, {
    webDist: config.WEB_DIST,
    serve: deps.serveWeb !== false,
    catalogue: services.catalogue,
    renderCalls,
  });
  app.decorate('services', services);
  return app;
}

/** Fastify's own settings: the request log, the body limit, the proxies trusted, paths, the request id. */
function serverOptions(deps: AppDeps): FastifyServerOptions {
  const { config } = deps;
  return {
    logger:
      deps.logger === false
        ? false
        : {
            ...loggerOptions(config.LOG_LEVEL, deps.prettyLogs),
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    // one line a request, once answered (platform/logging.ts)
    logController: new RequestLog(),
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For names the client only when it comes from a configured proxy (TRUST_PROXY)
    trustProxy: typeof config.TRUST_PROXY === 'number' ? hopsOf(config.TRUST_PROXY) : config.TRUST_PROXY,
    // The specification's calls mix cases (getProductDetailsByCode, Shop/Products): paths match in any case;
    // parameter values keep theirs.
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false },
    // A request id travels end to end: taken from the proxy's X-Request-Id when it is a plain token, else made
    // here; every log line of the request carries it (reqId) and the answer echoes it (plugins/request-intake.ts).
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
  };
}

/** Each module's service made once, its routes registered; the services go back for the jobs, pages and tests. */
async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<FastifyInstance['services']> {
  const { config, database } = deps;
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

  // the readiness check says whether the catalogue index or PostgreSQL answers listings (asked after the start)
  await app.register(healthRoutes(database, () => catalogue.catalogueServing()));
  await app.register(cdnRoutes({ db: database.db, dataDir: config.DATA_DIR }));
  const catalogue = createCatalogueService({
    db: database.db,
    config,
    // a signed-in listing reads its session in its page's statement, with the auth module's SQL
    sessionColumns: { read: sessionReadOf, accountOf: sessionAccountOf },
    onIndexError: (err) => app.log.error({ err }, 'catalogue index not built; listings answered with SQL'),
  });
  app.addHook('onClose', () => catalogue.closeIndex());
  const cart = createCartService({
    db: database.db,
    config,
    catalogue,
    samplesOrdered: samplesOrderedThisMonth(config.BUSINESS_TZ),
  });
  // the buyers' e-mails (order confirmation, the ERP's invoice news): after commit, in the background
  // when orders ship and arrive: the buyer's screens and the order confirmation say it the same way
  const shipping = createShippingService({ db: database.db, timeZone: config.BUSINESS_TZ });
  const notifications = createNotifications({
    db: database.db,
    config,
    mailer,
    catalogue,
    log: app.log,
    shipBy: async (order) =>
      (await shipping.orderLines(order)).map((l) => [l.shipText, l.deliveryText].filter(Boolean).join('. ')),
  });
  app.addHook('onClose', () => notifications.idle(SHUTDOWN_MAIL_WAIT_MS));
  const orders = createOrdersService({
    db: database.db,
    config,
    cart,
    catalogue,
    placed: notifications.orderPlaced,
  });

  await app.register(authRoutes(auth, guards, { maxAgeMs: config.SESSION_MAX_AGE_MS }));
  await app.register(catalogueRoutes(catalogue, guards, config));
  const catalogueAdmin = createCatalogueAdminService({
    db: database.db,
    onChange: () => catalogue.invalidate(),
  });
  await app.register(catalogueAdminRoutes(catalogueAdmin, guards));
  const erp = createErpService({ db: database.db, invoicesImported: notifications.invoicesImported });
  await app.register(erpRoutes({ erp, catalogueAdmin }, guards));
  await app.register(ordersRoutes({ db: database.db, config, catalogue, orders }, guards));
  // the account's API keys, and the point-of-sale API its software calls with one
  await app.register(
    shopApiRoutes(
      { db: database.db, config, keys: createShopApiService({ db: database.db }), orders },
      guards,
    ),
  );
  await app.register(notificationsRoutes({ db: database.db, links: notifications.links }, guards));
  await app.register(invoicesRoutes({ db: database.db, catalogue }, guards));
  await app.register(balanceRoutes({ db: database.db }, guards));
  await app.register(statementRoutes({ db: database.db, config }, guards));
  await app.register(priceListRoutes({ db: database.db, config }, guards));
  // The sandbox gateway's card fields: a listener and origin of their own, listening once the server does
  let sandboxFields: SandboxFieldsServer | null = null;
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
  await app.register(cartRoutes(cart, guards));
  await app.register(sampleRoutes(createSampleService({ config, cart, catalogue }), guards));
  const orderAgain = createOrderAgain({ db: database.db, cart, orders, catalogue });
  await app.register(orderAgainRoutes(orderAgain, guards));
  const lists = createListsService({ db: database.db, catalogue, addKeptLines: orderAgain.addKeptLines });
  await app.register(listsRoutes(lists, guards));
  await app.register(shippingRoutes(shipping, guards));
  await app.register(accountsRoutes({ db: database.db, catalogue, config, mailer, auth }, guards));
  await app.register(colleaguesRoutes({ db: database.db, config, mailer, auth }, guards));
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

  return { auth, mailer, catalogue, catalogueAdmin, cart, orders, payments, gateway, frames, notifications };
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
      notifications: ReturnType<typeof createNotifications>;
    };
    /** The sandbox gateway's card-field listener (null with a real gateway); the entry starts it after listen. */
    sandboxFields: SandboxFieldsServer | null;
  }
}
