// The catalogue index (docs/decisions/018) answers listing pages, totals and filter counts exactly as SQL does:
// two apps on one database, one with the index and one without, asked the same random listings (fixed seed).
// And it is never stale: a product written behind its back (as another API process would) is seen at once.
import { AccountProductsResponse, ProductsQuery, type SessionAccount } from '@mitrebox/api-contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../platform/db.ts';
import { fastJsonOf } from '../../platform/fast-json.ts';
import { openTestDatabase, signIn } from '../../testing/test-app.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { CatalogueIndex, type IndexedProduct } from './catalogue-index.ts';

let closeDb: () => Promise<void>;
let withIndex: FastifyInstance;
let withSql: FastifyInstance;
let database: Awaited<ReturnType<typeof openTestDatabase>>['database'];
let token: string;
let collections: number[];
let finishes: string[];
let styles: string[];
let families: number[];
let profiles: number[];

const appWith = (index: boolean) =>
  buildApp({
    config: loadConfig(
      {},
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE: 100000,
        SESSION_CACHE_MS: 0,
        LISTING_CACHE_MS: 0,
        COUNTS_CACHE_MS: 0,
        CATALOGUE_CACHE_MS: 0,
        CATALOGUE_INDEX: index ? 'true' : 'false',
      },
    ),
    database,
    serveWeb: false,
    logger: false,
  });

beforeAll(async () => {
  const opened = await openTestDatabase({ seedProducts: 1500 });
  database = opened.database;
  closeDb = opened.close;
  withIndex = await appWith(true);
  withSql = await appWith(false);
  await withIndex.services.catalogue.warmIndex();
  token = await signIn(withSql, '10001');
  const distinct = async <T>(column: string) =>
    (
      await queryRows<{ v: T }>(
        database.db,
        sql`select distinct ${sql.raw(column)} as v from products where ${sql.raw(column)} is not null order by 1`,
      )
    ).map((r) => r.v);
  collections = await distinct<number>('collection_id');
  finishes = await distinct<string>('finish_name');
  styles = await distinct<string>('style_name');
  families = await distinct<number>('color_family_id');
  profiles = await distinct<number>('profile_type_id');
}, 300_000);
afterAll(async () => {
  await withIndex?.close();
  await withSql?.close();
  await closeDb?.();
});

/** mulberry32: the same listings on every run */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomListings(count: number, seed: number) {
  const rnd = seeded(seed);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!;
  const some = <T>(list: T[]) => [pick(list), ...(rnd() < 0.4 ? [pick(list)] : [])];
  const sizes = [{ from: '1/2', to: '1' }, { from: '1', to: '2' }, { from: '1 1/4' }, { to: '3/4' }];
  return Array.from({ length: count }, () => {
    const filters: Record<string, unknown> = {};
    if (rnd() < 0.4) filters.collection = some(collections);
    if (rnd() < 0.25) filters.width = pick(sizes);
    if (rnd() < 0.05) filters.height = pick(sizes);
    if (rnd() < 0.05) filters.rabbet = pick(sizes);
    if (rnd() < 0.15) filters.finish = some(finishes);
    if (rnd() < 0.1) filters.style = some(styles);
    if (rnd() < 0.1) filters.color_family = some(families);
    if (rnd() < 0.08) filters.profile_type = some(profiles);
    const params = new URLSearchParams({ items_per_page: String(pick([5, 20, 50])) });
    const kind = rnd();
    if (kind < 0.6) params.set('type', String(pick([4, 4, 4, 1, 2, 3, 5, 13])));
    else if (kind < 0.8) params.set('frameType', pick(['MOULDING', 'MATS', 'GLASS', 'HARDWARE']));
    if (rnd() < 0.1) params.set('fbimg', '1');
    if (rnd() < 0.1) params.set('frame_creator_active', '1');
    if (rnd() < 0.35) {
      params.set('sort', pick(['code', 'name', 'width', 'price']));
      if (rnd() < 0.5) params.set('dir', 'desc');
    }
    params.set('page', String(rnd() < 0.2 ? 1 + Math.floor(rnd() * 40) : 1 + Math.floor(rnd() * 3)));
    if (Object.keys(filters).length) params.set('filters', JSON.stringify(filters));
    return params;
  });
}

const get = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() };
};

describe('the catalogue index', () => {
  it('answers 120 random listings (filters, sorts, pages) and their filter counts exactly as SQL', async () => {
    const before = withIndex.services.catalogue.indexAnswered();
    const listings = randomListings(120, 11);
    let nonEmpty = 0;
    for (const params of listings) {
      const url = `/api/Products?${params}`;
      // the filter set's first page first (in another order): the asked page then comes with its total known
      const first = new URLSearchParams(params);
      first.set('page', '1');
      first.delete('sort');
      first.delete('dir');
      await get(withIndex, `/api/Products?${first}`);
      const [a, b] = [await get(withIndex, url), await get(withSql, url)];
      expect(a.status, url).toBe(200);
      expect(a.body, url).toEqual(b.body);
      if (a.body.data.length) nonEmpty++;
      const counts = new URLSearchParams(params);
      for (const k of ['page', 'items_per_page', 'sort', 'dir', 'fbimg', 'frame_creator_active'])
        counts.delete(k);
      const f = `/api/ProductFilters?${counts}`;
      expect((await get(withIndex, f)).body, f).toEqual((await get(withSql, f)).body);
    }
    // the comparison means something: a good part of the listings found products, and the index (not SQL) answered them
    expect(nonEmpty).toBeGreaterThan(30);
    const after = withIndex.services.catalogue.indexAnswered();
    expect(after.pages - before.pages).toBe(2 * listings.length);
    expect(after.counts - before.counts).toBe(listings.length);
  }, 300_000);

  it("writes each page in pieces as the whole answer's writer does, the second time from the texts it keeps", async () => {
    const me = (await get(withIndex, '/api/me')).body as { user: { accounts: SessionAccount[] } };
    const account = me.user.accounts[0]!;
    const listings = [
      ...randomListings(30, 23),
      new URLSearchParams({ TopSearch: 'walnut', items_per_page: '10' }),
      new URLSearchParams({ TopSearch: 'walnot', items_per_page: '10', page: '2' }),
    ];
    let products = 0;
    for (const params of listings)
      for (const pass of ['written', 'kept']) {
        const url = `/api/Products?${params}`;
        const res = await withIndex.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode, url).toBe(200);
        const q = ProductsQuery.parse(Object.fromEntries(params)) as Parameters<
          CatalogueService['accountProducts']
        >[0];
        const whole = fastJsonOf(AccountProductsResponse)(
          await withIndex.services.catalogue.accountProducts(q, account),
        );
        expect(res.body, `${pass}: ${url}`).toBe(whole);
        products += res.json().data.length;
      }
    expect(products).toBeGreaterThan(200);
  });

  it("walks a finish's own list (one or two finishes, no collection) and answers as SQL", async () => {
    const before = withIndex.services.catalogue.indexAnswered();
    let found = 0;
    for (const finish of [[finishes[0]], [finishes[1], finishes[2]], [finishes[3], 'No such finish']])
      for (const page of [1, 2, 7]) {
        const filters = encodeURIComponent(JSON.stringify({ finish, width: { from: '1/2', to: '3' } }));
        for (const url of [
          `/api/Products?type=4&items_per_page=5&page=${page}&filters=${filters}`,
          `/api/Products?type=4&items_per_page=5&page=${page}&filters=${encodeURIComponent(JSON.stringify({ finish }))}`,
        ]) {
          const a = await get(withIndex, url);
          expect(a.body, url).toEqual((await get(withSql, url)).body);
          found += a.body.data.length;
        }
      }
    expect(found).toBeGreaterThan(20);
    expect(withIndex.services.catalogue.indexAnswered().pages - before.pages).toBe(18);
  });

  it('shows stock with fractions, and a page without any stock row, as SQL does', async () => {
    const url = '/api/Products?type=1&items_per_page=5&page=1';
    const codes = ((await get(withSql, url)).body.data as { Code: string }[]).map((p) => p.Code);
    const saved = await queryRows<{ code: string; location: string; onhand: string; commit_amt: string }>(
      database.db,
      sql`select code, location, onhand::text as onhand, commit_amt::text as commit_amt from product_stock
        where code in ${codes}`,
    );
    try {
      await database.db.execute(sql`update product_stock set onhand = onhand + 0.3125, commit_amt = 1.5
        where code = ${codes[0]!}`);
      const fractions = await get(withIndex, url);
      expect(fractions.body).toEqual((await get(withSql, url)).body);
      expect(fractions.body.data[0].stock.some((s: { Onhand: number }) => s.Onhand % 1 !== 0)).toBe(true);
      await database.db.execute(sql`delete from product_stock where code in ${codes}`);
      const none = await get(withIndex, url);
      expect(none.body).toEqual((await get(withSql, url)).body);
      expect(none.body.data.map((p: { stock: unknown[] }) => p.stock)).toEqual(codes.map(() => []));
    } finally {
      await database.db.execute(sql`delete from product_stock where code in ${codes}`);
      for (const r of saved)
        await database.db.execute(sql`insert into product_stock (code, location, onhand, commit_amt)
          values (${r.code}, ${r.location}, ${r.onhand}::numeric, ${r.commit_amt}::numeric)`);
    }
  });

  it('sees a product written behind its back at once (another process, an import), and rebuilds', async () => {
    const url = '/api/Products?type=4&items_per_page=50&page=1&sort=width';
    const first = await get(withIndex, url);
    const top = first.body.data[0].Code as string;
    // the widest moulding becomes the narrowest; another is switched off; one is added
    await database.db.execute(sql`update products set width = 0.0625 where code = (
      select code from products where type = 4 and active = 1 order by width desc nulls last, code limit 1)`);
    await database.db.execute(sql`update products set active = 0 where code = ${top}`);
    await database.db.execute(sql`insert into products (code, description, display_name, frame_type, type, width)
      select 'ZZ-NEW-1', description, 'Zebra new moulding', frame_type, type, 0.001 from products where type = 4 limit 1`);
    const before = withIndex.services.catalogue.indexAnswered();
    const [a, b] = [await get(withIndex, url), await get(withSql, url)];
    expect(a.body).toEqual(b.body);
    expect(a.body.data[0].Code).toBe('ZZ-NEW-1');
    expect(a.body.data.map((p: { Code: string }) => p.Code)).not.toContain(top);
    // that page was answered with SQL (the index was behind); once rebuilt, the index answers again
    expect(withIndex.services.catalogue.indexAnswered().pages).toBe(before.pages);
    await withIndex.services.catalogue.warmIndex();
    expect((await get(withIndex, url)).body).toEqual((await get(withSql, url)).body);
    expect(withIndex.services.catalogue.indexAnswered().pages).toBe(before.pages + 1);
  });
  it("shows a collection, colour family or profile renamed behind its back at the next page (rows it holds are the version's)", async () => {
    const url = '/api/Products?type=4&items_per_page=20&page=1';
    const first = (await get(withIndex, url)).body.data as Record<string, string | number | null>[];
    const withCollection = first.find((p) => p.collection_id !== null)!;
    const withFamily = first.find((p) => p.color_family !== null);
    // the page again: its rows now come from the index's own (no change yet, so the same answer)
    expect((await get(withIndex, url)).body).toEqual((await get(withSql, url)).body);
    await database.db.execute(
      sql`update collections set name = name || ' (renamed)' where id = ${withCollection.collection_id}`,
    );
    if (withFamily)
      await database.db.execute(
        sql`update color_families set name = name || ' (renamed)' where name = ${withFamily.color_family}`,
      );
    const [a, b] = [await get(withIndex, url), await get(withSql, url)];
    expect(a.body).toEqual(b.body);
    const renamed = a.body.data.find((p: { Code: string }) => p.Code === withCollection.Code);
    expect(renamed.collection_name).toBe(`${withCollection.collection_name} (renamed)`);
    await withIndex.services.catalogue.warmIndex();
    expect((await get(withIndex, url)).body).toEqual((await get(withSql, url)).body);
  });
});

describe('the catalogue index, filled', () => {
  it("holds every active product's row once warmed: a page then reads only its stock and the pricing", async () => {
    await withIndex.services.catalogue.warmIndex();
    const [active] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from products where active = 1`,
    );
    expect(withIndex.services.catalogue.indexAnswered().rowsHeld).toBe(active!.n);
  });

  it("prices with the account's discounts as they are now (net prices kept per pricing are the pricing's)", async () => {
    const url = '/api/Products?type=4&items_per_page=20&page=1';
    await withIndex.services.catalogue.warmIndex();
    const net = (body: { data: { net_price: { net: string } }[] }) => body.data.map((p) => p.net_price.net);
    const before = await get(withIndex, url);
    expect((await get(withIndex, url)).body).toEqual(before.body); // the same pricing: the kept net prices
    const pages = withIndex.services.catalogue.indexAnswered().pages;
    // discounts are not the catalogue: its version stays, and the index answers
    await database.db.execute(sql`update discounts set disc_rate = disc_rate / 2 where acctnum = '10001'`);
    try {
      const [a, b] = [await get(withIndex, url), await get(withSql, url)];
      expect(withIndex.services.catalogue.indexAnswered().pages).toBe(pages + 1);
      expect(a.body).toEqual(b.body);
      expect(net(a.body)).not.toEqual(net(before.body));
    } finally {
      await database.db.execute(sql`update discounts set disc_rate = disc_rate * 2 where acctnum = '10001'`);
    }
  });
});

describe('CatalogueIndex', () => {
  const product = (code: string, over: Partial<IndexedProduct> = {}): IndexedProduct => ({
    code,
    codeKey: code.toLowerCase(),
    name: code.toLowerCase(),
    type: 4,
    frameType: 'MOULDING',
    collectionId: 1,
    width: 1,
    height: null,
    rabbet: null,
    finishName: null,
    styleName: null,
    colorFamilyId: null,
    profileTypeId: null,
    price: null,
    ...over,
  });
  const ix = new CatalogueIndex(
    [
      product('B2', { width: 2, collectionId: 2, finishName: 'Gold', price: 3 }),
      product('A1', { width: null, finishName: 'Gold', price: 5 }),
      product('C3', { width: 1.5, collectionId: 2, finishName: 'Black' }),
      product('a0', { width: 2, type: 3 }),
    ],
    7,
  );

  it('pages in item # order (by code point), with the total, across several collections', () => {
    expect(ix.page({ type: 4 }, 1, 2)).toEqual({ codes: ['A1', 'B2'], total: 3 });
    expect(ix.page({ type: 4, collection: [2, 1] }, 2, 2)).toEqual({ codes: ['C3'], total: 3 });
    expect(ix.page({}, 1, 10).codes).toEqual(['A1', 'B2', 'C3', 'a0']);
  });

  it('sorts with products without the key last either way, the item # breaking ties', () => {
    expect(ix.page({ type: 4, sort: 'width' }, 1, 3).codes).toEqual(['C3', 'B2', 'A1']);
    expect(ix.page({ type: 4, sort: 'width', dir: 'desc' }, 1, 3).codes).toEqual(['B2', 'C3', 'A1']);
    expect(ix.page({ sort: 'code' }, 1, 4).codes).toEqual(['a0', 'A1', 'B2', 'C3']);
    expect(ix.page({ sort: 'price', dir: 'desc' }, 1, 4).codes).toEqual(['A1', 'B2', 'C3', 'a0']);
  });

  it("keeps a filter set's total for its other pages and sorts, each criterion its own set", () => {
    const fresh = new CatalogueIndex(
      [product('A1'), product('B2', { finishName: 'Gold', width: 2 }), product('C3')],
      1,
    );
    expect(fresh.page({ type: 4 }, 1, 1)).toEqual({ codes: ['A1'], total: 3 });
    expect(fresh.page({ type: 4 }, 3, 1)).toEqual({ codes: ['C3'], total: 3 });
    expect(fresh.page({ type: 4, sort: 'code', dir: 'desc' }, 1, 1)).toEqual({ codes: ['C3'], total: 3 });
    expect(fresh.page({ type: 4, finish: ['Gold'] }, 1, 1)).toEqual({ codes: ['B2'], total: 1 });
    expect(fresh.page({ type: 4, width: { min: 2, max: 2 } }, 1, 1)).toEqual({ codes: ['B2'], total: 1 });
    expect(fresh.page({ type: 3 }, 1, 1)).toEqual({ codes: [], total: 0 });
  });

  it('counts each filter group under every other filter but its own', () => {
    const counts = ix.facetCounts({ type: 4, finish: ['Gold'], collection: [2] });
    // collections among the gold ones; finishes among collection 2
    expect(Object.fromEntries(counts.collection)).toEqual({ '1': 1, '2': 1 });
    expect(Object.fromEntries(counts.finish)).toEqual({ Gold: 1, Black: 1 });
  });
});

/**
 * What a search should find, tier by tier, as SQL over the table itself (the rules of catalogue-search.ts written
 * out plainly): 0 the exact item #, 1 item #s starting with the text, then names (every word as a word start, or a
 * near word by pg_trgm's word similarity) or, for 1–3 letters, names starting with the text and (2–3 letters) a
 * word starting with it, then item #s containing the text.
 */
async function expectedSearch(text: string, where = sql`true`) {
  const q = text.toLowerCase();
  const words = q.match(/[\p{L}\p{N}]+/gu) ?? [];
  const nameWords = sql`regexp_split_to_table(lower(p.display_name), '[^[:alnum:]]+')`;
  const everyWord = words.length
    ? sql.join(
        words.map(
          (w) =>
            sql`exists (select 1 from ${nameWords} nw where nw like ${`${w}%`}${
              w.length >= 4 ? sql` or (nw <> '' and word_similarity(${w}, nw) >= 0.5)` : sql``
            })`,
        ),
        sql` and `,
      )
    : sql`false`;
  const itemNumber = sql`exists (select 1 from products x where x.active = 1 and lower(x.code) = ${q})`;
  const tier =
    q.length <= 3
      ? sql`case when lower(p.code) = ${q} then 0 when lower(p.code) like ${`${q}%`} then 1
          when lower(p.display_name) like ${`${q}%`} then 2
          when ${/^[\p{L}\p{N}]{2,3}$/u.test(q)} and exists (select 1 from ${nameWords} nw where nw like ${`${q}%`}) then 3 end`
      : sql`case when lower(p.code) = ${q} then 0 when lower(p.code) like ${`${q}%`} then 1
          when not ${itemNumber} and ${everyWord} then 2 when lower(p.code) like ${`%${q}%`} then 3 end`;
  const rows = await queryRows<{ code: string; tier: number }>(
    database.db,
    sql`select code, tier from (select p.code, ${tier} as tier from products p where p.active = 1 and ${where}) t
        where tier is not null order by tier, code`,
  );
  return new Map(rows.map((r) => [r.code, r.tier]));
}

/** Every page of a search, 50 at a time (the app's whole answer, in its order), and the total it gave. */
async function searchAll(app: FastifyInstance, text: string, extra: Record<string, string> = {}) {
  const codes: string[] = [];
  let total = -1;
  for (let page = 1; page < 200; page++) {
    const params = new URLSearchParams({
      TopSearch: text,
      items_per_page: '50',
      page: String(page),
      ...extra,
    });
    const { status, body } = await get(app, `/api/Products?${params}`);
    expect(status).toBe(200);
    expect(body.total_estimated, text).toBeUndefined();
    total = body.total;
    codes.push(...body.data.map((p: { Code: string }) => p.Code));
    if (!body.next_page_url) break;
  }
  return { codes, total };
}

describe('the header search from the catalogue index', () => {
  let code: string;
  let matCode: string;
  let walnutLike: string;
  beforeAll(async () => {
    // a mat's item # is also in its name ('… Mat 32x40 (B14104)'), and near other mats' ('b14105')
    [{ code: matCode } = { code: '' }] = await queryRows<{ code: string }>(
      database.db,
      sql`select code from products where active = 1 and frame_type = 'MATS' and code like 'MAT-%' order by code limit 1`,
    );
    [{ code } = { code: '' }] = await queryRows<{ code: string }>(
      database.db,
      sql`select code from products where active = 1 and type = 4 order by code offset 100 limit 1`,
    );
    // a word of five letters or more from a name, with its last letter but one changed: a typo of it
    const [{ w } = { w: '' }] = await queryRows<{ w: string }>(
      database.db,
      sql`select w from products, regexp_split_to_table(lower(display_name), '[^a-z]+') w
          where active = 1 and length(w) >= 6 group by w order by count(*) desc, w limit 1`,
    );
    walnutLike = `${w.slice(0, -2)}q${w.slice(-1)}`;
  });

  it.each([
    ['an exact item #', () => code.toLowerCase()],
    ['the start of item #s', () => code.slice(0, 5)],
    ["a mat's item #, whose words are in names too", () => matCode.toLowerCase()],
    ['a word of a name, with a typo', () => walnutLike],
    ['walnot', () => 'walnot'],
    ['several words', () => 'champagne gold'],
    ['several words, one being typed', () => 'antique g'],
    ['three letters', () => 'gol'],
    ['two letters', () => 'an'],
    ['one letter', () => 'f'],
    ['nothing known', () => 'qzxqzxqzx'],
  ])('finds %s as the rules say, in their order, with an exact total', async (_, term) => {
    const text = term();
    const before = withIndex.services.catalogue.indexAnswered();
    const { codes, total } = await searchAll(withIndex, text);
    const after = withIndex.services.catalogue.indexAnswered();
    expect(after.searches - before.searches, 'answered from the index').toBeGreaterThan(0);
    expect(after.searches - before.searches).toBe(after.pages - before.pages);
    const expected = await expectedSearch(text);
    expect(new Set(codes).size, 'no product twice').toBe(codes.length);
    expect(total).toBe(expected.size);
    expect([...codes].sort()).toEqual([...expected.keys()].sort());
    const tiers = codes.map((c) => expected.get(c)!);
    expect(tiers, 'exact item #, then item # starts, then names, then the rest').toEqual(
      [...tiers].sort((a, b) => a - b),
    );
    // item #s starting with the text come in item # order
    const starts = codes.filter((c) => expected.get(c) === 1).map((c) => c.toLowerCase());
    expect(starts).toEqual([...starts].sort());
    if (text === 'qzxqzxqzx') expect(total).toBe(0);
    else expect(total, `'${text}' finds something in this catalogue`).toBeGreaterThan(0);
  });

  it('puts the exact item # first and a whole word before a typo of it', async () => {
    expect((await searchAll(withIndex, code.toLowerCase())).codes[0]).toBe(code);
    const { body } = await get(withIndex, `/api/Products?TopSearch=walnot&items_per_page=5&page=1`);
    expect(body.data[0].display_name.toLowerCase()).toContain('walnut');
  });

  it('combines a search with filters and a product type', async () => {
    const [{ collection } = { collection: 0 }] = await queryRows<{ collection: number }>(
      database.db,
      sql`select collection_id as collection from products where active = 1 and type = 4
          and lower(display_name) like '%gold%' group by 1 order by count(*) desc limit 1`,
    );
    const filters = JSON.stringify({ collection: [collection], width: { from: '1', to: '3' } });
    const { codes, total } = await searchAll(withIndex, 'gold', { type: '4', filters });
    const expected = await expectedSearch(
      'gold',
      sql`p.type = 4 and p.collection_id = ${collection} and p.width between ${1 - 1 / 32} and ${3 + 1 / 32}`,
    );
    expect(total).toBeGreaterThan(0);
    expect(total).toBe(expected.size);
    expect([...codes].sort()).toEqual([...expected.keys()].sort());
  });

  it('sorts a search by a column, and counts its filter groups, over the same matches', async () => {
    const expected = await expectedSearch('gold', sql`p.type = 4`);
    const codes = [...expected.keys()];
    expect(codes.length).toBeGreaterThan(20);
    const inSet = sql`code in (${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )})`;
    const byWidth = (
      await queryRows<{ code: string }>(
        database.db,
        sql`select code from products where ${inSet} order by width desc nulls last, code`,
      )
    ).map((r) => r.code);
    const sorted = await searchAll(withIndex, 'gold', { type: '4', sort: 'width', dir: 'desc' });
    expect(sorted.total).toBe(codes.length);
    expect(sorted.codes).toEqual(byWidth);
    const collections = await queryRows<{ id: number; n: number }>(
      database.db,
      sql`select collection_id as id, count(*)::int as n from products where ${inSet} and collection_id is not null
          group by 1 order by 1`,
    );
    const before = withIndex.services.catalogue.indexAnswered().counts;
    const { body } = await get(withIndex, '/api/ProductFilters?type=4&TopSearch=gold');
    expect(withIndex.services.catalogue.indexAnswered().counts).toBe(before + 1);
    expect(
      body.collection.map((c: { id: number; collectionCount: number }) => ({
        id: c.id,
        n: c.collectionCount,
      })),
    ).toEqual(expect.arrayContaining(collections.map((c) => expect.objectContaining({ id: c.id, n: c.n }))));
    expect(body.collection).toHaveLength(collections.length);
  });

  it('pages without overlap: page 2 continues page 1', async () => {
    const page = async (n: number) =>
      (await get(withIndex, `/api/Products?TopSearch=gold&items_per_page=10&page=${n}`)).body;
    const [one, two] = [await page(1), await page(2)];
    const all = (await get(withIndex, `/api/Products?TopSearch=gold&items_per_page=20&page=1`)).body;
    expect(one.data).toHaveLength(10);
    expect([...one.data, ...two.data].map((p: { Code: string }) => p.Code)).toEqual(
      all.data.map((p: { Code: string }) => p.Code),
    );
    expect(one.next_page_url).toContain('page=2');
  });

  it('answers "No products found" as SQL does', async () => {
    const url = '/api/Products?TopSearch=qzxqzxqzx&items_per_page=10&page=1';
    const [a, b] = [await get(withIndex, url), await get(withSql, url)];
    expect(a.body).toEqual(b.body);
    expect(a.body).toMatchObject({ data: [], total: 0, next_page_url: null });
  });

  it('finds a product renamed, added or switched off behind its back at the next search', async () => {
    const [{ renamed } = { renamed: '' }] = await queryRows<{ renamed: string }>(
      database.db,
      sql`select code as renamed from products where active = 1 and type = 4 order by code offset 200 limit 1`,
    );
    await withIndex.services.catalogue.warmIndex();
    const found = async (text: string) => (await searchAll(withIndex, text)).codes;
    expect(await found('zanzibarwood')).toEqual([]);
    await database.db.execute(
      sql`update products set display_name = 'Zanzibarwood 2" Natural' where code = ${renamed}`,
    );
    await database.db.execute(sql`insert into products (code, description, display_name, frame_type, type, width)
      select 'ZZ-SEARCH-1', description, 'Zanzibarwood 1" Black', frame_type, type, 1 from products where type = 4 limit 1`);
    await database.db.execute(sql`update products set active = 0 where code = ${code}`);
    // answered with SQL while the index is behind: found (and the item # switched off is not) …
    expect(await found('zanzibarwood')).toEqual(expect.arrayContaining([renamed, 'ZZ-SEARCH-1']));
    expect(await found(code.toLowerCase())).not.toContain(code);
    // … and from the index once it is rebuilt, the same
    await withIndex.services.catalogue.warmIndex();
    const before = withIndex.services.catalogue.indexAnswered().searches;
    expect((await found('zanzibarwood')).sort()).toEqual([renamed, 'ZZ-SEARCH-1'].sort());
    expect(await found('zanzibarwod')).toEqual(expect.arrayContaining([renamed, 'ZZ-SEARCH-1']));
    expect(await found(code.toLowerCase())).not.toContain(code);
    expect(withIndex.services.catalogue.indexAnswered().searches - before).toBe(3);
  });
});
