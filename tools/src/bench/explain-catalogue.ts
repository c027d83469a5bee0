// `npx tsx tools/src/bench/explain-catalogue.ts`: EXPLAIN (ANALYZE, BUFFERS) of each catalogue query, with its
// median time over a few runs, on the database the server would use (DATABASE_URL, else PGlite in DATA_DIR).
// The figures of docs/decisions/018 come from here, on 100,000 products (`npm run seed -- --products 100000`).

import { facetCountsQuery, listingQueries } from '@mitrebox/api/modules/catalogue/listing.repository';
import type { ProductCriteria } from '@mitrebox/api/modules/catalogue/product-criteria';
import { columnsWith } from '@mitrebox/api/modules/catalogue/product-rows';
import { searchQueries } from '@mitrebox/api/modules/catalogue/search.repository';
import { openDatabase, type Queryable, queryRows } from '@mitrebox/api/platform/db';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

const runs = Number(process.env.EXPLAIN_RUNS ?? 7);

async function timed(db: Queryable, query: SQLWrapper) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await db.execute(sql`${query}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { first: times[0]!, median: times[Math.floor(times.length / 2)]! };
}

async function explain(db: Queryable, title: string, query: SQLWrapper | SQL) {
  const first = performance.now();
  await db.execute(sql`${query}`); // the first run after start: a cold plan and cache
  const cold = performance.now() - first;
  const { median } = await timed(db, query);
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    db,
    sql`explain (analyze, buffers, costs off) ${query}`,
  );
  console.log(`\n### ${title}\n`);
  console.log(
    `first run ${cold.toFixed(1)} ms, median of ${runs} runs ${median.toFixed(2)} ms (round trip)\n`,
  );
  console.log('```');
  for (const row of plan) console.log(row['QUERY PLAN']);
  console.log('```');
}

/** A query that is only planned (the search's estimate of its total): its plan with costs and its time. */
async function planned(db: Queryable, title: string, query: SQLWrapper | SQL) {
  const { median } = await timed(db, sql`explain ${query}`);
  const plan = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain ${query}`);
  console.log(`\n### ${title}\n`);
  console.log(`median of ${runs} runs ${median.toFixed(2)} ms (round trip)\n`);
  console.log('```');
  for (const row of plan) console.log(row['QUERY PLAN']);
  console.log('```');
}

async function main() {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase({ url, dataDir: process.env.DATA_DIR ?? 'data' });
  const t0 = performance.now();
  await database.migrate();
  console.log(`engine: ${database.kind}; migrate ${(performance.now() - t0).toFixed(0)} ms`);
  const db = database.db;
  await db.execute(sql`analyze`);
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from products`);
  const [{ code } = { code: '' }] = await queryRows<{ code: string }>(
    db,
    sql`select code from products where type = 4 order by code offset 777 limit 1`,
  );
  console.log(`products: ${n}`);

  const search = (q: string, c: ProductCriteria = {}) => searchQueries(db, { ...c, search: q }, q, 1, 10);
  for (const [title, q] of [
    ["header search 'walnut' (a whole word, 3,000+ matches)", 'walnut'],
    ["header search 'walnot' (a typo)", 'walnot'],
    ["header search 'champagne gold' (two words)", 'champagne gold'],
    ["header search 'wal' (three letters: item # and name prefixes, then a word prefix)", 'wal'],
    ["header search 'mat' (three letters in 16,000 names)", 'mat'],
    ["header search 'w' (one letter: item # and name prefixes only)", 'w'],
    [`header search '${code.toLowerCase()}' (an item #)`, code.toLowerCase()],
  ] as const) {
    const s = search(q);
    await explain(db, `${title}: the page`, s.rows);
    await planned(db, `${title}: the planner's estimate of the total (planned, not run)`, s.estimate);
    await explain(db, `${title}: the exact count (run only when the estimate is ≤ 500)`, s.count);
  }

  const listing: ProductCriteria = { type: 4, collection: [133, 159], width: { min: 1, max: 3 } };
  const page = listingQueries(db, listing, 3, 20, columnsWith(true));
  await explain(
    db,
    'signed-in listing, type 4, two collections, width 1-3, page 3 of 20, with stock',
    page.rows,
  );
  await explain(db, 'signed-in listing: its count', page.count);
  const plain = listingQueries(db, { type: 4 }, 40, 20, columnsWith(true));
  await explain(db, 'signed-in listing, type 4 only, page 40 of 20, with stock', plain.rows);
  await explain(db, 'listing type 4: its count', plain.count);
  const type4 = Number((await plain.count)[0]?.n ?? 0);
  await explain(
    db,
    `signed-in listing, type 4 only, page 2,000 of ${Math.ceil(type4 / 20).toLocaleString('en-US')} (its total known: read from the end)`,
    listingQueries(db, { type: 4 }, 2000, 20, columnsWith(true), { total: type4, estimated: false }).rows,
  );
  await explain(
    db,
    "signed-in listing, type 4, finish 'Black Satin', page 5",
    listingQueries(db, { type: 4, finish: ['Black Satin'] }, 5, 20, columnsWith(true)).rows,
  );
  await explain(
    db,
    "signed-in listing, type 4, collection 133, finish 'Black Satin', width 1-3, page 2",
    listingQueries(
      db,
      { type: 4, collection: [133], finish: ['Black Satin'], width: { min: 1, max: 3 } },
      2,
      20,
      columnsWith(true),
    ).rows,
  );
  await explain(
    db,
    'filter counts: collection, under type 4 and width 1-3',
    facetCountsQuery(db, { type: 4, width: { min: 1, max: 3 } }, 'collection'),
  );
  await explain(
    db,
    'filter counts: finish, under type 4 and two collections',
    facetCountsQuery(db, listing, 'finish'),
  );
  await explain(
    db,
    "the account's discounts (prices of the page)",
    sql`select * from discounts where acctnum = '10001'`,
  );
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
