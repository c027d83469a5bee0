import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchStatements } from '../../testing/statement-watch.ts';
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
 * has an e-mail address; the load's users have none). Eight statements: the session; the key's claim; the
 * invoice's lock, then what running payments hold with the card and the payment row (one statement); the
 * charge; the invoice's lock with the payment recorded, then the invoice's balance with its Payments row and the
 * answer under the key (one statement); the receipt.
 */
let t: PaymentsTestApp;
let token: string;
let taken = 0;
let statements = 0;

beforeAll(async () => {
  t = await createPaymentsTestApp();
  token = await signIn(t.app, '10001');
  await reopenInvoices(t.database.db, '10001', 3);
  watchStatements(t.database, {
    statement: () => {
      statements++;
    },
    checkout: () => {
      taken++;
    },
  });
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
    expect(statements).toBe(8);
  });
});
