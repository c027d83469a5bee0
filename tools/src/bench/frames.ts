// The Frame Creator's benchmark: buildFrame renders at a 1200 px output, uncached, beside a bare sharp resize
// of the same artwork to 1200 px in the same run; and a cached render beside a bare route answering the same
// bytes. Called from run.ts; `npx tsx tools/src/bench/frames.ts` runs it alone on an in-memory database.
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import sharp from 'sharp';
import { type BenchRow, type Measurement, measure } from './measure.ts';

const SIZE = 1200;

/** A picture as the browser sends it: 600 px wide, JPEG quality 60. */
async function artwork(): Promise<Buffer> {
  const w = 600;
  const h = 800;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b5876"/><stop offset="1" stop-color="#f4d35e"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/><circle cx="300" cy="360" r="180" fill="#ee964b"/><rect x="80" y="560" width="440" height="160" fill="#0d3b66" opacity="0.7"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 60 }).toBuffer();
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

/** Runs `task` from `concurrency` loops for `seconds`; answers throughput and latency percentiles. */
async function loop(seconds: number, concurrency: number, task: (i: number) => Promise<boolean>) {
  const until = performance.now() + seconds * 1000;
  const times: number[] = [];
  let errors = 0;
  let n = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const i = n++;
        const t0 = performance.now();
        const ok = await task(i).catch(() => false);
        times.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    rps: Math.round((times.length / elapsed) * 10) / 10,
    p50: Math.round(pct(times, 50) * 10) / 10,
    p99: Math.round(pct(times, 99) * 10) / 10,
    errors,
    non2xx: 0,
  } satisfies Measurement;
}

/**
 * The i-th of 9,216 designs (sizes and borders in sixteenths) of the layers a framer stacks: a moulding with a
 * liner inside it, a fillet in the top mat's window, a second mat showing a 1/4" reveal, and glazing. Each fits
 * a 32 × 40 mat board and the 16 × 20 glazing sheet (the server checks the sheet covers the frame's inside).
 */
function design(i: number, file: string) {
  const border = 1 + (Math.floor(i / 576) % 16) / 16;
  return {
    fWidth: 4 + (i % 6),
    fWidthFrac: Math.floor(i / 6) % 16,
    fHeight: 6 + (Math.floor(i / 96) % 6),
    fHeightFrac: 0,
    file,
    crop: null,
    moulding: 'FER-133-0412',
    innerMoulding: 'MOD-132-0105',
    fillet: { code: 'FIL-133-0301', position: 'mat' },
    mat: 'MAT-B8601',
    lowerMats: [{ code: 'MAT-K7001', reveal: 4 }],
    glass: 'GL-CC-1620',
    matTB: Math.floor(border),
    matTBFrac: Math.round((border % 1) * 16),
    matLR: Math.floor(border),
    matLRFrac: Math.round((border % 1) * 16),
    matLock: true,
    matOverlap: 4,
    notes: '',
  };
}

export async function benchFrames(
  appUrl: string,
  opts: { seconds: number; connections: number },
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const art = await artwork();
  const up = await fetch(`${appUrl}/api/framebuilder/uploadImage`, {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg' },
    body: new Uint8Array(art),
  });
  const { file } = (await up.json()) as { file: string };
  if (!up.ok || !file) throw new Error(`upload failed: ${up.status}`);
  const probe = await fetch(`${appUrl}/api/framebuilder/buildFrame`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ options: design(0, file), size: SIZE }),
  });
  if (!probe.ok) throw new Error(`buildFrame failed: ${probe.status} ${await probe.text()}`);
  const concurrency = 4;
  // a different starting point each run, so that no earlier run's renders are in the database
  const offset = Math.floor(Math.random() * 9_216);

  const baseline = await loop(opts.seconds, concurrency, async () => {
    await sharp(art).resize(SIZE, SIZE, { fit: 'inside' }).jpeg({ quality: 85 }).toBuffer();
    return true;
  });
  let last = '';
  const measured = await loop(opts.seconds, concurrency, async (i) => {
    const res = await fetch(`${appUrl}/api/framebuilder/buildFrame`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ options: design(offset + i, file), size: SIZE }),
    });
    const body = (await res.json()) as { outFile: string };
    last = body.outFile;
    return res.ok;
  });
  const ratio = measured.rps / baseline.rps;
  rows.push({
    name: `buildFrame at ${SIZE} px, two mouldings, a fillet and two mats, uncached (4 at a time; baseline: bare sharp resize of the artwork)`,
    unit: 'renders/s',
    measured,
    baseline,
    ratio,
    target: 'p50 ≤ 60 ms, ratio ≥ 0.5',
    met: measured.p50 <= 60 && ratio >= 0.5 && measured.errors === 0,
  });

  // a cached render: the same bytes as a static file would answer
  const bytes = Buffer.from(await (await fetch(`${appUrl}${last}`)).arrayBuffer());
  const bare = Fastify({ logger: false });
  bare.get('/bare.jpg', (_req, reply) => reply.type('image/jpeg').send(bytes));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare.jpg`;
  const staticBaseline = await measure(bareUrl, { connections: opts.connections, seconds: opts.seconds });
  const cached = await measure(`${appUrl}${last}`, { connections: opts.connections, seconds: opts.seconds });
  await bare.close();
  const cachedRatio = cached.rps / staticBaseline.rps;
  rows.push({
    name: `a cached render (${bytes.length} B; baseline: bare route with the same bytes)`,
    unit: 'req/s',
    measured: cached,
    baseline: staticBaseline,
    ratio: cachedRatio,
    target: 'ratio ≥ 0.5',
    met: cachedRatio >= 0.5 && cached.non2xx === 0,
  });
  return rows;
}

// alone: an in-memory database with the demo data
if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildApp } = await import('@mitrebox/api');
  const { loadConfig } = await import('@mitrebox/api/config');
  const { openDatabase } = await import('@mitrebox/api/platform/db');
  const { seedDemo } = await import('@mitrebox/api/demo-seed');
  // FRAMES_BENCH_DATABASE_URL: a PostgreSQL database of its own (made empty by the caller); else PGlite in memory
  const dbUrl = process.env.FRAMES_BENCH_DATABASE_URL;
  const database = await openDatabase(dbUrl ? { url: dbUrl } : { dataDir: 'memory://' });
  await database.migrate();
  const { databaseIsEmpty } = await import('@mitrebox/api/demo-data');
  if (await databaseIsEmpty(database.db)) await seedDemo(database.db, { products: 300 });
  const config = loadConfig(
    {},
    { LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: 100_000_000, IMAGE_RATE_LIMIT_PER_MINUTE: 100_000_000 },
  );
  const app = await buildApp({ config, database, serveWeb: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  for (const r of await benchFrames(url, {
    seconds,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
  }))
    console.log(
      `${r.met ? '✓' : '✗'} ${r.name}: ${r.measured.rps} ${r.unit} (p50 ${r.measured.p50} ms, p99 ${r.measured.p99} ms)` +
        ` — baseline ${r.baseline.rps}/s (p50 ${r.baseline.p50} ms) — ratio ${r.ratio.toFixed(2)} — target ${r.target}`,
    );
  await app.close();
  await database.close();
}
