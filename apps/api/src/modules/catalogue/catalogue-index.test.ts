// The catalogue index (docs/decisions/018) answers listing pages, totals and filter counts exactly as SQL does:
// two apps on one database, one with the index and one without, asked the same random listings (fixed seed).
// And it is never stale: a product written behind its back (as another API process would) is seen at once.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../platform/db.ts';
import { openTestDatabase, signIn } from '../../testing/test-app.ts';
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
