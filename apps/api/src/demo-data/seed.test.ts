import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../platform/db.ts';
import { careers } from '../schema.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { DEMO_ACCOUNTS, generateCatalogue, PRODUCT_TYPE, SEED_FIXTURES } from './index.ts';

type Row = Record<string, unknown>;
async function rows<T = Row>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

describe('generateCatalogue (pure)', () => {
  it('gives the same catalogue for the same size, and product i is the same at every size', () => {
    const a = generateCatalogue(300);
    const b = generateCatalogue(300);
    expect(b).toEqual(a);
    const big = generateCatalogue(1000);
    expect(big.products.slice(0, 300)).toEqual(a.products);
  });

  it('splits the catalogue roughly 70/15/5/4/3 and has every type of the scheme', () => {
    const { products } = generateCatalogue(3000);
    const share = (type: number) => products.filter((p) => p.type === type).length / products.length;
    expect(share(PRODUCT_TYPE.MOULDINGS)).toBeGreaterThan(0.66);
    expect(share(PRODUCT_TYPE.MOULDINGS)).toBeLessThan(0.74);
    expect(share(PRODUCT_TYPE.MATS)).toBeGreaterThan(0.12);
    expect(share(PRODUCT_TYPE.GLASS)).toBeGreaterThan(0.03);
    expect(share(PRODUCT_TYPE.HARDWARE)).toBeGreaterThan(0.025);
    expect(share(PRODUCT_TYPE.FILLETS)).toBeGreaterThan(0.02);
    for (const t of Object.values(PRODUCT_TYPE)) expect(share(t)).toBeGreaterThan(0);
  });

  it('has unique codes that the image routes accept, and realistic mouldings', () => {
    const { products } = generateCatalogue(3000);
    expect(new Set(products.map((p) => p.code)).size).toBe(products.length);
    expect(products.filter((p) => !/^[A-Za-z0-9._-]{1,64}$/.test(p.code))).toEqual([]);
    const mouldings = products.filter((p) => p.type === PRODUCT_TYPE.MOULDINGS);
    const odd = mouldings.filter((m) => {
      const w = Number(m.width);
      return (
        m.frameType !== 'MOULDING' ||
        w < 0.75 ||
        w > 4.5 ||
        (w * 16) % 1 !== 0 || // sixteenths
        !/^#[0-9a-f]{6}$/.test(m.swatch ?? '') ||
        !(m.frameLine === 'A' || m.frameLine === 'D') ||
        !(Number(m.length) > 0) ||
        !(Number(m.chop) > Number(m.length)) ||
        !m.collectionId ||
        !m.colorFamilyId ||
        !m.profileTypeId
      );
    });
    expect(odd).toEqual([]);
    const boxed = mouldings.filter((m) => (m.boxQty ?? 0) > 0).length / mouldings.length;
    expect(boxed).toBeGreaterThan(0.25);
    expect(boxed).toBeLessThan(0.42);
    expect(mouldings.some((m) => m.bypass === 'BYPASS')).toBe(true);
    const mats = products.filter((p) => p.type === PRODUCT_TYPE.MATS);
    expect(mats.filter((m) => !/^[A-Z]\d{4}$/.test(m.manufCode ?? ''))).toEqual([]);
    expect(new Set(mats.map((m) => m.manufCode)).size).toBe(mats.length);
    const glass = products.filter((p) => p.type === PRODUCT_TYPE.GLASS);
    expect(glass.filter((g) => g.mat5 !== g.glass4)).toEqual([]);
  });

  it('always starts with the named fixtures', () => {
    const { products, stock } = generateCatalogue(50);
    const codes = products.map((p) => p.code);
    for (const [key, code] of Object.entries(SEED_FIXTURES)) {
      if (key === 'matManufCode') continue;
      expect(codes).toContain(code);
    }
    const onhand = (code: string) => stock.filter((s) => s.code === code).map((s) => Number(s.onhand));
    expect(onhand(SEED_FIXTURES.backordered)).toEqual([0, 0, 0, 0]);
    expect(stock.find((s) => s.code === SEED_FIXTURES.matNotInDenver && s.location === 'G')?.onhand).toBe(
      '0.00',
    );
  });
});

describe('seedDemoData', () => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const t = await openTestDatabase({ seedProducts: 300 });
    db = t.database.db;
    close = t.close;
  });
  afterAll(async () => {
    await close?.();
  });

  it('is deterministic: a second database of the same size has identical products and prices', async () => {
    const other = await openTestDatabase({ seedProducts: 300 });
    try {
      const q = sql`select code, type, display_name, width, length, chop, join_amt, length2, mat1, glass1, hardware, box_qty from products order by code`;
      const mine = await rows(db, q);
      const theirs = await rows(other.database.db, q);
      expect(mine).toHaveLength(300);
      expect(theirs).toEqual(mine);
      const stockQ = sql`select code, location, onhand, commit_amt from product_stock order by code, location`;
      expect(await rows(other.database.db, stockQ)).toEqual(await rows(db, stockQ));
    } finally {
      await other.close();
    }
  });

  it('creates every demo account in the state accounts.ts gives it', async () => {
    const accts = await rows<{ acctnum: string; active_type: string; terms: string; location: string }>(
      db,
      sql`select acctnum, active_type, terms, location from accounts order by acctnum`,
    );
    expect(accts.map((a) => a.acctnum)).toEqual(DEMO_ACCOUNTS.map((a) => a.acctnum));
    for (const a of DEMO_ACCOUNTS) {
      const row = accts.find((r) => r.acctnum === a.acctnum)!;
      expect(row.active_type).toBe(a.activeType);
      expect(row.terms).toBe(a.terms);
      expect(row.location).toBe(a.location);
    }
    const u = await rows<{
      username: string;
      first_login: boolean;
      email_verify_required: boolean;
      totp: boolean;
    }>(
      db,
      sql`select u.username, u.first_login, u.email_verify_required, u.totp_secret is not null as totp
          from users u join user_accounts ua on ua.user_id = u.id order by u.username`,
    );
    expect(u).toHaveLength(DEMO_ACCOUNTS.length);
    expect(u.find((x) => x.username === '10004')?.first_login).toBe(true);
    expect(u.find((x) => x.username === '10006')?.email_verify_required).toBe(true);
    expect(u.find((x) => x.username === '10007')?.totp).toBe(true);
  });

  it('seeds the reference tables the specification names', async () => {
    const locs = await rows<{ code: string; name: string }>(
      db,
      sql`select code, name from locations order by code`,
    );
    expect(locs).toEqual([
      { code: 'B', name: 'Greensboro' },
      { code: 'C', name: 'New Orleans' },
      { code: 'E', name: 'Tampa' },
      { code: 'G', name: 'Denver' },
    ]);
    const types = await rows<{ value: number }>(db, sql`select value from product_types order by value`);
    expect(types.map((t) => t.value)).toEqual([1, 2, 3, 4, 5, 6, 13, 14]);
    const cols = await rows<{ id: number; name: string }>(
      db,
      sql`select id, name from collections where id in (133, 159, 132, 87) order by id`,
    );
    expect(cols).toEqual([
      { id: 87, name: 'Value Line' },
      { id: 132, name: 'Modena' },
      { id: 133, name: 'Ferrara' },
      { id: 159, name: 'Innsbruck' },
    ]);
    const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from collections`);
    expect(n).toBeGreaterThanOrEqual(38);
    const levels = await rows<{ category: string; code: string; name: string }>(
      db,
      sql`select category, code, name from discount_levels where category in ('M', 'L', 'G') order by category, code`,
    );
    expect(levels.filter((l) => l.category === 'M').map((l) => l.name)).toEqual([
      'None',
      '20%',
      '27%',
      '29%',
    ]);
    expect(levels.filter((l) => l.category === 'L').map((l) => l.name)).toEqual([
      '10%',
      '15%',
      '20%',
      '30%',
      '40%',
      '45%',
      '25%',
      '50%',
    ]);
    expect(
      levels
        .filter((l) => l.category === 'G')
        .map((l) => l.name)
        .sort(),
    ).toEqual(['Basic', 'Max', 'Plus', 'Premium']);
  });

  it('gives each product stock in all four warehouses, some of it zero everywhere', async () => {
    const per = await rows<{ n: number; total: string }>(
      db,
      sql`select count(*)::int as n, sum(onhand)::text as total from product_stock group by code`,
    );
    expect(per).toHaveLength(300);
    expect(per.every((p) => p.n === 4)).toBe(true);
    expect(per.filter((p) => Number(p.total) === 0).length).toBeGreaterThan(5);
  });

  it('stores settings as JSON: popular collections, value lines and the rich-text pages', async () => {
    const s = await rows<{ name: string; data: string }>(db, sql`select name, data from settings`);
    const get = (name: string) => JSON.parse(s.find((x) => x.name === name)!.data);
    const popular = get('popular_collections') as { id: number; name: string }[];
    expect(popular.length).toBeGreaterThanOrEqual(10);
    expect(popular.slice(0, 3).map((c) => c.id)).toEqual([133, 159, 132]);
    expect(get('value_lines')[0].id).toBe(87);
    for (const page of ['who_we_are', 'Policy', 'Terms']) {
      const html = get(page) as string;
      expect(html).toMatch(/^<h2>/);
      expect(html.match(/<p>/g)!.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives discounts per account: vendor letters, general keys and Denver keys for 10005', async () => {
    const d = await rows<{ acctnum: string; vendor: string; key: string }>(
      db,
      sql`select acctnum, vendor, key from discounts`,
    );
    const keys = (acct: string) => d.filter((x) => x.acctnum === acct && x.vendor === '').map((x) => x.key);
    for (const a of DEMO_ACCOUNTS) {
      expect(keys(a.acctnum)).toEqual(
        expect.arrayContaining(['Length', 'Chop', 'Join', 'Hardware', 'Glass', 'FoamBoard']),
      );
    }
    expect(keys('10005')).toEqual(expect.arrayContaining(['Denver_Length', 'Denver_Chop', 'Denver_Join']));
    expect(keys('10001')).not.toContain('Denver_Length');
    const letters = new Set(d.filter((x) => x.vendor !== '').map((x) => x.key));
    expect([...letters].sort()).toEqual(['C', 'E', 'G', 'H', 'J', 'L', 'M']);
  });

  it('keeps order and invoice totals exact: total = items + tax + shipping + ship cost + packing − discount', async () => {
    const badOrders = await rows(
      db,
      sql`select ordnum from orders o
          where inv_total <> item_total + tax + shipping + ship_cost + packing - discount
             or item_total <> (select coalesce(sum(tot_price), 0) from order_items i where i.ordnum = o.ordnum)`,
    );
    expect(badOrders).toEqual([]);
    const badInvoices = await rows(
      db,
      sql`select invnum from invoices v
          where invamt <> item_total + tax + shipping + ship_cost + packing - discount
             or item_total <> (select coalesce(sum(tot_price), 0) from invoice_items i where i.invnum = v.invnum)
             or balance <> invamt - payamt
             or payamt <> (select coalesce(sum(pay_amt), 0) from invoice_payments p where p.invnum = v.invnum)`,
    );
    expect(badInvoices).toEqual([]);
    const invoicedOrders = await rows(
      db,
      sql`select o.ordnum from orders o join invoices v on v.ordnum = o.ordnum
          group by o.ordnum, o.inv_total having o.inv_total <> sum(v.invamt)`,
    );
    expect(invoicedOrders).toEqual([]);
  });

  it('writes a realistic history: numbers below the live sequence, statuses, pending orders, credits, a batch', async () => {
    const [o] = await rows<{ max: number; next: string }>(
      db,
      sql`select max(ordnum)::int as max, (select nextval('order_number_seq'))::text as next from orders`,
    );
    expect(o.max).toBeLessThan(700000);
    expect(Number(o.next)).toBeGreaterThanOrEqual(700000);
    const per = await rows<{ acctnum: string; n: number; pending: number }>(
      db,
      sql`select acctnum, count(*)::int as n, sum(case when synced = 0 then 1 else 0 end)::int as pending
          from orders group by acctnum order by acctnum`,
    );
    const n = (acct: string) => per.find((p) => p.acctnum === acct);
    expect(n('10001')!.n).toBeGreaterThanOrEqual(55);
    expect(n('10005')!.n).toBeGreaterThanOrEqual(55);
    expect(n('10002')!.n).toBeGreaterThan(0);
    expect(n('10003')!.n).toBeGreaterThan(0);
    expect(n('10001')!.pending).toBeGreaterThan(0);
    expect(n('10005')!.pending).toBeGreaterThan(0);
    const statuses = await rows<{ paystatus: number }>(
      db,
      sql`select distinct paystatus from invoices order by 1`,
    );
    expect(statuses.map((s) => s.paystatus)).toEqual([0, 1, 3, 4]);
    const pcodes = await rows<{ pcode: string }>(db, sql`select distinct pcode from order_items order by 1`);
    expect(pcodes.map((p) => p.pcode)).toEqual(expect.arrayContaining(['', 'B', 'C', 'E', 'J', 'L']));
    const credits = await rows<{ invnum: number }>(db, sql`select invnum from credits`);
    expect(credits.some((c) => String(c.invnum).startsWith('5000'))).toBe(true);
    expect(credits.some((c) => !String(c.invnum).startsWith('5000'))).toBe(true);
    const batch = await rows<{ status: string }>(db, sql`select status from batch_payments`);
    expect(batch.map((b) => b.status)).toEqual(expect.arrayContaining(['Approved', 'Declined']));
    const pending = await rows(
      db,
      sql`select o.ordnum from orders o join invoices v on v.ordnum = o.ordnum where o.synced = 0`,
    );
    expect(pending).toEqual([]);
  });

  it('gives each account a history of its own items', async () => {
    const codes = async (acct: string) =>
      new Set(
        (
          await rows<{ code: string }>(
            db,
            sql`select distinct i.code from order_items i join orders o on o.ordnum = i.ordnum where o.acctnum = ${acct}`,
          )
        ).map((r) => r.code),
      );
    const a = await codes('10001');
    const b = await codes('10005');
    expect(a.size).toBeGreaterThan(10);
    expect(b.size).toBeGreaterThan(10);
    expect([...a].filter((c) => b.has(c))).toEqual([]);
    const leaks = await rows(
      db,
      sql`select v.invnum from invoices v join orders o on o.ordnum = v.ordnum where o.acctnum <> v.acctnum
          union all
          select p.invnum from invoice_payments p join invoices v on v.invnum = p.invnum
            join payments y on y.id = p.payment_id where y.acctnum <> v.acctnum`,
    );
    expect(leaks).toEqual([]);
  });

  it('seeds dealers, careers and downloadable PDF documents', async () => {
    const dealers = await rows<{ latitude: number; longitude: number; state: string }>(
      db,
      sql`select latitude, longitude, state from dealers`,
    );
    expect(dealers.length).toBeGreaterThanOrEqual(140);
    for (const d of dealers) {
      expect(d.latitude).toBeGreaterThan(24);
      expect(d.latitude).toBeLessThan(49);
      expect(d.longitude).toBeGreaterThan(-125);
      expect(d.longitude).toBeLessThan(-66);
    }
    for (const st of ['LA', 'NC', 'FL', 'CO'])
      expect(dealers.filter((d) => d.state === st).length).toBeGreaterThan(5);
    const docs = await rows<{ category: number; content: Buffer | Uint8Array }>(
      db,
      sql`select category, content from documents order by id`,
    );
    expect(new Set(docs.map((d) => d.category))).toEqual(new Set([1, 2, 3]));
    for (const d of docs) {
      const text = Buffer.from(d.content).toString('latin1');
      expect(text.startsWith('%PDF-1.4')).toBe(true);
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
      const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
      expect(text.slice(xref, xref + 4)).toBe('xref');
    }
    // serial sequences were moved past the seeded ids
    const [row] = await db
      .insert(careers)
      .values({ jobHeading: 'Test', jobSubject: 'Test', jobDescription: 'Test' })
      .returning({ id: careers.id });
    expect(row.id).toBeGreaterThan(4);
  });
});
