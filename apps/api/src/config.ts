import { availableParallelism } from 'node:os';
import { z } from 'zod';

/** Every environment variable the shop reads, parsed once, with defaults. The README's table mirrors this. */
const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** PostgreSQL URL; unset = embedded PGlite on disk under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  /** nodemailer SMTP URL, e.g. smtp://user:pass@mail.example.com:587. Unset = outbox table and log only. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Mitrebox <orders@mitrebox.example>'),
  /** Address that receives login-problem reports and contact messages. */
  CUSTOMER_SERVICE_EMAIL: z.string().default('customerservice@mitrebox.example'),
  CUSTOMER_SERVICE_PHONE: z.string().default('800-640-2467'),
  COMPANY_NAME: z.string().default('Mitrebox Moulding Supply'),
  COMPANY_ADDRESS: z.string().default('4400 Tchoupitoulas St, New Orleans, LA 70115'),
  /** Public URL of the shop, used in e-mailed links. */
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  BUSINESS_TZ: z.string().default('America/New_York'),
  /** Idle session expiry (ms); the specification's 12 hours. */
  SESSION_IDLE_MS: z.coerce.number().int().positive().default(43_200_000),
  /** Absolute session lifetime (ms) from sign-in, however active; default 7 days. */
  SESSION_MAX_AGE_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 60 * 60_000),
  /** How long a resolved bearer token is reused within one process (ms); 0 checks the database every time. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /**
   * V8's young-generation collections on helper threads (docs/decisions/018, "GC"): `auto` keeps them on the main
   * thread on one or two cores, where the helpers wait for cores PostgreSQL is using; `on`, `off` decide.
   */
  PARALLEL_SCAVENGE: z.enum(['auto', 'on', 'off']).default('auto'),
  /**
   * How much memory V8 keeps beside what the server holds (docs/decisions/018, "Memory"): the factor by which the
   * young generation may grow when much of it survives (1: it stays at its first few MB; V8's own, 2, takes it to
   * 64 MB) and how far the old generation may grow past what the last full collection kept, in percent (V8's own
   * lets it double and more). 0 leaves V8's own.
   */
  HEAP_YOUNG_GROWTH: z.coerce.number().int().min(0).max(8).default(1),
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(400).default(25),
  /**
   * Requests worked on at once by one process; more wait their turn in their order of arrival
   * (docs/decisions/017, "Requests at once"). Default: 8 a core (16 on two cores). 0: no limit.
   */
  REQUESTS_AT_ONCE: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000)
    .default(() => 8 * availableParallelism()),
  /**
   * Sign-in throttling (docs/decisions/008): wrong passwords per account from one address before that address
   * is locked out of the account; per address over all accounts; per account from every address before a browser
   * that has not signed in to it before must solve a proof-of-work challenge; the lock and counting window in minutes.
   */
  LOGIN_MAX_FAILURES_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_IP: z.coerce.number().int().positive().default(30),
  LOGIN_MAX_FAILURES_ACCOUNT_TOTAL: z.coerce.number().int().positive().default(100),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
  /** Wrong two-step codes per sign-in (then the sign-in ends) and per account within LOGIN_LOCK_MINUTES. */
  MFA_MAX_FAILURES_SESSION: z.coerce.number().int().positive().default(5),
  MFA_MAX_FAILURES_ACCOUNT: z.coerce.number().int().positive().default(10),
  /** Password-reset and login-problem requests per e-mail address and per client address, per hour. */
  MAIL_REQUESTS_PER_EMAIL: z.coerce.number().int().positive().default(5),
  MAIL_REQUESTS_PER_IP: z.coerce.number().int().positive().default(30),
  /**
   * Which proxies may name the client address in X-Forwarded-For: unset/false = none (the socket address is
   * the client), a hop count ("1"), or a comma-separated list of addresses/CIDRs ("127.0.0.1,10.0.0.0/8").
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): boolean | number | string[] => {
      const value = v.trim();
      if (value === '' || value === 'false' || value === '0') return false;
      if (/^\d+$/.test(value)) return Number(value);
      if (value === 'true') {
        ctx.addIssue({ code: 'custom', message: 'name the proxies (addresses/CIDRs) or a hop count' });
        return z.NEVER;
      }
      return value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    }),
  /** External single sign-on: HS256 shared secret, or a JWKS URL; plus the expected issuer/audience. */
  EXLOGIN_JWT_SECRET: z.string().optional(),
  EXLOGIN_JWKS_URL: z.string().optional(),
  EXLOGIN_ISSUER: z.string().optional(),
  EXLOGIN_AUDIENCE: z.string().optional(),
  /** How long a catalogue page (codes and total) is reused, in ms; 0 turns the cache off. */
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * How long the counts of a filter set (a listing's total, the filter groups' counts) are reused by every
   * account, in ms; 0 turns it off. Counts are not per account and not per page (docs/decisions/018).
   */
  COUNTS_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * Listing pages, totals and filter counts from the process's catalogue index (docs/decisions/018): exact, not a
   * cache — a page is taken from it only when the catalogue's version read with the page's rows is the index's.
   * 'false' answers every listing with SQL.
   */
  CATALOGUE_INDEX: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** How long a listing answer (a page of products with stock) is reused, in ms; 0 turns it off. */
  LISTING_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  /** Base URL of catalogue images; default the shop's own generated /cdn. */
  IMAGE_BASE_URL: z.string().default('/cdn'),
  REDIS_URL: z.string().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /**
   * Requests a minute per client address for the Frame Creator's images (preset photographs, rendered frames):
   * a limit of their own, above the API's, as the picker shows dozens at once. (/cdn is not counted at all.)
   */
  IMAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(3000),
  /** Requests a minute per point-of-sale API key (an account's `mbs_` key), whatever the caller's address. */
  POS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Shows the staging banner in the footer. */
  STAGING_BANNER: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Seed demo data into an empty database at start. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  SEED_PRODUCTS: z.coerce.number().int().min(50).max(1_000_000).default(3000),
  /** Where To Buy street tiles, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png; unset = the bundled US outline. */
  MAP_TILE_URL: z.string().optional(),
  MAP_TILE_ATTRIBUTION: z.string().default('&copy; OpenStreetMap contributors'),
  /** Signs contact-form csrf values and ALTCHA challenges; unset = a random key made once per database. */
  CAPTCHA_HMAC_KEY: z.string().min(16).optional(),
  /** reCAPTCHA replaces ALTCHA on Contact Us when both keys are set. */
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  /** Contact messages accepted per IP address per hour. */
  CONTACT_MAX_PER_HOUR: z.coerce.number().int().positive().default(5),
  /** Contact form posts per client address per minute, a burst guard in front of the hourly limit. */
  CONTACT_BURST_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** Where new-account applications are e-mailed (the New Account page). */
  ORDERS_EMAIL: z.string().default('orders@mitrebox.example'),
  /** Card gateway: the built-in sandbox (default) or Braintree (needs the three BRAINTREE_ keys). */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'braintree']).default('sandbox'),
  BRAINTREE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  BRAINTREE_MERCHANT_ID: z.string().optional(),
  BRAINTREE_PUBLIC_KEY: z.string().optional(),
  BRAINTREE_PRIVATE_KEY: z.string().optional(),
  /**
   * The sandbox gateway's card fields are served by a listener of their own, so they have an origin of their
   * own as a real gateway's do: its port (0 = a free port chosen at start), and — behind a proxy — the
   * public origin the browser reaches it at (e.g. https://cards.shop.example).
   */
  SANDBOX_FIELDS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SANDBOX_FIELDS_ORIGIN: z.string().url().optional(),
  /** How often the batch payment job looks for unfinished batch items (ms). */
  BATCH_JOB_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(15_000),
  /**
   * Frame Creator clean-up (hourly): uploaded pictures and renders no saved design uses are removed this many
   * hours after their last upload or save.
   */
  FRAME_IMAGE_GRACE_HOURS: z.coerce.number().int().min(1).max(8760).default(72),
  /**
   * Optional: an external random-photo source for the Frame Creator's step 1 (any URL answering an image, e.g.
   * https://picsum.photos/1200/900). Unset: only the photographs shipped with the shop (they work offline).
   */
  FRAME_RANDOM_PHOTO_URL: z.string().url().optional(),
  /** How long a process's claim on a batch item lasts (ms): a crashed process's items are retried after it. */
  BATCH_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  /**
   * A card payment still pending this long (ms) was left by a process that died between charge and record:
   * the payment job asks the gateway and records the charge, or marks the payment failed when none was made.
   */
  PAYMENT_RECONCILE_AFTER_MS: z.coerce.number().int().min(1000).max(86_400_000).default(600_000),
  /** How long a SIGTERM waits for in-flight requests and running jobs before the process exits anyway (ms). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /** Directory of the built web app to serve. */
  WEB_DIST: z.string().default('apps/web/dist'),
});

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Record<keyof Config, unknown>> = {},
): Config {
  const parsed = ConfigSchema.safeParse({ ...env, ...overrides });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
