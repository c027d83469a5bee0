// The two product finders (product-finder.ts) agree: the catalogue index and SQL, asked the same random criteria
// (fixed seed), give the same pages, totals, filter counts and buyer's pages — or the index declines, exactly for
// the criteria it does not answer. Every field of ProductCriteria has a generator below (the table is typed by its
// keys), so a new filter cannot be left out of the comparison.
import type { SessionAccount } from '@mitrebox/api-contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../platform/db.ts';
import { openTestDatabase } from '../../testing/test-app.ts';
import { sessionAccountOf, sessionReadOf } from '../auth/sessions.ts';
import { CatalogueIndex } from './catalogue-index.ts';
import { createIndexFinder, type IndexFinder } from './index-finder.ts';
import { partFacets } from './listing.repository.ts';
import { createCataloguePricing } from './pricing.service.ts';
import type { ProductCriteria } from './product-criteria.ts';
import type { FoundPage, ProductFinder } from './product-finder.ts';
import { createSqlFinder } from './sql-finder.ts';
import { stockLists } from './stock.ts';

let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof openTestDatabase>>['database']['db'];
let indexFinder: IndexFinder;
let index: ProductFinder;
let bySql: ProductFinder;
let account: SessionAccount;
/** The values each filter can take in this catalogue. */
let values: {
  collection: number[];
  finish: string[];
  style: string[];
  colorFamily: number[];
  profileType: number[];
  frameType: string[];
  matCore: NonNullable<ProductCriteria['matCore']>;
  ply: number[];
  sheet: string[];
  glazing: NonNullable<ProductCriteria['glazing']>;
};

beforeAll(async () => {
  const opened = await openTestDatabase({ seedProducts: 1000 });
  close = opened.close;
  db = opened.database.db;
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      LISTING_CACHE_MS: 0,
      COUNTS_CACHE_MS: 0,
      CATALOGUE_CACHE_MS: 0,
      CATALOGUE_INDEX: 'true',
    },
  );
  const pricing = createCataloguePricing({ db, config });
  indexFinder = createIndexFinder({
    db,
    config,
    sessionColumns: { read: sessionReadOf, accountOf: sessionAccountOf },
    onError: (err) => {
      throw err;
    },
  });
  index = indexFinder;
  bySql = createSqlFinder({ db, config, pricingOf: pricing.pricingOf });
  await indexFinder.warm();
  const distinct = async <T>(column: string) =>
    (
      await queryRows<{ v: T }>(
        db,
        sql`select distinct ${sql.raw(column)} as v from products where active = 1 and ${sql.raw(column)} is not null
          order by 1`,
      )
    ).map((r) => r.v);
  const parts = await partFacets(db, {});
  values = {
    collection: await distinct<number>('collection_id'),
    finish: await distinct<string>('finish_name'),
    style: await distinct<string>('style_name'),
    colorFamily: await distinct<number>('color_family_id'),
    profileType: await distinct<number>('profile_type_id'),
    frameType: await distinct<string>('frame_type'),
    matCore: parts.mat_core.map((f) => f.value),
    ply: parts.ply.map((f) => f.value),
    sheet: parts.sheet.map((f) => f.value),
    glazing: parts.glazing.map((f) => f.value),
  };
  const [row] = await queryRows<{ location: string | null }>(
    db,
    sql`select location from accounts where acctnum = '10001'`,
  );
  account = {
    Acctnum: '10001',
    Company: '',
    Shipvia: null,
    ActiveType: null,
    terms: null,
    Location: row?.location ?? null,
  };
}, 300_000);
afterAll(async () => {
  await indexFinder?.close();
  await close?.();
});

/** mulberry32: the same criteria on every run */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return {
    pick,
    /** `make()` with the chance `p`, else undefined (the filter not set). */
    sometimes: <T>(p: number, make: () => T) => (next() < p ? make() : undefined),
    /** One or two values of a list. */
    some: <T>(list: readonly T[]) => [pick(list), ...(next() < 0.4 ? [pick(list)] : [])],
  };
}
type Random = ReturnType<typeof seeded>;

const sizes = [
  { min: 0.5, max: 1 },
  { min: 1, max: 2 },
  { min: 1.25, max: 1.25 },
  { min: 0, max: 0.75 },
  { min: 0.5, max: 4 },
];

/**
 * A value of each criterion. The header search is not compared here: the index finds by its own rules
 * (catalogue-search.ts), tested against those rules in catalogue-index.test.ts.
 */
const criteria: {
  [K in keyof Required<ProductCriteria>]: ((r: Random) => ProductCriteria[K]) | 'not compared';
} = {
  search: 'not compared',
  type: (r) => r.pick([4, 4, 4, 1, 2, 3, 5, 6, 13]),
  frameType: (r) => r.pick(values.frameType),
  collection: (r) => r.some(values.collection),
  width: (r) => r.pick(sizes),
  height: (r) => r.pick(sizes),
  rabbet: (r) => r.pick(sizes),
  finish: (r) => r.some([...values.finish, 'No such finish']),
  style: (r) => r.some(values.style),
  colorFamily: (r) => r.some(values.colorFamily),
  profileType: (r) => r.some(values.profileType),
  frameBuilderImage: () => true,
  frameCreator: () => true,
  matCore: (r) => r.some(values.matCore),
  ply: (r) => r.some(values.ply),
  sheet: (r) => r.some(values.sheet),
  glazing: (r) => r.some(values.glazing),
  sort: (r) => r.pick(['code', 'name', 'width', 'price'] as const),
  dir: () => 'desc' as const,
};
const compared = Object.keys(criteria).filter(
  (key) => criteria[key as keyof ProductCriteria] !== 'not compared',
) as (keyof ProductCriteria)[];

/** One to three criteria, with a product type half the time (as the shop's pages ask). */
function randomCriteria(r: Random): ProductCriteria {
  const c: Record<string, unknown> = {};
  const keys = [r.pick(compared), ...(r.sometimes(0.6, () => [r.pick(compared)]) ?? [])];
  if (r.sometimes(0.3, () => true)) keys.push(r.pick(compared));
  if (r.sometimes(0.5, () => true)) keys.push('type');
  for (const key of keys) c[key] = (criteria[key] as (r: Random) => unknown)(r);
  // a direction comes with a sort (criteriaOf drops it otherwise)
  if (c.dir && !c.sort) c.sort = (criteria.sort as (r: Random) => unknown)(r);
  return c as ProductCriteria;
}

/** A page's rows without the stock they may carry (SQL reads a buyer's stock with the rows, the index beside them). */
const rowsOf = (page: FoundPage) => page.rows.map(({ stock: _, ...row }) => row);

describe('the product finders', () => {
  it('give the same pages, totals and filter counts over every filter, or the index declines', async () => {
    const r = seeded(7);
    /** How often each criterion was compared on a listing with products, and declined by the index. */
    const found = new Map<string, number>();
    const declined = new Map<string, number>();
    const tally = (m: Map<string, number>, c: ProductCriteria) => {
      for (const key of Object.keys(c)) m.set(key, (m.get(key) ?? 0) + 1);
    };
    for (let k = 0; k < 400; k++) {
      const c = randomCriteria(r);
      const perPage = r.pick([5, 20, 50]);
      const page = r.sometimes(0.2, () => r.pick([6, 11, 21, 40])) ?? r.pick([1, 2, 3]);
      const what = JSON.stringify({ c, page, perPage });
      if (!CatalogueIndex.answers(c)) {
        expect(await index.page(c, page, perPage), what).toBeUndefined();
        expect(await index.facetCounts(c), what).toBeUndefined();
        tally(declined, c);
        continue;
      }
      // the filter set's first page first (unsorted): the asked page then comes with its total known
      await index.page({ ...c, sort: undefined, dir: undefined }, 1, perPage);
      const [a, b] = [await index.page(c, page, perPage), await bySql.page(c, page, perPage)];
      expect(a && { rows: rowsOf(a), total: a.total, estimated: a.estimated }, what).toEqual({
        rows: rowsOf(b!),
        total: b!.total,
        estimated: b!.estimated,
      });
      expect(await index.facetCounts(c), what).toEqual(await bySql.facetCounts(c));
      if (b!.total > 0) tally(found, c);
    }
    // the comparison means something: every criterion the index answers was compared on listings with products,
    // and the Frame Creator's part filters, which it declines (CatalogueIndex.answers), were declined
    const parts = new Set(['matCore', 'ply', 'sheet', 'glazing']);
    for (const key of compared) {
      if (parts.has(key)) expect(declined.get(key) ?? 0, key).toBeGreaterThanOrEqual(5);
      else expect(found.get(key) ?? 0, key).toBeGreaterThanOrEqual(5);
    }
  }, 300_000);

  it("give a buyer the same page, stock and pricing (the index reads them in the page's statement)", async () => {
    const r = seeded(31);
    let products = 0;
    for (let k = 0; k < 30; k++) {
      const c = randomCriteria(r);
      if (!CatalogueIndex.answers(c)) continue;
      const what = JSON.stringify(c);
      const [a, b] = [await index.buyerPage(c, 1, 20, account), await bySql.buyerPage(c, 1, 20, account)];
      expect(a.account, what).toEqual(account);
      expect(b.account, what).toEqual(account);
      const [x, y] = [a.found!, b.found!];
      expect(x, what).toBeDefined();
      expect(rowsOf(x), what).toEqual(rowsOf(y));
      expect([x.total, x.estimated], what).toEqual([y.total, y.estimated]);
      expect(x.pricing, what).toEqual(y.pricing);
      expect(await stockLists(x.rows, db, x.stockByCode), what).toEqual(
        await stockLists(y.rows, db, y.stockByCode),
      );
      products += x.rows.length;
    }
    expect(products).toBeGreaterThan(100);
  }, 300_000);
});
