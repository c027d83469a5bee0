// The bench's Lighthouse part against a shop that is already running (e.g. `npm start`), without the rest of the
// bench: `npx tsx tools/src/bench/lighthouse-cli.ts http://127.0.0.1:3000`. BENCH_PAGES=/,/Shop limits the pages
// (signed-in ones written `+/Cart`), BENCH_LIGHTHOUSE_RUNS the runs per page (3), LIGHTHOUSE_OUT=file.json keeps
// each run's bootup time per script and unused JavaScript per file.
import { writeFileSync } from 'node:fs';
import { chopCart } from '@mitrebox/api/testing/cart-lines';
import { benchPages, type Lhr, lighthousePages, signInSession } from './lighthouse.ts';
import { printLighthouse } from './run-results.ts';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';

async function main() {
  const listing = (await (
    await fetch(`${baseUrl}/api/Shop/Products?type=4&page=1&items_per_page=1`)
  ).json()) as { data: { Code: string }[] };
  const code = listing.data[0]?.Code;
  if (!code) throw new Error('the shop lists no moulding');
  const session = await signInSession(baseUrl);
  await fetch(`${baseUrl}/api/updateCart`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(chopCart(code)),
  });
  const only = process.env.BENCH_PAGES?.split(',');
  const pages = benchPages(code).filter(
    (p) =>
      !only || only.includes(`${p.signedIn ? '+' : ''}${p.path}`) || only.includes(p.path.split('/')[1]!),
  );
  const details: unknown[] = [];
  const rows = [];
  // page by page, each written out as it is measured (a long run stopped half-way keeps what it has)
  for (const page of pages) {
    rows.push(
      ...(await lighthousePages(baseUrl, [page], '10001', {
        onRun: (p, lhr) => details.push(runDetails(p, lhr)),
      })),
    );
    if (process.env.LIGHTHOUSE_OUT)
      writeFileSync(process.env.LIGHTHOUSE_OUT, JSON.stringify({ rows, details }, null, 1));
  }
  printLighthouse(rows, []);
}

/** Where a run's time and bytes went: bootup per script, unused JavaScript per file, the LCP element. */
function runDetails(p: { path: string; signedIn: boolean }, lhr: Lhr) {
  const items = (id: string) => lhr.audits[id]?.details?.items ?? [];
  const short = (url: unknown) => String(url).replace(baseUrl, '');
  return {
    page: p.path,
    signedIn: p.signedIn,
    bootup: items('bootup-time').map((i) => ({
      url: short(i.url),
      total: Math.round(Number(i.total)),
      scripting: Math.round(Number(i.scripting)),
    })),
    mainThread: items('mainthread-work-breakdown').map((i) => ({
      group: i.groupLabel,
      ms: Math.round(Number(i.duration)),
    })),
    unusedJs: items('unused-javascript').map((i) => ({
      url: short(i.url),
      total: i.totalBytes,
      wasted: i.wastedBytes,
    })),
    lcpElement: JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? {}).slice(0, 1500),
  };
}

await main();
