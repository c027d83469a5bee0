import type pg from 'pg';
import type { Database } from '../platform/db.ts';

type Query = (...a: unknown[]) => unknown;
type Client = Record<string, unknown>;

/**
 * Watches what a database is asked (the round-trip tests, docs/decisions/017): every statement's text, wherever it
 * runs (begin, commit and rollback left out: PGlite sends them itself), and every pooled connection taken — on
 * PostgreSQL a checkout of node-postgres' pool (a request keeps the one it took: platform/request-connection.ts);
 * PGlite has no pool, so there a statement outside a transaction and a transaction count one each, which is what
 * took a pooled connection each before a request kept one.
 */
export function watchStatements(
  database: Database,
  on: { statement(text: string): void; checkout?(): void },
): void {
  const client = (database.db as unknown as { $client: Client }).$client;
  const seen = new WeakSet<object>();
  const countStatements = (target: Client) => {
    if (seen.has(target)) return;
    seen.add(target);
    const original = (target.query as Query).bind(target);
    target.query = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
      if (!/^\s*(begin|commit|rollback)\b/i.test(text ?? '')) on.statement(text ?? '');
      return original(...args);
    };
  };
  if (database.kind === 'postgres') {
    (client as unknown as pg.Pool).on('acquire', (c) => {
      on.checkout?.();
      countStatements(c as unknown as Client);
    });
    return;
  }
  for (const name of ['query', 'transaction']) {
    const original = (client[name] as Query).bind(client);
    client[name] = (...args: unknown[]) => {
      on.checkout?.();
      return original(...args);
    };
  }
  countStatements(client);
  const transaction = (client.transaction as Query).bind(client);
  client.transaction = (run: (tx: Client) => unknown) =>
    transaction((tx: Client) => {
      countStatements(tx);
      return run(tx);
    });
}
