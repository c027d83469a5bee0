import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { type Config, loadConfig } from '../../config.ts';
import { type Database, queryRows } from '../../platform/db.ts';
import { bearer, openTestDatabase } from '../../testing/test-app.ts';
import type { PaymentsServiceDeps } from './payments.service.ts';

/** Test card numbers of the sandbox: none of them may ever be found in our database or logs. */
export const TEST_CARDS = {
  approve: '4111111111111111',
  verifyFail: '4000111111111115',
  decline: '5105105105105100',
  amex: '378282246310005',
};

export interface PaymentsTestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Everything the server logged (JSON lines, level info and up). */
  log(): string;
  close(): Promise<void>;
}

/** A payments test app: fresh seeded database, request logging into a buffer, optional fault injection. */
export async function createPaymentsTestApp(
  opts: {
    smtpUrl?: string;
    faults?: Pick<PaymentsServiceDeps, 'faults' | 'batchFaults' | 'leaseMs' | 'reconcileAfterMs'>;
  } = {},
): Promise<PaymentsTestApp> {
  const { database, close } = await openTestDatabase({ seedProducts: 60 });
  let logged = '';
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logged += chunk.toString();
      cb();
    },
  });
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: 100000,
      SESSION_CACHE_MS: 0,
      LISTING_CACHE_MS: 0,
      ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl } : {}),
    },
  );
  const app = await buildApp({ config, database, serveWeb: false, logStream, paymentFaults: opts.faults });
  await app.ready();
  return {
    app,
    database,
    config,
    log: () => logged,
    async close() {
      await app.close();
      await close();
    },
  };
}

/**
 * What the hosted card field does in the browser: the card goes to the sandbox gateway (its own listener,
 * not the shop's API), a token comes back.
 */
export async function tokenize(
  app: FastifyInstance,
  number: string,
  opts: { cvv?: string; expmonth?: number; expyear?: number } = {},
): Promise<{ token: string; lastFour: string; cardType: string }> {
  if (!app.sandboxFields) throw new Error('the sandbox gateway is not configured');
  const res = await app.sandboxFields.server.inject({
    method: 'POST',
    url: '/sandbox-gateway/tokenize',
    payload: {
      number,
      cvv: opts.cvv ?? (number.startsWith('3') ? '1234' : '123'),
      expmonth: opts.expmonth ?? 12,
      expyear: opts.expyear ?? new Date().getFullYear() + 2,
    },
  });
  if (res.statusCode !== 200) throw new Error(`tokenize failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Open invoices of an account (paystatus 0, balance above 0), largest balance first. */
export async function openInvoices(db: Database['db'], acctnum: string) {
  return queryRows<{ invnum: number; balance: string; paystatus: number }>(
    db,
    sql`select invnum, balance::text as balance, paystatus from invoices
        where acctnum = ${acctnum} and paystatus = 0 and balance > 0 order by balance desc, invnum`,
  );
}

export async function invoiceRow(db: Database['db'], invnum: number) {
  const [row] = await queryRows<{ balance: string; paystatus: number; payamt: string }>(
    db,
    sql`select balance::text as balance, paystatus, payamt::text as payamt from invoices where invnum = ${invnum}`,
  );
  return row;
}

export const manualCard = (token: string, extra: Record<string, unknown> = {}) => ({
  accountBillId: 'manual',
  token,
  expmonth: 12,
  expyear: new Date().getFullYear() + 2,
  billing_name: 'Marie Broussard',
  billing_address: '812 Magazine St',
  billing_city: 'New Orleans',
  billing_state: 'LA',
  billing_postal: '70130',
  last_four: '1111',
  type: 'Visa',
  ...extra,
});

let keyCounter = 0;
export const newKey = () => `test-key-${Date.now()}-${++keyCounter}`;

export function payRequest(app: FastifyInstance, token: string, body: object, key: string | null = newKey()) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/makePayment',
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

/** Every text value of every table, as one string (the 'database dump' searched for card numbers). */
export async function dumpDatabase(db: Database['db']): Promise<string> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  let out = '';
  for (const { table_name } of tables) {
    if (table_name === 'documents') continue;
    const rows = await queryRows<Record<string, unknown>>(db, sql.raw(`select * from "${table_name}"`));
    out += JSON.stringify(rows);
  }
  return out;
}

/** Turns n paid invoices of an account back into open ones (tests need plenty to pay). */
export async function reopenInvoices(db: Database['db'], acctnum: string, n: number) {
  const picked = sql`select invnum from invoices where acctnum = ${acctnum} and paystatus = 1
                     and invamt > 0 and invamt < 1500 order by invnum desc limit ${n}`;
  await db.execute(sql`delete from invoice_payments where invnum in (${picked})`);
  await db.execute(sql`delete from batch_payments where invoice_id in (${picked})`);
  await db.execute(sql`delete from payments where invnum in (${picked})`);
  await db.execute(
    sql`update invoices set paystatus = 0, balance = invamt, payamt = 0 where invnum in (${picked})`,
  );
}
