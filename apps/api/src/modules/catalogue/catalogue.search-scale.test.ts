// The header search on a large catalogue (issue 17): behaviour as specified, and plans that use indexes.
// On PostgreSQL (DATABASE_URL) the catalogue has 100,000 products; PGlite in memory is seeded with 20,000
// (seeding 100,000 there takes minutes; the plans were checked on a 100,000-product PGlite directory with
// tools/src/bench/explain-catalogue.ts, docs/decisions/018).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { searchQueries } from './catalogue.repository.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const PRODUCTS = onPostgres ? 100_000 : 20_000;

let t: TestApp;
let itemCode: string;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: PRODUCTS, config: { CATALOGUE_CACHE_MS: 0 } });
  await t.database.db.execute(sql`analyze`);
  const [row] = await queryRows<{ code: string }>(
    t.database.db,
    sql`select code from products where type = 4 and active = 1 order by code offset 777 limit 1`,
  );
  itemCode = row!.code;
}, 600_000);
afterAll(() => t?.close());

const search = async (text: string, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams({ TopSearch: text, page: '1', items_per_page: '10', ...extra });
  const res = await t.app.inject({ method: 'GET', url: `/api/Shop/Products?${params}` });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: { Code: string; display_name: string }[];
    total: number;
    total_estimated?: boolean;
    next_page_url: string | null;
  };
};

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
function nodes(n: PlanNode): PlanNode[] {
  return [n, ...(n.Plans ?? []).flatMap(nodes)];
}
async function planOf(query: Parameters<typeof sql>[1]) {
  const [row] = await queryRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    t.database.db,
    sql`explain (format json) ${query}`,
  );
  return nodes(row!['QUERY PLAN'][0].Plan);
}

describe(`header search on ${PRODUCTS.toLocaleString('en-US')} products (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('puts the exact item # first, then item #s starting with the text', async () => {
    const exact = await search(itemCode.toLowerCase());
    expect(exact.data[0]?.Code).toBe(itemCode);
    const prefix = itemCode.slice(0, 4);
    const byPrefix = await search(prefix);
    expect(byPrefix.data.length).toBeGreaterThan(0);
    expect(byPrefix.data[0]!.Code.toLowerCase().startsWith(prefix.toLowerCase())).toBe(true);
  });

  it('finds a word of the name in any case, forgives a typo, and says an estimated total is one', async () => {
    const walnut = await search('WALNUT');
    expect(walnut.data).toHaveLength(10);
    for (const p of walnut.data) expect(p.display_name.toLowerCase()).toContain('walnut');
    // thousands of walnut products (100,000): the total is the planner's estimate, and the answer says so
    if (onPostgres) expect(walnut.total_estimated, `total ${walnut.total}`).toBe(true);
    if (walnut.total_estimated) expect(walnut.total).toBeGreaterThan(500);
    expect(walnut.next_page_url).toContain('page=2');
    const typo = await search('walnot');
    expect(typo.data.some((p) => p.display_name.toLowerCase().includes('walnut'))).toBe(true);
    const short = await search('wal');
    expect(short.data.length).toBe(10);
    expect(
      short.data.every((p) => /\bwal/i.test(p.display_name) || p.Code.toLowerCase().startsWith('wal')),
    ).toBe(true);
  });

  it('counts a small answer exactly and finds nothing for gibberish (No products found)', async () => {
    const exact = await search(itemCode);
    expect(exact.total_estimated).toBeUndefined();
    expect(exact.total).toBe(exact.data.length);
    const none = await search('qzxqzxqzx');
    expect(none).toMatchObject({ data: [], total: 0, next_page_url: null });
    expect(none.total_estimated).toBeUndefined();
  });

  it('pages through a search without repeating a product', async () => {
    const seen = new Set<string>();
    for (let page = 1; page <= 4; page++) {
      const res = await search('champagne gold', { page: String(page) });
      expect(res.data).toHaveLength(10);
      for (const p of res.data) {
        expect(seen.has(p.Code), p.Code).toBe(false);
        seen.add(p.Code);
      }
    }
  });

  it.each(['walnut', 'walnot', 'champagne gold', 'wal', 'w', 'qzxqzxqzx', 'ITEM'])(
    "plans '%s' with indexes only: no sequential scan on products",
    async (text) => {
      const q = text === 'ITEM' ? itemCode.toLowerCase() : text;
      const queries = searchQueries(t.database.db, { search: q }, q, 1, 10);
      for (const [part, query] of [
        ['page', queries.rows],
        ['count', queries.count],
        ['estimate', queries.estimate],
      ] as const) {
        const plan = await planOf(query as never);
        const seqScans = plan.filter(
          (n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'products',
        );
        expect(seqScans, `${part} of '${q}'`).toEqual([]);
        expect(
          plan.some((n) => n['Index Name']?.startsWith('products_')),
          `${part} of '${q}' uses an index on products`,
        ).toBe(true);
      }
    },
  );
});
