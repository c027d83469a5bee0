import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-app.ts';
import { listAudit, recordAudit } from './audit.service.ts';

let t: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  t = await openTestDatabase({ seed: false });
});
afterAll(() => t.close());

const staff = { kind: 'staff' as const, id: 7, name: 'ops@mitrebox.test', requestId: 'req-1' };
const erp = { kind: 'erp' as const, id: 2, name: 'nightly ERP' };

describe('audit log', () => {
  it('keeps who, what, before and after, newest first, filtered and paged', async () => {
    await recordAudit(t.database.db, staff, {
      action: 'account.update',
      entity: 'account',
      entityId: 10001,
      before: { terms: 'NET30' },
      after: { terms: 'NET60' },
    });
    await recordAudit(t.database.db, erp, {
      action: 'product.import',
      entity: 'product',
      after: { rows: 3 },
    });

    const all = await listAudit(t.database.db, { page: 1, pageSize: 10 });
    expect(all.total).toBe(2);
    expect(all.rows.map((r) => r.action)).toEqual(['product.import', 'account.update']);
    const [entry] = (
      await listAudit(t.database.db, { entity: 'account', entityId: '10001', page: 1, pageSize: 10 })
    ).rows;
    expect(entry).toMatchObject({
      actorKind: 'staff',
      actorId: 7,
      actorName: 'ops@mitrebox.test',
      entityId: '10001',
      before: { terms: 'NET30' },
      after: { terms: 'NET60' },
      requestId: 'req-1',
    });
    expect((await listAudit(t.database.db, { actorKind: 'erp', page: 1, pageSize: 10 })).rows).toHaveLength(
      1,
    );
    const page2 = await listAudit(t.database.db, { page: 2, pageSize: 1 });
    expect(page2.rows.map((r) => r.action)).toEqual(['account.update']);
    expect(page2.total).toBe(2);
  });

  it('is written with the change: a rolled-back change leaves no entry', async () => {
    const before = (await listAudit(t.database.db, { page: 1, pageSize: 1 })).total;
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAudit(tx, staff, { action: 'page.update', entity: 'page', entityId: 'terms' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await listAudit(t.database.db, { page: 1, pageSize: 1 })).total).toBe(before);
  });
});
