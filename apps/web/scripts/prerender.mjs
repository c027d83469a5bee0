// After `vite build`: renders the home page and the page frame to HTML (src/prerender.tsx, built for Node in
// dist-ssr/, which the server keeps using for the shop's and product pages) and writes dist/home.html and dist/frame.html — index.html with #root filled —
// each also brotli- and gzip-compressed. The server sends home.html for / and frame.html for every other screen
// (ADR 013), so a phone paints the page before any script has arrived.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const ssrOut = path.join(web, 'dist-ssr');

await build({
  root: web,
  logLevel: 'warn',
  // The icons and Mantine go into the bundle, tree-shaken: the server loads the components in use, not the
  // packages' thousands of modules (≈ 1.5 s of a start, ADR 013).
  // Every Mantine package goes in (not only those the public screens use): one left outside loads its own copy of
  // @mantine/core from node_modules, whose theme context the bundle's provider does not fill (the signed-in screens'
  // Dropzone and date pickers threw "MantineProvider was not found").
  ssr: { noExternal: ['@tabler/icons-react', /^@mantine\//] },
  build: {
    ssr: 'src/prerender.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
  },
});

const { render, screenRoutes } = await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href);

// The two Latin typefaces (styles/fonts.css, font-display: optional) are asked for with the page, so that they
// are in before the first paint rather than found late in the stylesheet.
const fonts = readdirSync(path.join(dist, 'assets')).filter((f) =>
  /^(inter|fraunces)-latin-wght-normal-[\w-]+\.woff2$/.test(f),
);
if (fonts.length !== 2) throw new Error(`expected the two Latin font files in dist/assets, found ${fonts}`);
const preloads = fonts
  .map((f) => `<link rel="preload" href="/assets/${f}" as="font" type="font/woff2" crossorigin>`)
  .join('');
const shell = readFileSync(path.join(dist, 'index.html'), 'utf8').replace('</head>', `${preloads}</head>`);
const slot = '<div id="root"></div>';
if (!shell.includes(slot)) throw new Error(`dist/index.html has no ${slot}`);

function write(file, html) {
  const target = path.join(dist, file);
  writeFileSync(target, html);
  writeFileSync(
    `${target}.br`,
    brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${target}.gz`, gzipSync(html, { level: 9 }));
}
write('index.html', shell);
for (const [file, route] of [
  ['home.html', '/'],
  ['frame.html', '/__frame'],
]) {
  const html = shell.replace(slot, `<div id="root">${await render(route)}</div>`);
  write(file, html);
  console.log(`prerendered ${route} → dist/${file} (${(html.length / 1024).toFixed(1)} KB)`);
}
// Which files each screen needs beyond the first load (its chunk, the chunks it imports, the table of screens and
// the styles the first load leaves out: app/screens.ts, mantine-more.ts), by route: the server names them in a Link header with the screen's page, so the
// browser fetches them beside the entry instead of after it has run (ADR 013).
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const closure = (keys, seen = new Set()) => {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
};
const firstLoad = closure(['index.html']);
const filesOf = (keys) => {
  const scripts = [];
  const styles = [];
  for (const key of closure(keys)) {
    if (firstLoad.has(key)) continue;
    // a CSS-only module (styles/mantine-more.ts) is its stylesheet
    (manifest[key].file.endsWith('.css') ? styles : scripts).push(`/${manifest[key].file}`);
    for (const css of manifest[key].css ?? []) styles.push(`/${css}`);
  }
  return { scripts, styles: [...new Set(styles)] };
};
const screens = screenRoutes().map(({ pattern, screens: modules }) => {
  for (const m of modules) if (!manifest[m]) throw new Error(`the manifest has no screen ${m} (${pattern})`);
  return { pattern, ...filesOf([...modules, 'src/app/screens.ts', 'src/styles/mantine-more.ts']) };
});
writeFileSync(path.join(dist, 'screens.json'), `${JSON.stringify(screens, null, 1)}\n`);
console.log(`screens.json: the files of ${screens.length} routes' screens`);
// dist-ssr/ stays: the server renders the shop and product pages per request with it (renderScreen, ADR 013).
