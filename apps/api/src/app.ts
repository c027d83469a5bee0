import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { paymentMessages } from '@mitrebox/domain';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createGuards } from './modules/auth/auth.guard.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { cdnRoutes } from './modules/cdn/cdn.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { type ScheduledJob, scheduleMidnightCartClearing } from './modules/jobs/jobs.service.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService, type PaymentsServiceDeps } from './modules/payments/payments.service.ts';
import { registerCardDataGuard } from './platform/card-data-guard.ts';
import type { Database } from './platform/db.ts';
import { AppError } from './platform/errors.ts';
import { loggerOptions } from './platform/logging.ts';
import type { Mailer } from './platform/mail.ts';
import { createGateway } from './platform/payments/index.ts';
import { SANDBOX_TOKENIZE_PATH } from './platform/payments/sandbox.ts';
import { sandboxFieldsRoutes } from './platform/payments/sandbox-fields.ts';

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
  paymentFaults?: Pick<PaymentsServiceDeps, 'faults' | 'batchFaults' | 'leaseMs'>;
}

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
    trustProxy: true,
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
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

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
        errors[field] ??= issue.message ?? 'is invalid';
      }
      const first = Object.entries(errors)[0];
      return reply
        .code(400)
        .send({ message: first ? `${first[0]}: ${first[1]}` : 'The request is invalid.', errors });
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

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  // API answers above 1 KB go out brotli- or gzip-compressed when the client asks (Vary: Accept-Encoding);
  // images are not compressible types and are left alone; the web app's files are precompressed at build
  // time and served as they are (preCompressed below), so they are never compressed per request.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

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
    allowList: (req) => req.method === 'GET' && !/^\/api(\/|$)/i.test(req.url),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });

  // Card data never reaches the API (the sandbox gateway's own tokenizer stands in for the gateway).
  registerCardDataGuard(app, {
    exempt: [SANDBOX_TOKENIZE_PATH],
    message: paymentMessages.cardNumberRefused,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Mitrebox API',
        description: 'The trade web shop of a picture-framing supplier.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const mailer =
    deps.mailer ??
    createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  const auth = createAuthService({ db: database.db, config, mailer });
  const guards = createGuards(auth.authenticate);

  await app.register(healthRoutes(database));
  await app.register(cdnRoutes({ db: database.db, dataDir: config.DATA_DIR }));
  const catalogue = createCatalogueService({ db: database.db, config });
  const cart = createCartService({ db: database.db, config, catalogue });
  const orders = createOrdersService({ db: database.db, config, cart, catalogue });

  await app.register(authRoutes(auth, guards));
  await app.register(catalogueRoutes(catalogue, guards, config));
  await app.register(ordersRoutes({ db: database.db, config, catalogue, orders }, guards));
  await app.register(invoicesRoutes({ db: database.db, catalogue }, guards));
  const { gateway, sandbox } = createGateway(config, database.db);
  if (sandbox) await app.register(sandboxFieldsRoutes(sandbox, { publicUrl: config.PUBLIC_URL }));
  const payments = createPaymentsService({
    db: database.db,
    gateway,
    mailer,
    log: app.log,
    companyName: config.COMPANY_NAME,
    ...deps.paymentFaults,
  });
  await app.register(paymentsRoutes({ db: database.db, gateway, payments }, guards));
  await app.register(cartRoutes(cart, orders, guards));
  await app.register(accountsRoutes({ db: database.db, catalogue }, guards));

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
    // The batch payment job: right after a batch is made, and every BATCH_JOB_INTERVAL_MS for what is left
    // (another process's crash, a restart). Items are claimed in the database, so processes share the work.
    payments.kickBatchJob = () => void payments.runBatchJob();
    const timer = setInterval(() => void payments.runBatchJob(), config.BATCH_JOB_INTERVAL_MS);
    timer.unref();
    jobs.push({ stop: () => clearInterval(timer) });
    setTimeout(() => void payments.runBatchJob(), 1000).unref();
  }
  app.addHook('onClose', async () => {
    for (const job of jobs) job.stop();
  });

  const webDist = path.resolve(config.WEB_DIST);
  const serveWeb = deps.serveWeb !== false && existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: 'index.html',
      wildcard: true,
      // index.html.br / .gz and every asset's .br / .gz from the build, chosen by Accept-Encoding
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/(api|cdn)(\/|$)/i.test(request.url) || request.method !== 'GET';
    if (!isApi && serveWeb) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found' });
  });

  app.decorate('services', { auth, mailer, catalogue, cart, orders, payments, gateway });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: {
      auth: ReturnType<typeof createAuthService>;
      mailer: Mailer;
      catalogue: ReturnType<typeof createCatalogueService>;
      cart: ReturnType<typeof createCartService>;
      orders: ReturnType<typeof createOrdersService>;
      payments: ReturnType<typeof createPaymentsService>;
      gateway: import('./platform/payments/gateway.ts').PaymentGateway;
    };
  }
}
