import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BUDGET,
  describeFirstLoad,
  firstLoadFiles,
  measureFirstLoad,
  readManifest,
  stageScripts,
  totals,
} from './first-load.ts';

// Runs after the web build (tools/test-all.mjs): the first load of `/` within its budget, in bytes.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dist = process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

describe('first-load budget of /', () => {
  it('has a built web app with its manifest', () => {
    expect(
      existsSync(path.join(dist, '.vite/manifest.json')),
      'apps/web/dist/.vite/manifest.json is missing: run `npm run build -w apps/web` first',
    ).toBe(true);
  });

  it(`loads at most ${kb(BUDGET.jsGzip)} of JavaScript (gzipped) before it is interactive`, () => {
    const files = measureFirstLoad(dist);
    const { jsGzip } = totals(files);
    expect(
      jsGzip,
      `the entry and its modulepreloads weigh ${kb(jsGzip)} gzipped, over ${kb(BUDGET.jsGzip)}:\n` +
        describeFirstLoad(files.filter((f) => f.kind === 'js')),
    ).toBeLessThanOrEqual(BUDGET.jsGzip);
  });

  it(`loads at most ${kb(BUDGET.cssGzip)} of CSS (gzipped)`, () => {
    const files = measureFirstLoad(dist);
    const { cssGzip } = totals(files);
    expect(
      cssGzip,
      `the first load's stylesheets weigh ${kb(cssGzip)} gzipped, over ${kb(BUDGET.cssGzip)}:\n` +
        describeFirstLoad(files.filter((f) => f.kind === 'css')),
    ).toBeLessThanOrEqual(BUDGET.cssGzip);
  });

  it(`loads it in at most ${BUDGET.jsFiles} files (each is a request, a modulepreload and a module record)`, () => {
    const js = measureFirstLoad(dist).filter((f) => f.kind === 'js');
    expect(
      js.length,
      `the entry and its modulepreloads are ${js.length} files (vite.config.ts groups the entry's packages):\n` +
        describeFirstLoad(js),
    ).toBeLessThanOrEqual(BUDGET.jsFiles);
  });

  it('follows static imports and their stylesheets through the manifest', () => {
    const manifest = {
      'index.html': {
        file: 'assets/index-a.js',
        isEntry: true,
        imports: ['_b.js'],
        css: ['assets/index-a.css'],
      },
      '_b.js': { file: 'assets/b.js', imports: ['_c.js'], css: ['assets/b.css'] },
      '_c.js': { file: 'assets/c.js', imports: ['_b.js'] },
      'src/Lazy.tsx': { file: 'assets/lazy.js', css: ['assets/lazy.css'] },
    };
    expect(firstLoadFiles(manifest)).toEqual({
      js: ['assets/index-a.js', 'assets/b.js', 'assets/c.js'],
      css: ['assets/index-a.css', 'assets/b.css'],
    });
  });

  it("counts the entry's stages (src/app/stage-*.tsx) and what they import, not the lazy screens", () => {
    const manifest = {
      'index.html': {
        file: 'assets/index-a.js',
        isEntry: true,
        imports: ['_react.js'],
        dynamicImports: ['src/app/stage-render.tsx', 'src/Lazy.tsx'],
      },
      '_react.js': { file: 'assets/react.js' },
      'src/app/stage-render.tsx': {
        file: 'assets/stage-render.js',
        imports: ['_react.js', '_client.js'],
        css: ['assets/stage.css'],
      },
      '_client.js': { file: 'assets/client.js' },
      'src/Lazy.tsx': { file: 'assets/lazy.js', css: ['assets/lazy.css'] },
    };
    expect(firstLoadFiles(manifest)).toEqual({
      js: ['assets/index-a.js', 'assets/react.js', 'assets/stage-render.js', 'assets/client.js'],
      css: ['assets/stage.css'],
    });
  });
});

describe('prerendered first paint (ADR 013)', () => {
  const page = (file: string) => readFileSync(path.join(dist, file), 'utf8');
  const stagePreloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  const preloads = (html: string) =>
    [
      ...html.matchAll(/<link rel="preload" href="\/assets\/([\w.-]+\.woff2)" as="font"[^>]*crossorigin>/g),
    ].map((m) => m[1]);

  it('paints the home page from HTML: the hero, its heading and the page frame before any script runs', () => {
    const home = page('home.html');
    expect(home).toMatch(/<h1[^>]*id="home-title"[^>]*>Mouldings, mats and glass for the /);
    expect(home).toContain('Skip to content');
    expect(home).toContain('data-mantine-styles');
  });

  it("paints every other screen's frame (header, loader, footer) from HTML", () => {
    const frame = page('frame.html');
    expect(frame).toContain('Skip to content');
    expect(frame).toContain('aria-label="Loading"');
    expect(frame).not.toContain('home-title');
  });

  it('asks for the entry only after the page has loaded, on the home page and the pages the server renders', () => {
    const entry = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
    const main = entry.exec(page('index.html'))?.[1];
    expect(main).toMatch(/^\/assets\/index-/);
    for (const file of ['home.html', 'screen-shell.html']) {
      const html = page(file);
      // nothing but the HTML, its fonts and pictures before the paint: no module script, no preloaded imports
      expect(html, file).not.toMatch(/type="module"|rel="modulepreload"/);
      const loader =
        /<script async src="(\/assets\/after-load-\w+\.js)" data-entry="([^"]+)" data-stages="([^"]+)"><\/script>/.exec(
          html,
        );
      expect(loader?.[2], file).toBe(main);
      // the stages' scripts are preloaded with the entry (after the load)
      expect(loader?.[3]?.split(' '), file).toEqual(stageScripts(readManifest(dist)).map((f) => `/${f}`));
      const source = page(loader?.[1] ?? 'missing');
      expect(source).toContain("addEventListener('load'");
      expect(source).toContain('link[data-after-load]');
    }
    // home.html's stylesheet is inside it (no render-blocking request), its link disabled
    expect(page('home.html')).not.toMatch(/<link rel="stylesheet" crossorigin href="[^"]+">/);
    expect(page('home.html')).toMatch(
      /<style>@font-face[\s\S]*?<\/style><link rel="stylesheet" crossorigin href="\/assets\/index-[\w-]+\.css" disabled>/,
    );
    // every other screen's content comes from the app: its frame keeps the entry in its head
    expect(page('frame.html')).toContain(`<script type="module" crossorigin src="${main}"></script>`);
  });

  it("links the stages' stylesheets and preloads their scripts: every file of the first load is in the page", () => {
    const index = page('index.html');
    const { js, css } = firstLoadFiles(readManifest(dist));
    const linked = [...index.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(linked.sort()).toEqual([...css].sort());
    const main = /<script type="module" crossorigin src="\/([^"]+)">/.exec(index)?.[1];
    expect([main, ...stagePreloads(index).map((f) => f.slice(1))].sort()).toEqual([...js].sort());
    // React's DOM renderer comes with a stage (a task of its own), not among the entry's static imports
    expect(js.some((f) => /^assets\/stage-render-/.test(f))).toBe(true);
  });

  it('asks for both Latin typefaces with the page, and the build carries no other subset', () => {
    for (const file of ['index.html', 'home.html', 'frame.html', 'screen-shell.html']) {
      const fonts = preloads(page(file));
      expect(
        fonts.sort().map((f) => f.replace(/-[\w]+\.woff2$/, '')),
        file,
      ).toEqual(['fraunces-latin-wght-normal', 'inter-latin-wght-normal']);
      for (const f of fonts) expect(existsSync(path.join(dist, 'assets', f)), f).toBe(true);
    }
  });
});

describe("each screen's files, named with its page (screens.json, ADR 013)", () => {
  type Screen = { pattern: string; scripts: string[]; styles: string[] };
  const screens = (): Screen[] => JSON.parse(readFileSync(path.join(dist, 'screens.json'), 'utf8'));
  const manifest = () => JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const chunkOf = (source: string) => `/${manifest()[source].file}`;
  const screen = (pattern: string) => screens().find((s) => s.pattern === pattern);

  it("lists a route's screen chunk, and those of the layouts around it", () => {
    expect(screen('/Cart')?.scripts).toContain(chunkOf('src/features/cart/CartPage.tsx'));
    const orders = screen('/Admin/userListOrders/:searchx?');
    expect(orders?.scripts).toContain(chunkOf('src/features/orders/OrdersListPage.tsx'));
    expect(orders?.scripts).toContain(chunkOf('src/features/account/AdminLayout.tsx'));
    expect(screen('/productDetail/:Code')?.scripts).toContain(
      chunkOf('src/features/catalogue/ProductDetailPage.tsx'),
    );
    // the home page is in the first load; a signed-in buyer's has its account part, rendered by the server with
    // its stylesheet
    const home = screen('/');
    expect(home?.scripts).toContain(chunkOf('src/features/home/AccountHome.tsx'));
    expect(home?.styles.some((f) => /\/AccountHome-[\w-]+\.css$/.test(f))).toBe(true);
  });

  it('lists nothing the first load already has, and only files that exist', () => {
    const first = new Set(firstLoadFiles(manifest()).js.map((f) => `/${f}`));
    for (const s of screens()) {
      for (const file of [...s.scripts, ...s.styles]) {
        expect(first.has(file), `${s.pattern}: ${file} is in the first load`).toBe(false);
        expect(existsSync(path.join(dist, file)), `${s.pattern}: ${file}`).toBe(true);
      }
    }
  });
});
