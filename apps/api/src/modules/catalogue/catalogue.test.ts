import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { products } from './catalogue.tables.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 400, config: { CATALOGUE_CACHE_MS: 0 } });
  token = await signIn(t.app, '10001');
});
afterAll(() => t?.close());

type Q = Record<string, string | number | object | undefined>;
function url(path: string, q: Q = {}) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q))
    if (v !== undefined) params.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  return `${path}?${params}`;
}
const shop = (q: Q = {}) => t.app.inject({ method: 'GET', url: url('/api/Shop/Products', q) });
const mine = (q: Q = {}) =>
  t.app.inject({ method: 'GET', url: url('/api/Products', q), headers: bearer(token) });
const filterData = (q: Q = {}) => t.app.inject({ method: 'GET', url: url('/api/Shop/ProductFilters', q) });

const PRICE_KEYS = [
  'Length',
  'Chop',
  'JoinAmt',
  'Length2',
  'Hardware',
  'Glass1',
  'Glass2',
  'Glass3',
  'Glass4',
  'Mat1',
  'Mat2',
  'Mat3',
  'Mat4',
  'Mat5',
  'Readymade',
];
const STOCK_KEYS = ['stock', 'available_here', 'stocked_here', 'LocationQty', 'Onhand', 'onhand'];

describe('anonymous visitors see no price and no stock', () => {
  it('on any product type, in the JSON itself', async () => {
    const types = (await t.database.db.selectDistinct({ type: products.type }).from(products)).map(
      (r) => r.type,
    );
    expect(types.length).toBeGreaterThanOrEqual(5);
    for (const type of types) {
      const res = await shop({ type, items_per_page: 100 });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.length, `type ${type}`).toBeGreaterThan(0);
      for (const p of body.data)
        for (const key of [...PRICE_KEYS, ...STOCK_KEYS, 'Vendor', 'bypass'])
          expect(p, `${p.Code}.${key}`).not.toHaveProperty(key);
      expect(res.body).not.toMatch(/"(Length|Chop|Hardware|Mat1|Glass1|stock)"/);
    }
  });

  it('product details by code carry no price either', async () => {
    const code = (await shop({ type: 4, items_per_page: 1 })).json().data[0].Code;
    const res = await t.app.inject({
      method: 'GET',
      url: url('/api/getProductDetailsByCode', { Code: code }),
    });
    expect(res.statusCode).toBe(200);
    const p = res.json().products[code];
    expect(p.Code).toBe(code);
    for (const key of [...PRICE_KEYS, ...STOCK_KEYS]) expect(p).not.toHaveProperty(key);
    expect(res.json().discounts).toEqual([]);
  });

  it('the signed-in listing refuses anonymous callers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Products' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/ProductFilters' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/recentPurchases' })).statusCode).toBe(401);
  });
});

describe('signed-in listing', () => {
  it('carries list prices and stock in all four warehouses', async () => {
    const res = await mine({ type: 4, items_per_page: 20 });
    expect(res.statusCode).toBe(200);
    const p = res.json().data[0];
    expect(p.Length).toMatch(/^\d+\.\d{2}$/);
    expect(p.stock.map((s: { Loc: string }) => s.Loc).sort()).toEqual(['B', 'C', 'E', 'G']);
    for (const s of p.stock) expect(s.available).toBe(Math.max(0, Math.round(s.Onhand - s.CommitAmt)));
    expect(p.available_here).toBe(p.stock.find((s: { Loc: string }) => s.Loc === 'C').available);
  });

  it("marks non-moulding items without stock at the account's warehouse", async () => {
    const all = (await mine({ type: 1, items_per_page: 100 })).json().data;
    for (const p of all) expect(p.stocked_here).toBe(p.available_here > 0);
  });

  it('product details carry prices and only this account’s discounts', async () => {
    const code = (await mine({ type: 4, items_per_page: 1 })).json().data[0].Code;
    const res = await t.app.inject({
      method: 'GET',
      url: url('/api/getProductDetailsByCode', { Code: code }),
      headers: bearer(token),
    });
    const body = res.json();
    expect(body.products[code].Length).toBeTruthy();
    const own = await t.database.db.execute(
      sql`select count(*)::int as n from discounts where acctnum = '10001'`,
    );
    expect(own).toBeTruthy();
    for (const d of body.discounts)
      expect(['', body.products[code].Vendor, body.products[code].FrameLine]).toContain(d.Vendor);
    const other = await signIn(t.app, '10005');
    const theirs = (
      await t.app.inject({
        method: 'GET',
        url: url('/api/getProductDetailsByCode', { Code: code }),
        headers: bearer(other),
      })
    ).json();
    expect(JSON.stringify(theirs.discounts)).not.toBe(JSON.stringify(body.discounts));
  });

  it('an unknown code answers 404 with a message', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url('/api/getProductDetailsByCode', { Code: 'NO-SUCH-CODE' }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTruthy();
  });
});

describe('filters', () => {
  const db = () => t.database.db;
  async function countWhere(...conds: Parameters<typeof and>) {
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.active, 1), ...conds));
    return Number(row.n);
  }

  it('by one collection and by several', async () => {
    const [a, b] = await queryRows<{ collection_id: number }>(
      db(),
      sql`select collection_id from products where type = 4 group by collection_id order by count(*) desc limit 2`,
    );
    const one = (
      await shop({ type: 4, filters: { collection: [a.collection_id] }, items_per_page: 100 })
    ).json();
    expect(one.total).toBe(
      await countWhere(eq(products.type, 4), eq(products.collectionId, a.collection_id)),
    );
    expect(one.data.every((p: { collection_id: number }) => p.collection_id === a.collection_id)).toBe(true);
    const both = (
      await shop({ type: 4, filters: { collection: [a.collection_id, b.collection_id] } })
    ).json();
    expect(both.total).toBe(
      one.total + (await countWhere(eq(products.type, 4), eq(products.collectionId, b.collection_id))),
    );
  });

  it('by width range with fractions, and "to" empty means exactly "from"', async () => {
    const res = (
      await shop({ type: 4, filters: { width: { from: '1 1/2', to: '2 1/4' } }, items_per_page: 100 })
    ).json();
    expect(res.total).toBe(
      await countWhere(eq(products.type, 4), sql`${products.width} between 1.5 - 1.0/32 and 2.25 + 1.0/32`),
    );
    for (const p of res.data) expect(p.Width).toBeGreaterThanOrEqual(1.5 - 1 / 32);
    const some = res.data[0];
    const exact = (
      await shop({ type: 4, filters: { width: { from: some.width_display } }, items_per_page: 100 })
    ).json();
    expect(exact.total).toBeGreaterThan(0);
    expect(exact.data.every((p: { width_display: string }) => p.width_display === some.width_display)).toBe(
      true,
    );
  });

  it('by finish, style, colour family and profile type, alone and combined', async () => {
    const [row] = await queryRows<{
      finish_name: string;
      style_name: string;
      color_family_id: number;
      profile_type_id: number;
    }>(
      db(),
      sql`select finish_name, style_name, color_family_id, profile_type_id from products where type = 4 and finish_name is not null and style_name is not null limit 1`,
    );
    const cases: [object, number][] = [
      [
        { finish: [row.finish_name] },
        await countWhere(eq(products.type, 4), eq(products.finishName, row.finish_name)),
      ],
      [
        { style: [row.style_name] },
        await countWhere(eq(products.type, 4), eq(products.styleName, row.style_name)),
      ],
      [
        { color_family: [row.color_family_id] },
        await countWhere(eq(products.type, 4), eq(products.colorFamilyId, row.color_family_id)),
      ],
      [
        { profile_type: [row.profile_type_id] },
        await countWhere(eq(products.type, 4), eq(products.profileTypeId, row.profile_type_id)),
      ],
      [
        { finish: [row.finish_name], style: [row.style_name], profile_type: [row.profile_type_id] },
        await countWhere(
          eq(products.type, 4),
          eq(products.finishName, row.finish_name),
          eq(products.styleName, row.style_name),
          eq(products.profileTypeId, row.profile_type_id),
        ),
      ],
    ];
    for (const [filters, expected] of cases) {
      const res = await shop({ type: 4, filters });
      expect(res.json().total, JSON.stringify(filters)).toBe(expected);
      expect(expected).toBeGreaterThan(0);
    }
  });

  it('filter counts reflect the other active filters', async () => {
    const base = (await filterData({ type: 4 })).json();
    expect(base.type.map((x: { value: number }) => x.value)).toContain(4);
    const col = base.collection[0];
    const finishTotal = (data: { finish: { count: number }[] }) =>
      data.finish.reduce((s, f) => s + f.count, 0);
    // with a collection chosen, the finish counts add up to that collection's products (all have a finish)
    const withCol = (await filterData({ type: 4, filters: { collection: [col.id] } })).json();
    const listed = (await shop({ type: 4, filters: { collection: [col.id] } })).json().total;
    expect(finishTotal(withCol)).toBe(listed);
    expect(col.collectionCount).toBe(listed);
    // the collection group's own counts ignore the chosen collection but follow a chosen finish
    expect(withCol.collection.find((c: { id: number }) => c.id === col.id).collectionCount).toBe(
      col.collectionCount,
    );
    const finish = withCol.finish.find((f: { count: number }) => f.count > 0).value;
    const withFinish = (await filterData({ type: 4, filters: { finish: [finish] } })).json();
    for (const c of withFinish.collection.slice(0, 5)) {
      const n = (await shop({ type: 4, filters: { finish: [finish], collection: [c.id] } })).json().total;
      expect(c.collectionCount).toBe(n);
    }
  });

  it('unknown filter ids give an empty result, not an error', async () => {
    const res = await shop({ type: 4, filters: { collection: [999999], color_family: [424242] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: [], total: 0, next_page_url: null });
  });
});

describe('paging', () => {
  it('walks every page exactly once and stops with next_page_url null', async () => {
    const first = (await shop({ type: 4, items_per_page: 100 })).json();
    const seen = new Set<string>();
    let page = first;
    let n = 1;
    for (;;) {
      for (const p of page.data) seen.add(p.Code);
      expect(page.current_page).toBe(n);
      if (!page.next_page_url) break;
      page = (await t.app.inject({ method: 'GET', url: page.next_page_url })).json();
      n++;
    }
    expect(seen.size).toBe(first.total);
    expect(n).toBe(first.last_page);
  });

  it('a page past the end is empty', async () => {
    const res = (await shop({ type: 4, page: 5000 })).json();
    expect(res.data).toEqual([]);
    expect(res.total).toBeGreaterThan(0);
    expect(res.next_page_url).toBeNull();
  });

  it.each([
    [{ page: 0 }],
    [{ page: -1 }],
    [{ page: 100001 }],
    [{ page: 'abc' }],
    [{ items_per_page: 0 }],
    [{ items_per_page: 101 }],
    [{ items_per_page: 1e9 }],
    [{ type: 'x' }],
    [{ frameType: 'SOFA' }],
    [{ filters: '{not json' }],
    [{ filters: { width: { from: '1 x/8' } } }],
    [{ filters: { collection: ['abc'] } }],
    [{ filters: { collection: 'abc' } }],
  ] as Q[][])('bad parameter %j → 400 with a message', async (q) => {
    const res = await shop(q);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

describe('search', () => {
  it('ranks an exact item code first, then codes that start with it', async () => {
    const all = (await shop({ type: 4, items_per_page: 100 })).json().data;
    const target = all[17].Code as string;
    const res = (await shop({ TopSearch: target, items_per_page: 10 })).json();
    expect(res.data[0].Code).toBe(target);
    const prefix = target.slice(0, 3);
    const byPrefix = (await shop({ TopSearch: prefix, items_per_page: 10 })).json();
    expect(byPrefix.data[0].Code.toLowerCase().startsWith(prefix.toLowerCase())).toBe(true);
  });

  it('finds by name, any case, and forgives a typo', async () => {
    const p = (await shop({ type: 4, items_per_page: 1 })).json().data[0];
    const word = String(p.display_name).split(/\s+/)[0];
    const res = (await shop({ TopSearch: word.toUpperCase(), items_per_page: 10 })).json();
    expect(res.total).toBeGreaterThan(0);
    expect(
      res.data.some((x: { display_name: string }) =>
        x.display_name.toLowerCase().includes(word.toLowerCase()),
      ),
    ).toBe(true);
    const typo = `${word.slice(0, -2)}${word.slice(-1)}${word.slice(-2, -1)}`;
    if (typo.toLowerCase() !== word.toLowerCase() && word.length >= 5) {
      expect((await shop({ TopSearch: typo, items_per_page: 10 })).json().total).toBeGreaterThan(0);
    }
  });

  it.each(["'; drop table products; --", '%', '_', '\\', '" or 1=1 --', '<script>alert(1)</script>', 'ü∂ƒ'])(
    'is safe with %j',
    async (text) => {
      const res = await shop({ TopSearch: text });
      expect(res.statusCode).toBe(200);
      expect(Array.isArray(res.json().data)).toBe(true);
      expect((await shop({ type: 4 })).json().total).toBeGreaterThan(0);
    },
  );
});

describe('collections and settings', () => {
  it('sorts by a whitelisted column only', async () => {
    const asc = (
      await t.app.inject({
        method: 'GET',
        url: '/api/Shop/Collections?perPage=1000&orderCol=name&orderDir=ASC',
      })
    ).json();
    const names = asc.data.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(asc.data.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([87, 132, 133, 159]));
    const desc = (
      await t.app.inject({ method: 'GET', url: '/api/Shop/Collections?orderCol=id&orderDir=desc' })
    ).json();
    const ids = desc.data.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    for (const bad of [
      'orderCol=password',
      'orderCol=name;drop',
      'orderDir=sideways',
      'perPage=1001',
      'perPage=0',
    ]) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/Shop/Collections?${bad}` })).statusCode,
        bad,
      ).toBe(400);
    }
  });

  it('settings hold the named entries as JSON strings', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json();
    const names = body.data.map((s: { name: string }) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['value_lines', 'popular_collections', 'who_we_are', 'Policy', 'Terms']),
    );
    const popular = JSON.parse(
      body.data.find((s: { name: string }) => s.name === 'popular_collections').data,
    );
    expect(Array.isArray(popular)).toBe(true);
  });

  it('locations and site facts', async () => {
    const loc = (await t.app.inject({ method: 'GET', url: '/api/locations' })).json();
    expect(loc.data.map((l: { Loc: string }) => l.Loc).sort()).toEqual(['B', 'C', 'E', 'G']);
    const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json();
    expect(site.phone).toBe('800-640-2467');
    expect(site.stagingBanner).toBe(false);
  });
});

describe('recent purchases', () => {
  it("are the account's own, newest first, and differ between accounts", async () => {
    const a = (
      await t.app.inject({
        method: 'GET',
        url: '/api/recentPurchases?nodate=1&perPage=100',
        headers: bearer(token),
      })
    ).json().data;
    expect(a.length).toBeGreaterThan(0);
    const dates = a.map((r: { last_ordered: string }) => r.last_ordered);
    expect(dates).toEqual([...dates].sort().reverse());
    const own = (
      await queryRows<{ code: string }>(
        t.database.db,
        sql`select distinct oi.code from order_items oi join orders o on o.ordnum = oi.ordnum where o.acctnum = '10001'`,
      )
    ).map((r) => r.code);
    for (const r of a) expect(own).toContain(r.Code);
    const other = await signIn(t.app, '10005');
    const b = (
      await t.app.inject({ method: 'GET', url: '/api/recentPurchases', headers: bearer(other) })
    ).json().data;
    expect(b.map((r: { Code: string }) => r.Code)).not.toEqual(a.map((r: { Code: string }) => r.Code));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/recentPurchases?perPage=500', headers: bearer(token) }))
        .statusCode,
    ).toBe(400);
  });
});

describe('counts per filter set (COUNTS_CACHE_MS)', () => {
  it('are counted once and reused by another account, with the caches of pages and answers off', async () => {
    const counted = await createTestApp({
      seedProducts: 120,
      config: { COUNTS_CACHE_MS: 60_000, CATALOGUE_CACHE_MS: 0 },
    });
    try {
      const a = await signIn(counted.app, '10001');
      const b = await signIn(counted.app, '10005');
      const get = (url: string, who: string) =>
        counted.app.inject({ method: 'GET', url, headers: bearer(who) }).then((r) => r.json());
      const listing = '/api/Products?type=1&items_per_page=5';
      const filters = '/api/ProductFilters?type=1';
      const before = await get(listing, a);
      const facetsBefore = await get(filters, a);
      // a product leaves the catalogue behind the counts' back: the next account still gets the counted figures
      const gone = before.data[0].Code as string;
      await counted.database.db.update(products).set({ active: 0 }).where(eq(products.code, gone));
      const after = await get(listing, b);
      expect(after.total).toBe(before.total);
      expect(after.data.map((p: { Code: string }) => p.Code)).not.toContain(gone); // the page itself is fresh
      expect(await get(filters, b)).toEqual(facetsBefore);
    } finally {
      await counted.close();
    }
  });
});

describe('listing micro-cache', () => {
  it('answers the same bytes within its time, keeps anonymous answers price-free and per-account answers apart', async () => {
    const cached = await createTestApp({ seedProducts: 120, config: { LISTING_CACHE_MS: 60_000 } });
    try {
      const a = await signIn(cached.app, '10001'); // New Orleans
      const b = await signIn(cached.app, '10005'); // Denver
      const url = '/api/Products?type=1&items_per_page=20';
      const first = await cached.app.inject({ method: 'GET', url, headers: bearer(a) });
      const again = await cached.app.inject({ method: 'GET', url, headers: bearer(a) });
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toContain('application/json');
      const denver = (await cached.app.inject({ method: 'GET', url, headers: bearer(b) })).json();
      const orleans = first.json();
      const here = (
        body: { data: { available_here: number; stock: { Loc: string; available: number }[] }[] },
        loc: string,
      ) => body.data.every((p) => p.available_here === (p.stock.find((s) => s.Loc === loc)?.available ?? 0));
      expect(here(orleans, 'C')).toBe(true);
      expect(here(denver, 'G')).toBe(true);
      const anon = await cached.app.inject({
        method: 'GET',
        url: '/api/Shop/Products?type=1&items_per_page=20',
      });
      expect(anon.body).not.toMatch(/"(Mat1|stock|available_here)"/);
      expect((await cached.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    } finally {
      await cached.close();
    }
  });
});

describe("the account's net price in listings", () => {
  type Net = { list: string; rate: string; net: string; unit: 'ft' | 'ea' };
  type Row = { Code: string; type: number; FrameType: string; net_price?: Net; Length: string | null };
  const listing = async (who: string, q: Q) =>
    (await t.app.inject({ method: 'GET', url: url('/api/Products', q), headers: bearer(who) })).json() as {
      data: Row[];
    };
  /** The unit price the cart charges this account for one line of the product. */
  async function cartUnitPrice(who: string, p: Row, location: string) {
    const selection =
      p.type === 4 ? { type: 'length', length: 1, location } : { type: 'item', quantity: 1, location };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/updateCart',
      headers: bearer(who),
      payload: { cartdata: [{ Code: p.Code, productSelection: selection, backtype: 'backallq' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data[0].calc.unitPrice as string;
  }

  it('equals what the cart charges, per account, and differs between accounts', async () => {
    const other = await signIn(t.app, '10005');
    let differs = 0;
    for (const type of [4, 1, 2, 3]) {
      const mineRows = (await listing(token, { type, items_per_page: 12 })).data;
      const theirs = new Map(
        (await listing(other, { type, items_per_page: 12 })).data.map((p) => [p.Code, p]),
      );
      expect(mineRows.length, `type ${type}`).toBeGreaterThan(0);
      for (const p of mineRows) {
        expect(p.net_price, p.Code).toMatchObject({ unit: p.FrameType === 'MOULDING' ? 'ft' : 'ea' });
        if (theirs.get(p.Code)?.net_price?.net !== p.net_price?.net) differs++;
      }
      for (const p of mineRows.slice(0, 3)) {
        expect(p.net_price?.net, p.Code).toBe(await cartUnitPrice(token, p, 'C'));
        const their = theirs.get(p.Code) as Row;
        expect(their.net_price?.net, p.Code).toBe(await cartUnitPrice(other, their, 'G'));
      }
    }
    expect(differs).toBeGreaterThan(0);
    await t.app.inject({
      method: 'POST',
      url: '/api/updateCart',
      headers: bearer(token),
      payload: { cartdata: [] },
    });
  });

  it('is in product details and search results; anonymous visitors get none', async () => {
    const p = (await listing(token, { type: 4, items_per_page: 1 })).data[0];
    const details = await t.app.inject({
      method: 'GET',
      url: url('/api/getProductDetailsByCode', { Code: p.Code }),
      headers: bearer(token),
    });
    expect(details.json().products[p.Code].net_price).toEqual(p.net_price);
    const found = (await listing(token, { TopSearch: p.Code })).data.find((r) => r.Code === p.Code);
    expect(found?.net_price).toEqual(p.net_price);
    const anon = await shop({ TopSearch: p.Code });
    expect(anon.body).not.toContain('net_price');
    const anonDetails = await t.app.inject({
      method: 'GET',
      url: url('/api/getProductDetailsByCode', { Code: p.Code }),
    });
    expect(anonDetails.body).not.toContain('net_price');
  });
});

describe('listing sort', () => {
  const all = async (q: Q) => {
    const out: { Code: string; display_name: string; Width: number | null; Length: string | null }[] = [];
    for (let page = 1; ; page++) {
      const body = (await mine({ ...q, page, items_per_page: 100 })).json();
      out.push(...body.data);
      if (!body.next_page_url) return out;
      expect(body.next_page_url).toContain(`sort=${q.sort}`);
    }
  };

  it('by item #, name, width and price, both ways, every product once', async () => {
    const base = await all({ type: 4, sort: 'code' });
    expect(base.length).toBeGreaterThan(100);
    const codes = base.map((p) => p.Code.toLowerCase());
    expect(codes).toEqual([...codes].sort());
    const byName = (await all({ type: 4, sort: 'name' })).map((p) => p.display_name.toLowerCase());
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const widths = (await all({ type: 4, sort: 'width', dir: 'desc' })).map((p) => p.Width ?? -1);
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
    const prices = await all({ type: 4, sort: 'price' });
    const lengths = prices.map((p) => Number(p.Length));
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    expect(new Set(prices.map((p) => p.Code)).size).toBe(base.length);
    const byWidth = (await shop({ type: 4, sort: 'width', items_per_page: 5 })).json().data;
    expect(byWidth.map((p: { Width: number }) => p.Width)).toEqual(
      [...widths]
        .reverse()
        .slice(0, 5)
        .map((w) => (w === -1 ? null : w)),
    );
  });

  it('anonymous visitors cannot sort by price (its order is price information)', async () => {
    const res = await shop({ type: 4, sort: 'price' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ sort: 'Sign in to sort by price.' });
  });

  it('refuses an unknown sort with a plain sentence', async () => {
    for (const bad of ['sort=password', 'sort=code;drop', 'sort=price&dir=sideways']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/Shop/Products?${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(Object.values(res.json().errors)[0]).toMatch(/^Sort (by item #|ascending)/);
    }
  });
});

describe('Buy Again with prices', () => {
  it("recent purchases carry the account's net price, as product details do", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/recentPurchases', headers: bearer(token) });
    const items = res.json().data as { Code: string; net_price?: { net: string } }[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items.slice(0, 5)) {
      const details = await t.app.inject({
        method: 'GET',
        url: url('/api/getProductDetailsByCode', { Code: item.Code }),
        headers: bearer(token),
      });
      expect(item.net_price, item.Code).toEqual(details.json().products[item.Code].net_price);
    }
  });
});
