import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo-data/index.ts';
import { queryRows } from '../../platform/db.ts';
import { hashPassword } from '../../platform/secrets.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let owner: string;
let colleague: string;
let other: string;
let moulding: string;
let item: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who = owner, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who), payload });
const lengthLine = (feet: number, code = moulding) => ({
  Code: code,
  productSelection: { type: 'length', length: feet, location: 'C' },
  backtype: 'backremq',
});

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 300 });
  owner = await signIn(t.app, '10001');
  other = await signIn(t.app, '10005');
  // a colleague of the owner's account, with the right to order
  const [user] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into users (username, name, email, password_hash)
        values ('91100001', 'Colleague', 'colleague@lists.example', ${await hashPassword(DEMO_PASSWORD)}) returning id`,
  );
  await queryRows(
    t.database.db,
    sql`insert into user_accounts (user_id, acctnum, position, can_order, can_pay, can_see_prices, can_manage)
        values (${user!.id}, '10001', 0, true, false, true, false)`,
  );
  colleague = await signIn(t.app, '91100001');
  const [m] = await queryRows<{ code: string }>(
    t.database.db,
    sql`select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
        where p.type = 4 and p.active = 1 and s.onhand - s.commit_amt > 200 order by p.code limit 1`,
  );
  const [i] = await queryRows<{ code: string }>(
    t.database.db,
    sql`select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
        where p.type = 1 and p.active = 1 and s.onhand - s.commit_amt > 50 order by p.code limit 1`,
  );
  moulding = m!.code;
  item = i!.code;
});
afterAll(() => t?.close());

describe('standing lists', () => {
  let listId: number;

  it('a list made by one user is the whole account’s: a colleague sees and changes it', async () => {
    const made = await call('POST', '/api/lists', owner, { name: 'Monthly reorder' });
    expect(made.statusCode, made.body).toBe(200);
    listId = made.json().data.id;
    const added = await call('POST', `/api/lists/${listId}/lines`, owner, {
      lines: [
        lengthLine(20),
        {
          Code: moulding,
          productSelection: {
            type: 'chop',
            quantity: 2,
            location: 'C',
            dimension: { length: 12, length_fraction: 0, width: 16, width_fraction: 0 },
          },
        },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.lines.map((l: { asked: string }) => l.asked)).toEqual([
      'Length 20 ft',
      'Chop 12 x 16 in, 2 frames',
    ]);

    const seen = await call('GET', '/api/lists', colleague);
    expect(seen.json().data).toEqual([
      expect.objectContaining({ id: listId, name: 'Monthly reorder', lineCount: 2 }),
    ]);
    const lineId = added.json().data.lines[0].id;
    const changed = await call('PATCH', `/api/lists/${listId}/lines/${lineId}`, colleague, {
      amount: '24 1/2',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.lines[0]).toMatchObject({ amount: 24.5, unit: 'ft', asked: 'Length 24.5 ft' });
    const bad = await call('PATCH', `/api/lists/${listId}/lines/${lineId}`, colleague, { amount: 'lots' });
    expect(bad.statusCode).toBe(422);
  });

  it('names are unique in the account, not beyond it', async () => {
    const again = await call('POST', '/api/lists', colleague, { name: 'monthly REORDER' });
    expect(again.statusCode).toBe(409);
    const theirs = await call('POST', '/api/lists', other, { name: 'Monthly reorder' });
    expect(theirs.statusCode).toBe(200);
  });

  it('another account sees none of it, and every route naming the list answers as for a missing one', async () => {
    const seen = await call('GET', '/api/lists', other);
    expect(seen.json().data.map((l: { name: string }) => l.name)).toEqual(['Monthly reorder']);
    expect(seen.json().data[0].id).not.toBe(listId);
    const detail = (await call('GET', `/api/lists/${listId}`)).json().data;
    const lineId = detail.lines[0].id;
    const probes: [Method, string, object?][] = [
      ['GET', `/api/lists/${listId}`],
      ['PATCH', `/api/lists/${listId}`, { name: 'Mine now' }],
      ['POST', `/api/lists/${listId}/lines`, { lines: [lengthLine(5)] }],
      ['PATCH', `/api/lists/${listId}/lines/${lineId}`, { amount: 1 }],
      ['DELETE', `/api/lists/${listId}/lines/${lineId}`],
      ['POST', `/api/lists/${listId}/to-cart`, {}],
      ['POST', `/api/lists/${listId}/import`, { text: `${moulding} 3` }],
      ['DELETE', `/api/lists/${listId}`],
    ];
    for (const [method, url, payload] of probes) {
      const res = await call(method, url, other, payload);
      const missing = await call(method, url.replace(`/lists/${listId}`, '/lists/999999'), other, payload);
      expect([url, res.statusCode, res.body]).toEqual([url, 404, missing.body]);
    }
    // nothing of the owner's changed
    const after = (await call('GET', `/api/lists/${listId}`)).json().data;
    expect(after).toEqual(detail);
  });

  it('imports a pasted column: unknown item numbers are reported, a moulding is a Length in feet', async () => {
    const res = await call('POST', `/api/lists/${listId}/import`, owner, {
      text: `${moulding}, 30\nNOPE-000 4\n${item}\t3\nnot a line`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.added).toBe(2);
    expect(body.problems.map((p: { line: number; message: string }) => [p.line, p.message])).toEqual([
      [2, 'Unknown item # — not added'],
      [4, 'Write the item # and the quantity, e.g. FER-133-0412 20.'],
    ]);
    const lines = body.data.lines.slice(-2);
    expect(lines[0]).toMatchObject({ Code: moulding, asked: 'Length 30 ft', unit: 'ft', amount: 30 });
    expect(lines[1]).toMatchObject({ Code: item, asked: '3 pieces', unit: 'ea', amount: 3 });
  });

  it('ticked lines, then the whole list, go to the cart through the cart’s rules, with the same answer', async () => {
    const detail = (await call('GET', `/api/lists/${listId}`)).json().data;
    const ticked = [detail.lines[0].id];
    const some = await call('POST', `/api/lists/${listId}/to-cart`, colleague, { lineIds: ticked });
    expect(some.statusCode, some.body).toBe(200);
    expect(some.json()).toMatchObject({ added: 1, notAdded: 0 });
    // a withdrawn item is reported, not added
    await queryRows(t.database.db, sql`update products set active = 0 where code = ${item}`);
    const all = await call('POST', `/api/lists/${listId}/to-cart`, owner, {});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ added: detail.lines.length - 1, notAdded: 1 });
    expect(all.json().lines.at(-1)).toMatchObject({ Code: item, outcome: 'noLongerSold' });
    // each user has their own cart: the colleague's holds the ticked line, the owner's the rest
    expect((await call('GET', '/api/getCart', colleague)).json().count).toBe(1);
    expect((await call('GET', '/api/getCart')).json().count).toBe(detail.lines.length - 1);
  });

  it('refuses a line the add-to-cart dialog would refuse, and deletes lines and lists', async () => {
    const bad = await call('POST', `/api/lists/${listId}/lines`, owner, {
      lines: [
        {
          Code: moulding,
          productSelection: { type: 'join', quantity: 1, location: 'C', dimension: { length: 3, width: 3 } },
        },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('The smallest size can be 6"');
    const detail = (await call('GET', `/api/lists/${listId}`)).json().data;
    const gone = await call('DELETE', `/api/lists/${listId}/lines/${detail.lines[0].id}`);
    expect(gone.json().data.lineCount).toBe(detail.lines.length - 1);
    expect((await call('DELETE', `/api/lists/${listId}`, colleague)).statusCode).toBe(200);
    expect((await call('GET', `/api/lists/${listId}`)).statusCode).toBe(404);
  });
});
