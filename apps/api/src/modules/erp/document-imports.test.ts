import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, invoiceItems, invoicePayments, invoices } from '../../schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { recordAuditMany } from '../audit/audit.service.ts';
import { importInvoices, importPayments } from './document-imports.ts';

// the audit write can be made to fail once, to show it shares the invoices' transaction
vi.mock('../audit/audit.service.ts', async (original) => {
  const real = await original<typeof import('../audit/audit.service.ts')>();
  return { ...real, recordAuditMany: vi.fn(real.recordAuditMany) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 5 });
});
afterAll(async () => {
  await t?.close();
});

const actor = { kind: 'erp' as const, name: 'erp-test' };
const invoice = (invnum: number) => ({
  invnum,
  acctnum: '10001',
  location: 'C',
  inv_date: '2026-11-20',
  item_total: '40.00',
  invamt: '40.00',
  items: [{ seqnum: 1, code: 'GLS-1', qty: 4, shipped: 4, unit_price: '10.00', tot_price: '40.00' }],
});
const stored = async (invnums: number[]) => ({
  invoices: (await t.database.db.select().from(invoices).where(inArray(invoices.invnum, invnums))).length,
  items: (await t.database.db.select().from(invoiceItems).where(inArray(invoiceItems.invnum, invnums)))
    .length,
  audits: (await t.database.db.select({ n: count() }).from(auditLog))[0].n,
});

describe('an ERP file is one transaction: the invoices module writes, the ERP module decides all or none', () => {
  it('a dry run counts what it would write and keeps nothing', async () => {
    const before = await stored([910001, 910002]);
    const report = await importInvoices(t.database.db, [invoice(910001), invoice(910002)], {
      dryRun: true,
      actor,
    });
    expect(report).toMatchObject({ dry_run: true, applied: false, created: 2, error_count: 0 });
    expect(await stored([910001, 910002])).toEqual(before);
  });

  it('a failure late in the transaction (the audit) takes back the invoices and items already written', async () => {
    const before = await stored([910003]);
    vi.mocked(recordAuditMany).mockRejectedValueOnce(new Error('audit down'));
    await expect(importInvoices(t.database.db, [invoice(910003)], { dryRun: false, actor })).rejects.toThrow(
      'audit down',
    );
    expect(await stored([910003])).toEqual(before);

    const report = await importInvoices(t.database.db, [invoice(910003)], { dryRun: false, actor });
    expect(report).toMatchObject({ applied: true, created: 1 });
    expect(await stored([910003])).toEqual({ invoices: 1, items: 1, audits: before.audits + 1 });
  });

  it('payments settle their invoice in the same transaction', async () => {
    const report = await importPayments(
      t.database.db,
      [{ invnum: 910003, seqnum: 1, tran_date: '2026-11-21', amount: '15.00' }],
      { dryRun: false, actor },
    );
    expect(report).toMatchObject({ applied: true, created: 1 });
    const [inv] = await t.database.db.select().from(invoices).where(eq(invoices.invnum, 910003));
    expect(inv).toMatchObject({ payamt: '15.00', balance: '25.00', paystatus: 3 });
    expect(
      await t.database.db.select().from(invoicePayments).where(eq(invoicePayments.invnum, 910003)),
    ).toHaveLength(1);
  });
});
