import { type Db, queryRows } from '@mitrebox/api/platform/db';
import { sql } from 'drizzle-orm';
import { type Measurement, measure } from './measure.ts';

const DEALERS = Number(process.env.BENCH_DEALERS ?? 20_000);

/**
 * Where To Buy at 20,000 dealers: tops the bench database up with generated dealers (acctnum 'BENCH-…',
 * scattered around a grid of US points, denser near the demo cities), shows the query plan (the GiST index on
 * ll_to_earth must answer it), and loads GET /api/WhereToBuy for a busy ZIP at the widest radius, beside the
 * signed-in product listing measured in the same run.
 */
export async function benchWhereToBuy(
  db: Db,
  appUrl: string,
  listing: Measurement,
  opts: { connections: number; seconds: number },
) {
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from dealers`);
  if (n < DEALERS) {
    await db.execute(sql`
      insert into dealers (acctnum, company, address1, city, state, zip, latitude, longitude)
      select 'BENCH-' || g, 'Bench Frame Shop ' || g, g || ' Main St', 'Benchville', 'XX', '00000',
        25 + (random() * 23), -124 + (random() * 56)
      from generate_series(1, ${DEALERS - n}) g
      on conflict (acctnum) do nothing`);
    // one in fifty of them near New Orleans, as a dense metro area would have
    await db.execute(sql`update dealers set latitude = 29.95 + (random() - 0.5) * 1.2, longitude = -90.07 + (random() - 0.5) * 1.2
      where acctnum like 'BENCH-%' and substring(acctnum from 7)::int % 50 = 0`);
    await db.execute(sql`analyze dealers`);
  }
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    db,
    sql`explain select acctnum from dealers
        where earth_box(ll_to_earth(29.92, -90.10), 80467) @> ll_to_earth(latitude, longitude)`,
  );
  console.log(`WhereToBuy plan: ${plan.map((p) => p['QUERY PLAN'].trim()).join(' | ')}`);

  const url = `${appUrl}/api/WhereToBuy?zip=70115&miles=50`;
  const body = (await (await fetch(url)).json()) as { data: unknown[] };
  const measured = await measure(url, opts);
  return {
    name: `WhereToBuy 70115 within 50 miles, ${Math.max(n, DEALERS)} dealers (${body.data.length} found)`,
    unit: 'req/s',
    measured,
    baseline: listing,
    ratio: measured.rps / listing.rps,
    // a ratio against the listing of the same run, as the machine is shared and noisy
    target: "p99 ≤ 3× the signed-in listing's p99 (the baseline)",
    met: measured.p99 <= 3 * listing.p99 && measured.non2xx === 0,
  };
}
