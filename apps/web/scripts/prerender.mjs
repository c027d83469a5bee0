// After `vite build`: renders the home page and the page frame to HTML (src/prerender.tsx, built for Node in
// dist-ssr/, removed afterwards) and writes dist/home.html and dist/frame.html — index.html with #root filled —
// each also brotli- and gzip-compressed. The server sends home.html for / and frame.html for every other screen
// (ADR 013), so a phone paints the page before any script has arrived.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  build: {
    ssr: 'src/prerender.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
  },
});

const { render } = await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href);

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
rmSync(ssrOut, { recursive: true, force: true });
