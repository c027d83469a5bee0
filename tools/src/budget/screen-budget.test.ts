import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

// Runs after the web build: what each main screen loads on top of the entry (its route's chunks, as the server
// preloads them: dist/screens.json), gzip level 9 — deterministic, so a real test. Issue 33: only what the first
// view uses (the crop tool, the captcha widget, the contract's zod schemas load where they are used).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dist = process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist');
const KB = 1024;

/** Each screen's budget, gzipped: measured when it was set, with a little room. */
export const SCREEN_BUDGET: Record<string, number> = {
  '/collections': 18 * KB, // 15.3 KB
  '/whereToBuy': 20 * KB, // 17.6 KB (Leaflet only once a search has answered)
  '/careers': 50 * KB, // 47.5 KB
  '/contactUs': 45 * KB, // 41.5 KB (was 74.1 KB: the captcha widget loads after the first render)
  '/FrameBuilder': 128 * KB, // 124.3 KB (131.0 KB with the crop tool, which now loads at its step)
  '/Admin': 110 * KB, // 105.6 KB (zod's 40 KB had come in with the e-mail choices' labels)
};

interface ScreenRoute {
  pattern: string;
  scripts: string[];
}

const screens = (): ScreenRoute[] =>
  JSON.parse(readFileSync(path.join(dist, 'screens.json'), 'utf8')) as ScreenRoute[];
const gzipped = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

describe("the main screens' own code", () => {
  it('has a built web app with its screens', () => {
    expect(existsSync(path.join(dist, 'screens.json')), 'run `npm run build -w apps/web` first').toBe(true);
  });

  for (const [pattern, budget] of Object.entries(SCREEN_BUDGET)) {
    it(`${pattern} loads at most ${kb(budget)} of its own JavaScript (gzipped)`, () => {
      const route = screens().find((s) => s.pattern === pattern);
      expect(route, `screens.json has no route ${pattern}`).toBeDefined();
      const sizes = route!.scripts.map((f) => ({ f, gzip: gzipped(f) }));
      const total = sizes.reduce((s, x) => s + x.gzip, 0);
      const largest = [...sizes]
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 8)
        .map((x) => `  ${x.f} ${kb(x.gzip)}`)
        .join('\n');
      expect(total, `${pattern} loads ${kb(total)}, over ${kb(budget)}:\n${largest}`).toBeLessThanOrEqual(
        budget,
      );
    });
  }

  it("no main screen loads the contract's zod schemas (the browser takes types only from it)", () => {
    const main = [
      ...Object.keys(SCREEN_BUDGET),
      '/Shop',
      '/productDetail/:Code',
      '/Cart',
      '/Admin/userListOrders/:searchx?',
    ];
    const withZod = screens()
      .filter((s) => main.includes(s.pattern))
      .flatMap((s) =>
        s.scripts
          .filter((f) => readFileSync(path.join(dist, f), 'utf8').includes('ZodError'))
          .map((f) => `${s.pattern}: ${f}`),
      );
    expect(withZod).toEqual([]);
  });
});
