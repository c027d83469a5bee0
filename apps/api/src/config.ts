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
  /** How long a resolved bearer token is reused within one process (ms); 0 checks the database every time. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** Failed sign-ins before a lock, per account number and per IP, within LOGIN_LOCK_MINUTES. */
  LOGIN_MAX_FAILURES_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_IP: z.coerce.number().int().positive().default(30),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
  /** External single sign-on: HS256 shared secret, or a JWKS URL; plus the expected issuer/audience. */
  EXLOGIN_JWT_SECRET: z.string().optional(),
  EXLOGIN_JWKS_URL: z.string().optional(),
  EXLOGIN_ISSUER: z.string().optional(),
  EXLOGIN_AUDIENCE: z.string().optional(),
  /** How long a catalogue page (codes and total) is reused, in ms; 0 turns the cache off. */
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** How long a listing answer (a page of products with stock) is reused, in ms; 0 turns it off. */
  LISTING_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  /** Base URL of catalogue images; default the shop's own generated /cdn. */
  IMAGE_BASE_URL: z.string().default('/cdn'),
  REDIS_URL: z.string().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
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
  /** Card gateway: the built-in sandbox (default) or Braintree (needs the three BRAINTREE_ keys). */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'braintree']).default('sandbox'),
  BRAINTREE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  BRAINTREE_MERCHANT_ID: z.string().optional(),
  BRAINTREE_PUBLIC_KEY: z.string().optional(),
  BRAINTREE_PRIVATE_KEY: z.string().optional(),
  /** How often the batch payment job looks for unfinished batch items (ms). */
  BATCH_JOB_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(15_000),
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
