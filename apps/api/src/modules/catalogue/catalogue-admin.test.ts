import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, locations, productStock, products } from '../../schema.ts';
import { bearer, createTestApp, signIn, signInStaff, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let customer: string;
let staff: string;
let codes: string[];
let loc: string;

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 60 });
  customer = await signIn(t.app, '10001');
  staff = await signInStaff(t.app, 'admin@mitrebox.example');
  codes = (
    await t.database.db.select({ code: products.code }).from(products).orderBy(asc(products.code))
  ).map((p) => p.code);
  [{ code: loc }] = await t.database.db
    .select({ code: locations.code })
    .from(locations)
    .orderBy(asc(locations.code))
    .limit(1);
});
afterAll(async () => {
  await t?.close();
});

const importCsv = (csv: string, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/products/import${query}`,
    headers: { ...bearer(staff), 'content-type': 'text/csv' },
    payload: csv,
  });

const quote = (v: unknown) => `"${String(v).replaceAll('"', '""')}"`;
const productOf = async (code: string) =>
  (await t.database.db.select().from(products).where(eq(products.code, code)))[0];
const auditCount = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0].n;

describe('staff catalogue API', () => {
  it('refuses anonymous visitors (401) and customers (403)', async () => {
    for (const [method, url] of [
      ['GET', '/api/staff/products'],
      ['GET', '/api/staff/collections'],
      ['GET', '/api/staff/products/export'],
      ['POST', '/api/staff/products/import'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url, headers: bearer(customer) })).statusCode).toBe(403);
    }
  });

  it('lists products server-paged, sorted and searched, with every price column and stock per location', async () => {
    const res = await t.app.inject({
      url: '/api/staff/products?page=2&pageSize=10&sort=code&dir=desc',
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(codes.length);
    expect(body.rows.map((p: { code: string }) => p.code)).toEqual([...codes].reverse().slice(10, 20));
    expect(Object.keys(body.rows[0].prices)).toContain('join_os_fee');
    expect(Object.keys(body.rows[0].stock)).toEqual(body.locations.map((l: { code: string }) => l.code));
    const found = await t.app.inject({ url: `/api/staff/products?q=${codes[3]}`, headers: bearer(staff) });
    expect(found.json().rows.map((p: { code: string }) => p.code)).toContain(codes[3]);
    const cols = await t.app.inject({
      url: '/api/staff/collections?sort=products&dir=desc',
      headers: bearer(staff),
    });
    expect(cols.statusCode).toBe(200);
    expect(cols.json().total).toBeGreaterThan(0);
  });

  it('changes a price and a stock level with an audit entry holding before and after', async () => {
    const code = codes[0];
    const old = await productOf(code);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/products/${code}`,
      headers: bearer(staff),
      payload: { prices: { length: '9.99' }, stock: { [loc]: '42' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.prices.length).toBe('9.99');
    expect(res.json().data.stock[loc]).toBe('42.0000');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, code)));
    expect(entry).toMatchObject({
      actorKind: 'staff',
      actorName: 'admin@mitrebox.example',
      action: 'product.update',
      before: { length: old.length },
      after: { length: '9.99', [`stock_${loc}`]: '42.0000' },
    });
  });
});

describe('CSV import', () => {
  it('checks a file in a dry run without saving, imports it all, and a second import changes nothing', async () => {
    const [a, b] = [codes[5], codes[6]];
    const csv = `code,length,chop,stock_${loc}\n${a},12.34,13,7\n${b},1.5,,0\nNEW-0001,,,3\n`;
    const pa = await productOf(a);
    const withNew = [
      `code,description,display_name,frame_type,type,length,stock_${loc}`,
      [a, pa.description, pa.displayName, pa.frameType, pa.type, '12.34', '7'].map(quote).join(','),
      'NEW-0001,Walnut test moulding,Walnut Test,MOULDING,4,3.10,3',
    ].join('\n');
    // a new product needs its description, name, frame type and type
    const bad = await importCsv(csv);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().row_errors).toContainEqual({
      row: 4,
      column: 'description',
      message: 'NEW-0001 is a new product, so it needs description.',
    });
    expect((await productOf(a)).length).not.toBe('12.34');

    const dry = await importCsv(withNew, '?dry_run=1');
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ dry_run: true, applied: false, rows: 2, created: 1, updated: 1 });
    expect(dry.json().message).toBe('Dry run, nothing saved: 1 new, 1 changed, 0 unchanged.');
    expect(await productOf('NEW-0001')).toBeUndefined();

    const audits = await auditCount();
    const done = await importCsv(withNew, '?file=prices.csv');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      applied: true,
      created: 1,
      updated: 1,
      unchanged: 0,
      error_count: 0,
    });
    expect((await productOf(a)).length).toBe('12.34');
    expect((await productOf('NEW-0001')).displayName).toBe('Walnut Test');
    // one entry per changed product and one for the file
    expect(await auditCount()).toBe(audits + 3);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.update'), eq(auditLog.entityId, a)));
    expect(entry.after).toMatchObject({ length: '12.34', [`stock_${loc}`]: '7.0000' });

    const again = await importCsv(withNew);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ applied: false, created: 0, updated: 0, unchanged: 2 });
    expect(again.json().message).toBe(
      'Nothing to change: all 2 rows match the catalogue (0 new, 0 changed, 2 unchanged).',
    );
    expect(await auditCount()).toBe(audits + 3);

    // prices-only files also change existing products
    const prices = await importCsv(`code,chop\n${b},4.50\n`);
    expect(prices.json()).toMatchObject({ applied: true, updated: 1 });
    expect((await productOf(b)).chop).toBe('4.50');
  });

  it('reports every bad row by row and column and imports nothing', async () => {
    const [a, b, c] = [codes[10], codes[11], codes[12]];
    const before = await Promise.all([a, b, c].map(productOf));
    const audits = await auditCount();
    const csv = [
      `code,length,display_name,stock_${loc}`,
      `${a},5.00,Fine name,1`, // a good row: not imported either
      `${b},-3.00,Fine,2`, // negative price
      `${c},4.00,Fine,lots`, // non-numeric stock
      `${a},4.00,Fine,1`, // duplicate code
      `${codes[13]},4.00,=HYPERLINK("http://evil.example"),1`, // formula cell
      `${codes[14]},4.00`, // missing cells
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.applied).toBe(false);
    expect(body.row_errors).toEqual([
      { row: 3, column: 'length', message: 'length must not be negative.' },
      {
        row: 4,
        column: `stock_${loc.toLowerCase()}`,
        message: `stock_${loc.toLowerCase()} must be a number, not "lots".`,
      },
      { row: 5, column: 'code', message: `The code ${a} is already on row 2.` },
      {
        row: 6,
        column: 'display_name',
        message:
          "display_name starts with =, +, -, @ or a tab, which a spreadsheet runs as a formula: remove it, or put ' in front to keep it as text.",
      },
      { row: 7, column: 'display_name', message: 'This row has 2 cells; the header has 4 columns.' },
    ]);
    expect(body.message).toBe('Nothing was imported: 5 errors in 5 rows.');
    expect(await Promise.all([a, b, c].map(productOf))).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses a file without the code column, with an unknown column, or of 200,000 rows', async () => {
    const noCode = await importCsv('length,chop\n1,2\n');
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().row_errors).toContainEqual({
      row: 1,
      column: 'code',
      message: 'The column code is missing: every row needs the product code.',
    });
    const unknown = await importCsv(`code,lenght\n${codes[0]},1\n`);
    expect(unknown.json().row_errors).toEqual([
      { row: 1, column: 'lenght', message: 'This is not a column of the product file.' },
    ]);

    const big = ['code,description,display_name,frame_type,type,length'];
    for (let i = 0; i < 200_000; i++) big.push(`BIG-${i},Big moulding,Big,MOULDING,4,1.00`);
    const huge = await importCsv(big.join('\n'));
    expect(huge.statusCode).toBe(422);
    expect(huge.json().row_errors.at(-1)).toEqual({
      row: 100_002,
      column: null,
      message:
        'The file has more than 100,000 rows. Split it into files of at most 100,000 rows and import them one after another.',
    });
    expect(huge.json().applied).toBe(false);
  });

  it("keeps a cell neutralised with ' as text, and the export escapes formula cells and imports unchanged", async () => {
    const code = codes[20];
    const res = await importCsv(`code,description\n${code},"'=HYPERLINK(""http://evil.example"",""x"")"\n`);
    expect(res.statusCode).toBe(200);
    expect((await productOf(code)).description).toBe('=HYPERLINK("http://evil.example","x")');

    const exported = await t.app.inject({ url: '/api/staff/products/export', headers: bearer(staff) });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    const lines = exported.body.trim().split('\n');
    expect(lines[0]).toMatch(/^code,description,display_name,frame_type,type,/);
    expect(lines.length).toBe(codes.length + 2); // header, seeded products and NEW-0001
    expect(exported.body).toContain(`${code},"'=HYPERLINK(""http://evil.example"",""x"")"`);

    const roundTrip = await importCsv(exported.body);
    expect(roundTrip.statusCode).toBe(200);
    expect(roundTrip.json()).toMatchObject({ created: 0, updated: 0, unchanged: codes.length + 1 });
  });

  it('answers 415 for a body that is not CSV text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/products/import',
      headers: { ...bearer(staff), 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF'),
    });
    expect(res.statusCode).toBe(415);
    const stock = await t.database.db.select().from(productStock).where(eq(productStock.code, codes[0]));
    expect(stock.length).toBeGreaterThan(0);
  });
});
