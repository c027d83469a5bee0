import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HistoryDocuments, seedDemoData } from './demo-data/index.ts';
import { importDemoHistory } from './demo-seed.ts';
import { queryRows } from './platform/db.ts';
import { openTestDatabase } from './testing/test-app.ts';

/**
 * The demo history is made through the ERP import (docs/decisions/020-demo-history-through-erp.md): the same
 * documents again change nothing.
 */
let t: Awaited<ReturnType<typeof openTestDatabase>>;
let documents: HistoryDocuments | undefined;
const now = new Date('2026-11-20T15:00:00Z');

beforeAll(async () => {
  t = await openTestDatabase({ seed: false });
  await seedDemoData(t.database.db, {
    products: 300,
    now,
    importHistory: async (tx, docs) => {
      documents = docs;
      await importDemoHistory(tx, docs);
    },
  });
});
afterAll(() => t?.close());

const TABLES = {
  orders: 'ordnum',
  invoices: 'invnum',
  invoice_items: 'invnum, seqnum',
  invoice_payments: 'invnum, seqnum',
  credits: 'invnum',
  audit_log: 'id',
};
async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(TABLES))
    out[table] = await queryRows(t.database.db, sql.raw(`select * from ${table} order by ${order}`));
  return out;
}

describe('the demo history through the ERP import', () => {
  it('is written by the ERP import, audited as demo-data', async () => {
    const docs = documents!;
    expect(docs.invoices.length).toBeGreaterThan(100);
    const [counts] = await queryRows<Record<string, number>>(
      t.database.db,
      sql`select
        (select count(*)::int from invoices) as invoices,
        (select count(*)::int from invoice_payments) as payments,
        (select count(*)::int from credits) as credits,
        (select count(*)::int from orders where synced = 1) as synced,
        (select count(*)::int from audit_log where actor_kind = 'erp' and actor_name = 'demo-data') as audited`,
    );
    expect(counts).toEqual({
      invoices: docs.invoices.length,
      payments: docs.payments.length,
      credits: docs.credits.length,
      synced: docs.synced.length,
      audited: docs.synced.length + docs.invoices.length + docs.payments.length + docs.credits.length,
    });
    // what the ERP import keeps of an invoice line: how it was sold, the size, the instructions
    const [line] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select pcode, footage, h_int, w_int, size_code from invoice_items where pcode = 'J' limit 1`,
    );
    expect(line).toMatchObject({ pcode: 'J', size_code: expect.stringMatching(/^(STD|OS)$/) });
    expect(Number(line.h_int)).toBeGreaterThan(0);
    // credits are negative, as the account area shows them
    const positive = await queryRows(t.database.db, sql`select invnum from credits where invamt >= 0`);
    expect(positive).toEqual([]);
  });

  it('changes nothing when the same documents are applied again', async () => {
    const before = await snapshot();
    const reports = await importDemoHistory(t.database.db, documents!);
    for (const r of reports) expect(r).toMatchObject({ created: 0, updated: 0, applied: false });
    expect(await snapshot()).toEqual(before);
  });
});
