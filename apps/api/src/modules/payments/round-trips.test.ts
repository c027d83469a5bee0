import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../testing/test-app.ts';
import {
  createPaymentsTestApp,
  openInvoices,
  type PaymentsTestApp,
  payRequest,
  reopenInvoices,
} from './payments-testkit.ts';

/**
 * Pooled connections a payment takes (docs/decisions/017): under the mixed load a request waits its turn for one
 * of the pool's connections each time it takes one. On PostgreSQL a request keeps the one it took
 * (platform/request-connection.ts): one wait. Before that, every statement outside a transaction and every
 * transaction took one (PGlite, which has no pool, still counts those). A payment with a saved card takes: the session (SESSION_CACHE_MS is 0 in tests), the
 * Idempotency-Key's claim, the reservation's transaction, the (sandbox) gateway's charge, and the recording's
 * transaction, which also keeps the answer under the key; then the receipt's row in the mail outbox (the user
 * has an e-mail address; the load's users have none). Nine statements: the session; the key's claim; the
 * invoice's lock, then what running payments hold with the card and the payment row (one statement); the
 * charge; the invoice's lock with the payment recorded, the invoice's balance with its Payments row, the answer
 * under the key; the receipt.
 */
let t: PaymentsTestApp;
let token: string;
let taken = 0;
let statements = 0;

type Query = (...a: unknown[]) => unknown;

beforeAll(async () => {
  t = await createPaymentsTestApp();
  token = await signIn(t.app, '10001');
  await reopenInvoices(t.database.db, '10001', 3);
  const client = (t.database.db as unknown as { $client: Record<string, unknown> }).$client;
  // statements, wherever they run (begin and commit left out: PGlite sends them itself)
  const countStatements = (on: Record<string, unknown>) => {
    const original = (on.query as Query).bind(on);
    on.query = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
      if (!/^\s*(begin|commit|rollback)\b/i.test(text ?? '')) statements++;
      return original(...args);
    };
  };
  if (t.database.kind === 'postgres') {
    // node-postgres' pool: a connection taken from it (a request takes one, platform/request-connection.ts)
    const seen = new WeakSet<object>();
    (client as unknown as pg.Pool).on('acquire', (c) => {
      taken++;
      if (!seen.has(c)) {
        seen.add(c);
        countStatements(c as unknown as Record<string, unknown>);
      }
    });
  } else {
    // PGlite has no pool: a statement outside a transaction (query()) and a transaction (transaction()) are
    // what took a pooled connection each before a request kept one
    for (const name of ['query', 'transaction']) {
      const original = (client[name] as Query).bind(client);
      client[name] = (...args: unknown[]) => {
        taken++;
        return original(...args);
      };
    }
    countStatements(client);
    const transaction = (client.transaction as Query).bind(client);
    client.transaction = (run: (tx: Record<string, unknown>) => unknown) =>
      transaction((tx: Record<string, unknown>) => {
        countStatements(tx);
        return run(tx);
      });
  }
});
afterAll(() => t?.close());

describe('pooled connections per request', () => {
  it('a payment with a saved card: session, key, reservation, charge, recording, receipt', async () => {
    const [inv] = await openInvoices(t.database.db, '10001');
    taken = 0;
    statements = 0;
    const res = await payRequest(t.app, token, { Invnum: inv.invnum, amount: '1.00', accountBillId: 1 });
    expect(res.statusCode, res.body).toBe(200);
    // on PostgreSQL the request's one connection; on PGlite its statements outside a transaction and transactions
    expect(taken).toBe(t.database.kind === 'postgres' ? 1 : 6);
    expect(statements).toBe(9);
  });
});
