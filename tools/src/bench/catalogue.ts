// The catalogue's figures, each twice: caches on (as configured) and caches off (CATALOGUE_CACHE_MS=0
// LISTING_CACHE_MS=0 SESSION_CACHE_MS=0), with streams of distinct search terms and random filter combinations
// drawn from the catalogue's own words and values with a fixed seed, beside the bare Fastify baseline.
import type { AddressInfo } from 'node:net';
import { type Database, type Db, queryRows } from '@mitrebox/api/platform/db';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildIfNeeded, startProduction } from './lighthouse.ts';
import { type BenchRow, type Measurement, measure } from './measure.ts';

const SEED = Number(process.env.BENCH_SEED ?? 17);

/** A small seeded generator (mulberry32): the same streams on every run. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Search terms a buyer types, from the catalogue's own words: whole words, two words, the first letters of a
 * word (typing), a word with two letters swapped (a typo) and item #s, each term once until the list ends.
 */
export function searchTerms(words: string[], codes: string[], count: number, seed = SEED): string[] {
  const rnd = seeded(seed);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!;
  const terms = new Set<string>();
  for (let guard = 0; terms.size < count && guard < count * 20; guard++) {
    const w = pick(words);
    const kind = rnd();
    if (kind < 0.35) terms.add(w);
    else if (kind < 0.55) terms.add(`${w} ${pick(words)}`);
    else if (kind < 0.75) terms.add(w.slice(0, 3 + Math.floor(rnd() * Math.max(1, w.length - 3))));
    else if (kind < 0.9 && w.length >= 5) {
      const i = 1 + Math.floor(rnd() * (w.length - 3));
      terms.add(`${w.slice(0, i)}${w[i + 1]}${w[i]}${w.slice(i + 2)}`);
    } else terms.add(pick(codes).toLowerCase());
  }
  return [...terms];
}

async function listen(app: {
  listen: (o: { port: number; host: string }) => Promise<string>;
  server: { address(): unknown };
}) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const cycle = (paths: string[]) => {
  let i = 0;
  return () => paths[i++ % paths.length]!;
};

/**
 * The benchmark's streams, drawn from the catalogue with a fixed seed: 20,000 distinct search terms (as header
 * search paths) and 20,000 signed-in listing paths with random filter sets and pages.
 */
export async function catalogueStreams(db: Db) {
  const words = (
    await queryRows<{ w: string }>(
      db,
      sql`select distinct lower(w) as w from (select display_name from products where active = 1 limit 20000) p,
          regexp_split_to_table(p.display_name, '[^A-Za-z]+') w where length(w) >= 3 order by 1`,
    )
  ).map((r) => r.w);
  const codes = (
    await queryRows<{ code: string }>(db, sql`select code from products where active = 1 order by code`)
  ).map((r) => r.code);
  const facets = await queryRows<{ collection_id: number; finish_name: string | null }>(
    db,
    sql`select distinct collection_id, finish_name from products where type = 4 and collection_id is not null`,
  );
  const collections = [...new Set(facets.map((f) => f.collection_id))].sort((a, b) => a - b);
  const finishes = [
    ...new Set(facets.map((f) => f.finish_name).filter((f): f is string => Boolean(f))),
  ].sort();

  const terms = searchTerms(words, codes, 20_000);
  const searchPath = (t: string) =>
    `/api/Products?TopSearch=${encodeURIComponent(t)}&page=1&items_per_page=10`;
  const rnd = seeded(SEED + 1);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!;
  const widths = [
    { from: '1/2', to: '1' },
    { from: '1', to: '2' },
    { from: '1', to: '3' },
    { from: '2', to: '4' },
  ];
  const listingPaths = Array.from({ length: 20_000 }, () => {
    const filters: Record<string, unknown> = {};
    if (rnd() < 0.7)
      filters.collection = rnd() < 0.5 ? [pick(collections)] : [pick(collections), pick(collections)];
    if (rnd() < 0.5) filters.width = pick(widths);
    if (rnd() < 0.3) filters.finish = [pick(finishes)];
    const page = 1 + Math.floor(rnd() * 3);
    const f = Object.keys(filters).length ? `&filters=${encodeURIComponent(JSON.stringify(filters))}` : '';
    return `/api/Products?type=4&items_per_page=20&page=${page}${f}`;
  });

  return { terms, searchPath, listingPaths };
}

export async function benchCatalogue(
  database: Database,
  databaseUrl: string,
  opts: { connections: number; seconds: number },
): Promise<{ rows: BenchRow[]; coldSearchMs: number[] }> {
  const { terms, searchPath, listingPaths } = await catalogueStreams(database.db);

  // The shop as `npm start` runs it: the compiled server in a process of its own (its own heap, its own GC, its
  // start-up settings), not an app built inside this benchmark's process beside everything the benchmark keeps
  buildIfNeeded();
  const rows: BenchRow[] = [];
  let coldSearchMs: number[] = [];
  for (const cached of [true, false]) {
    const server = await startProduction(
      {
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE: '100000000',
        ...(cached ? {} : { CATALOGUE_CACHE_MS: '0', LISTING_CACHE_MS: '0', SESSION_CACHE_MS: '0' }),
      },
      { ipc: true },
    );
    try {
      // as `npm start` does once it listens: the catalogue index is built (and filled) before the load starts
      await server.catalogueIndex();
      const appUrl = server.url;
      const login = await fetch(`${appUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: '10001', password: 'framing-demo' }),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const headers = { authorization: `Bearer ${token}` };
      const label = cached ? 'caches on' : 'caches off';

      if (!cached) {
        // a single search nobody asked before, one at a time on an idle server: the cold cost of one search
        for (const t of terms.slice(-60)) {
          const t0 = performance.now();
          const res = await fetch(`${appUrl}${searchPath(t)}`, { headers });
          await res.arrayBuffer();
          coldSearchMs.push(performance.now() - t0);
        }
        coldSearchMs = coldSearchMs.slice(10); // the first few warm the connections
        const { searches } = await server.catalogueIndex();
        console.log(
          `  cold searches: ${searches} of ${terms.slice(-60).length} answered from the catalogue index`,
        );
      }

      for (const [what, paths, target, goal] of [
        [
          'signed-in listing, random filters and pages, 20 a page',
          listingPaths,
          cached ? 'information' : '≥ 1,500 req/s, p99 ≤ 50 ms',
          (m: Measurement) => cached || (m.rps >= 1500 && m.p99 <= 50),
        ],
        [
          'header search, distinct terms, 10 a page',
          terms.map(searchPath),
          cached ? 'information' : 'p99 ≤ 30 ms',
          (m: Measurement) => cached || m.p99 <= 30,
        ],
      ] as const) {
        const sample = await (await fetch(`${appUrl}${paths[0]}`, { headers })).text();
        const bare = Fastify({ logger: false });
        bare.get('/bare', (_req, reply) => reply.type('application/json; charset=utf-8').send(sample));
        const bareUrl = `${await listen(bare)}/bare`;
        const baseline = await measure(bareUrl, opts);
        await bare.close();
        const answered = await server.catalogueIndex();
        const measured = await measure(appUrl, { ...opts, headers, paths: cycle([...paths]) });
        const now = await server.catalogueIndex();
        const fromIndex = now.pages - answered.pages;
        const searches = now.searches - answered.searches;
        rows.push({
          name: `${what}, ${label} (first answer ${sample.length} B; ${fromIndex} pages from the catalogue index${searches ? `, ${searches} of them searches` : ''})`,
          unit: 'req/s',
          measured,
          baseline,
          ratio: measured.rps / baseline.rps,
          target,
          met: goal(measured) && measured.non2xx === 0 && measured.errors === 0,
        });
      }
    } finally {
      await server.stop();
    }
  }
  return { rows, coldSearchMs };
}

/** The median and 90th percentile of a list of times, as text. */
export function spread(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? Number.NaN;
  return { median: at(0.5), p90: at(0.9) };
}
