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
 * Pooled connections a payment takes (docs/decisions/017): under the mixed load every statement outside a
 * transaction, and every transaction, waits its turn for one of the pool's connections, so a request that takes
 * seven waits seven times. A payment with a saved card takes: the session (SESSION_CACHE_MS is 0 in tests), the
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
  const counted = (name: string) => {
    const original = (client[name] as Query).bind(client);
    client[name] = (...args: unknown[]) => {
      taken++;
      return original(...args);
    };
  };
  // node-postgres' pool: every statement outside a transaction (its query()) and every transaction takes a
  // connection with connect(); PGlite runs a statement with query() and a transaction with transaction()
  if (typeof client.connect === 'function') counted('connect');
  else for (const name of ['query', 'transaction']) counted(name);
  // statements, wherever they run (begin and commit left out: PGlite sends them itself)
  const countStatements = (on: Record<string, unknown>) => {
    const original = (on.query as Query).bind(on);
    on.query = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
      if (!/^\s*(begin|commit|rollback)\b/i.test(text ?? '')) statements++;
      return original(...args);
    };
  };
  if (typeof client.connect === 'function') {
    const connect = (client.connect as Query).bind(client);
    const seen = new WeakSet<object>();
    const counting = (c: Record<string, unknown>) => {
      if (c && !seen.has(c)) {
        seen.add(c);
        countStatements(c);
      }
      return c;
    };
    // pool.query() calls connect(callback); a transaction awaits connect()
    client.connect = (...args: unknown[]) => {
      const cb = args[0];
      if (typeof cb === 'function')
        return connect((err: unknown, c: Record<string, unknown>, done: unknown) =>
          cb(err, err ? c : counting(c), done),
        );
      return (connect() as Promise<Record<string, unknown>>).then(counting);
    };
  } else {
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
    expect(taken).toBe(6);
    expect(statements).toBe(9);
  });
});
