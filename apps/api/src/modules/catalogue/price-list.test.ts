import { type ACCOUNT_RIGHTS, rightRefused } from '@mitrebox/domain';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo-data/index.ts';
import { queryRows } from '../../platform/db.ts';
import { hashPassword } from '../../platform/secrets.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { pdfPageTexts } from '../invoices/statement-pdf.testkit.ts';
import { PRICE_LIST_CSV_HEADER } from './price-list.ts';
import { priceListPdf } from './price-list-pdf.ts';

/**
 * My Account → Price list (issue 32 §5): the account's net prices equal what the cart charges, kind by kind; a
 * sign-in without the prices right gets 403; another account's prices never show; the CSV is escaped; the
 * collection filter holds; the PDF reads back the same figures.
 */

let t: TestApp;
let owner: string;
let other: string;
type Row = Record<string, string>;

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const rowsOf = (csv: string): Row[] => parse(csv, { columns: true, skip_empty_lines: true });

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, '10001');
  other = await signIn(t.app, '10005');
});
afterAll(() => t?.close());

/** A colleague of 10001 with only the rights `ticked`, signed in. */
async function colleague(username: string, ticked: Record<(typeof ACCOUNT_RIGHTS)[number], boolean>) {
  const [user] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into users (username, name, email, password_hash)
      values (${username}, 'Price list colleague', ${`${username}@colleague.example`}, ${await hashPassword(DEMO_PASSWORD)})
      returning id`,
  );
  await queryRows(
    t.database.db,
    sql`insert into user_accounts (user_id, acctnum, position, can_order, can_pay, can_see_prices, can_manage)
      values (${user!.id}, '10001', 0, ${ticked.order}, ${ticked.pay}, ${ticked.prices}, ${ticked.manage})`,
  );
  return signIn(t.app, username);
}

describe('the price list', () => {
  let all: Row[];

  it('lists every active product once per price kind, as CSV with its header', async () => {
    const res = await get('/api/account/price-list.csv', owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/price-list-10001-\d{4}-\d{2}-\d{2}\.csv/);
    expect(res.body.split('\n')[0]).toBe(PRICE_LIST_CSV_HEADER.join(','));
    all = rowsOf(res.body);
    const [{ n }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from products where active = 1`,
    );
    expect(new Set(all.map((r) => r['Item #'])).size).toBe(Number(n));
    const kinds = new Set(all.map((r) => r['Price kind']));
    for (const k of ['Length', 'Chop', 'Join', 'Box', 'Sheet', 'Each']) expect(kinds).toContain(k);
  });

  it('has the figures the cart charges, kind by kind, for a sample of products', async () => {
    const byCode = new Map<string, Row[]>();
    for (const r of all) byCode.set(r['Item #']!, [...(byCode.get(r['Item #']!) ?? []), r]);
    const stocked = await queryRows<{ code: string; type: number; box_qty: number; onhand: string }>(
      t.database.db,
      sql`select p.code, p.type, p.box_qty, s.onhand::text from products p
        join product_stock s on s.code = p.code and s.location = 'C'
        where p.active = 1 and s.onhand - s.commit_amt > 5 order by p.code`,
    );
    const mouldings = stocked
      .filter((p) => p.type === 4 && p.box_qty > 0 && Number(p.onhand) > 200)
      .slice(0, 6);
    const items = [1, 2, 5].map((type) => stocked.find((p) => p.type === type)!).filter(Boolean);
    expect(mouldings.length).toBeGreaterThan(3);
    expect(items.length).toBe(3);
    const dimension = { length: 11, length_fraction: 0, width: 14, width_fraction: 0 };
    // two frames over 100 united inches: each pays the oversize join fee on top of the join fee
    const oversize = { length: 62, length_fraction: 0, width: 40, width_fraction: 0 };
    const lines = [
      ...mouldings.flatMap((p) => [
        { Code: p.code, productSelection: { type: 'length', length: 10, location: 'C' } },
        { Code: p.code, productSelection: { type: 'chop', quantity: 1, location: 'C', dimension } },
        { Code: p.code, productSelection: { type: 'join', quantity: 1, location: 'C', dimension } },
        {
          Code: p.code,
          productSelection: { type: 'join', quantity: 2, location: 'C', dimension: oversize },
        },
        { Code: p.code, productSelection: { type: 'box', quantity: 1, location: 'C' } },
      ]),
      ...items.map((p) => ({ Code: p.code, productSelection: { type: 'item', quantity: 1, location: 'C' } })),
    ].map((l) => ({ ...l, backtype: 'backremq' }));
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/updateCart',
      headers: bearer(owner),
      payload: { cartdata: lines },
    });
    expect(cart.statusCode, cart.body).toBe(200);
    const charged = cart.json().data as {
      Code: string;
      productSelection: { type: string; quantity?: number };
      calc: { unitPrice: string; listPrice: string; joinFee: string; quantity: number };
    }[];
    expect(charged).toHaveLength(lines.length);
    const kindOf: Record<string, string> = { length: 'Length', chop: 'Chop', join: 'Join', box: 'Box' };
    let compared = 0;
    for (const line of charged) {
      const kind = kindOf[line.productSelection.type] ?? (byCode.get(line.Code)![0]!['Price kind'] as string);
      const row = byCode.get(line.Code)!.find((r) => r['Price kind'] === kind);
      expect(row, `${line.Code} ${kind}`).toBeDefined();
      expect(row!['Net price'], `${line.Code} ${kind}`).toBe(line.calc.unitPrice);
      expect(row!['List price'], `${line.Code} ${kind}`).toBe(line.calc.listPrice);
      if (kind === 'Join') {
        const oversized = line.productSelection.quantity === 2;
        const perFrame =
          Number(row!['Join fee per frame']) + (oversized ? Number(row!['Oversize join fee per frame']) : 0);
        expect(perFrame * line.calc.quantity, `${line.Code} join`).toBeCloseTo(Number(line.calc.joinFee), 2);
      }
      compared++;
    }
    expect(compared).toBe(mouldings.length * 5 + items.length);
    expect(all.some((r) => Number(r['Oversize join fee per frame']) > 0)).toBe(true);
    // the sample really is discounted: net below list somewhere
    expect(all.some((r) => Number(r['Net price']) < Number(r['List price']))).toBe(true);
  });

  it("shows each account its own prices: 10005's list differs where its discounts differ", async () => {
    const theirs = rowsOf((await get('/api/account/price-list.csv', other)).body);
    expect(theirs.length).toBe(all.length);
    const key = (r: Row) => `${r['Item #']}|${r['Price kind']}`;
    const mine = new Map(all.map((r) => [key(r), r]));
    const differ = theirs.filter((r) => mine.get(key(r))!['Net price'] !== r['Net price']);
    expect(differ.length).toBeGreaterThan(0);
    // list prices are the catalogue's, the same for both
    expect(
      theirs.every((r) => mine.get(key(r))!['List price'] === r['List price'] || r['Price kind'] === 'Sheet'),
    ).toBe(true);
  });

  it('refuses a sign-in without the prices right (403) and lets one with it export', async () => {
    const none = { order: false, pay: false, prices: false, manage: false };
    const blind = await colleague('91500001', none);
    for (const url of ['/api/account/price-list.csv', '/api/account/price-list.pdf']) {
      const res = await get(url, blind);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(rightRefused.prices);
    }
    const seer = await colleague('91500002', { ...none, prices: true });
    const res = await get('/api/account/price-list.csv', seer);
    expect(res.statusCode).toBe(200);
    expect(rowsOf(res.body)).toEqual(all);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/price-list.csv' })).statusCode).toBe(401);
  });

  it('escapes commas, quotes, line breaks and formulas in descriptions', async () => {
    const [a, b] = all.map((r) => r['Item #']!).filter((c, i, list) => list.indexOf(c) === i);
    await queryRows(
      t.database.db,
      sql`update products set display_name = case code when ${a} then ${'Walnut, 1 1/2" "Gallery"\nprofile'}
        else ${'=HYPERLINK("x")'} end where code in (${a}, ${b})`,
    );
    const rows = rowsOf((await get('/api/account/price-list.csv', owner)).body);
    expect(rows.length).toBe(all.length);
    expect(rows.find((r) => r['Item #'] === a)!.Description).toBe('Walnut, 1 1/2" "Gallery"\nprofile');
    expect(rows.find((r) => r['Item #'] === b)!.Description).toBe(`'=HYPERLINK("x")`);
  });

  it('covers only the chosen collections and types', async () => {
    const [c1, c2] = await queryRows<{ id: number; n: number }>(
      t.database.db,
      sql`select collection_id as id, count(*)::int as n from products where active = 1 and collection_id is not null
        group by collection_id order by count(*) desc limit 2`,
    );
    const one = rowsOf((await get(`/api/account/price-list.csv?collections=${c1!.id}`, owner)).body);
    expect(new Set(one.map((r) => r['Item #'])).size).toBe(Number(c1!.n));
    expect(new Set(one.map((r) => r.Collection)).size).toBe(1);
    const two = rowsOf(
      (await get(`/api/account/price-list.csv?collections=${c1!.id}&collections=${c2!.id}`, owner)).body,
    );
    expect(new Set(two.map((r) => r['Item #'])).size).toBe(Number(c1!.n) + Number(c2!.n));
    const glass = rowsOf((await get('/api/account/price-list.csv?types=2', owner)).body);
    expect(glass.length).toBeGreaterThan(0);
    expect(glass.every((r) => r.Type === 'Glass' && r['Price kind'] === 'Sheet')).toBe(true);
    expect((await get('/api/account/price-list.csv?types=abc', owner)).statusCode).toBe(400);
  });

  it('writes the PDF price book with collection headings, the account, the day and page numbers', async () => {
    const res = await get('/api/account/price-list.pdf?types=4', owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPageTexts(res.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain('Net prices for Crescent City Frame Works (account 10001)');
    expect(pages[0]).toMatch(/Prices as of \d{2}\/\d{2}\/\d{4}/);
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    const mouldings = rowsOf((await get('/api/account/price-list.csv?types=4', owner)).body);
    const text = pages.join('\n');
    for (const r of mouldings.filter((m) => m['Price kind'] === 'Chop').slice(0, 5)) {
      const lines = text.split('\n');
      const at = lines.indexOf(r['Item #']!);
      expect(at, r['Item #']).toBeGreaterThan(-1);
      const chop = `$${Number(r['Net price']).toFixed(2)}`;
      expect(lines.slice(at, at + 12)).toContain(chop);
      if (r.Collection) expect(text).toContain(r.Collection);
    }
  });

  it('refuses a PDF above its limit with a plain message (the CSV has no limit)', async () => {
    const account = {
      Acctnum: '10001',
      Company: 'X',
      Shipvia: null,
      ActiveType: 'Y',
      terms: null,
      Location: 'C',
    };
    await expect(
      priceListPdf(t.database.db, account, {}, { supplier: 'S', day: '2026-03-01', maxProducts: 10 }),
    ).rejects.toThrow(/holds up to 25,000 items/);
  });
});
