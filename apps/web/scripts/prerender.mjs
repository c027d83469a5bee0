// After `vite build`: renders the home page and the page frame to HTML (src/prerender.tsx, built for Node in
// dist-ssr/, which the server keeps using for the shop's and product pages) and writes dist/home.html and dist/frame.html — index.html with #root filled —
// each also brotli- and gzip-compressed. The server sends home.html for / and frame.html for every other screen
// (ADR 013), so a phone paints the page before any script has arrived.
import { createHash } from 'node:crypto';
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
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const closure = (keys, seen = new Set()) => {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
};
/**
 * The entry's stages (ADR 013, "The entry in stages"): modules src/app/stage-*.tsx that src/main.tsx imports
 * dynamically and evaluates in a task of their own (React's DOM renderer) are part of the first load. Their
 * stylesheets, if any, are linked by the page after the entry's own, and their scripts are preloaded with the
 * entry (below, and by the loader of the pages painted first), so that a stage waits for the main thread only,
 * not for one more round trip. (tools/src/budget/first-load.ts counts them the same way.)
 */
const entryKey = 'index.html';
const stages = (manifest[entryKey]?.dynamicImports ?? []).filter((key) =>
  /^src\/app\/stage-[\w-]+\.tsx?$/.test(key),
);
if (stages.length === 0) throw new Error('the entry imports no stage (src/app/stage-*.tsx)');
const entryFiles = closure([entryKey]);
const stageFiles = [...closure(stages)].filter((key) => !entryFiles.has(key));
const stageScripts = stageFiles.map((key) => `/${manifest[key].file}`);
const entryCss = new Set((manifest[entryKey]?.css ?? []).map((f) => `/${f}`));
const stageCss = [
  ...new Set(stageFiles.flatMap((key) => (manifest[key].css ?? []).map((f) => `/${f}`))),
].filter((href) => !entryCss.has(href));
const withStages = (html) => {
  const lastEntryCss = [...html.matchAll(/<link rel="stylesheet" crossorigin href="[^"]+">/g)].at(-1);
  if (!lastEntryCss) throw new Error('dist/index.html links no stylesheet');
  const at = lastEntryCss.index + lastEntryCss[0].length;
  const links =
    stageCss.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('') +
    stageScripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
  return html.slice(0, at) + links + html.slice(at);
};
const shell = withStages(readFileSync(path.join(dist, 'index.html'), 'utf8')).replace(
  '</head>',
  `${preloads}</head>`,
);
const slot = '<div id="root"></div>';
if (!shell.includes(slot)) throw new Error(`dist/index.html has no ${slot}`);

/**
 * The shell of a page painted from its HTML (home.html and the pages the server renders, ADR 013): the entry is
 * asked for only once the page has loaded (its fonts, stylesheets and eager pictures), by a small classic script
 * the page's Content-Security-Policy allows ('self'; an inline script would not be). On a phone's few connections
 * the 110 KB entry and its imports would otherwise share the bandwidth with what the first paint and the largest
 * picture need; the app renders over the page a little later, and until then the page is inert (main.tsx).
 * The entry's static imports are no longer preloaded: the entry finds them when it arrives.
 */
function paintFirstShell(html) {
  const entryTag = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
  const entry = entryTag.exec(html)?.[1];
  if (!entry) throw new Error('dist/index.html has no entry <script type="module">');
  // After the load event and the first paint (or at the latest 4 s after the script ran, should a picture hang or
  // no frame come), once: first the page's full stylesheets (a page the server renders carries only the rules its
  // HTML uses, and marks the disabled links of the full ones `data-after-load`: apps/api/src/platform/used-css.ts),
  // then the entry, so the app renders over the page with every style it may need.
  const source =
    "(function(){var c=document.currentScript,e=c.getAttribute('data-entry'),k=(c.getAttribute('data-stages')||'').split(' ').filter(Boolean),d=0,f=0;" +
    // the entry, its stages' scripts preloaded beside it (data-stages)
    "function entry(){if(f)return;f=1;var i,l;for(i=0;i<k.length;i++){l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=k[i];document.head.appendChild(l)}" +
    "var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=e;document.head.appendChild(s)}" +
    // the entry once the stylesheets are in, or 3 s later whatever they do (a stylesheet that never answers)
    "function go(){if(d)return;d=1;var l=document.querySelectorAll('link[data-after-load]'),n=l.length;if(!n)return entry();setTimeout(entry,3000);" +
    'function one(){if(--n===0)entry()}' +
    "for(var i=0;i<l.length;i++){l[i].addEventListener('load',one);l[i].addEventListener('error',one);l[i].removeAttribute('data-after-load');l[i].removeAttribute('disabled')}}" +
    // after the first contentful paint (a slow phone may paint after the load event; the picture of a product
    // page comes a frame after its text) and one more frame
    'function frame(){requestAnimationFrame(function(){setTimeout(go)})}' +
    "function after(){if(performance.getEntriesByName('first-contentful-paint').length)return frame();" +
    "try{var o=new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();frame()}});o.observe({type:'paint'})}catch(x){frame()}}" +
    "if(document.readyState==='complete')after();else addEventListener('load',after);setTimeout(go,4000)})();\n";
  const file = `assets/after-load-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
  const paintFirst = html
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(
      entryTag,
      `<script async src="/${file}" data-entry="${entry}" data-stages="${stageScripts.join(' ')}"></script>`,
    );
  return { paintFirst, loader: { file, source } };
}

/** A page's stylesheets inside it (one response, not one more round trip before the paint), for home.html. */
function inlineStyles(html) {
  return html.replace(
    /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g,
    (_all, href) => {
      const css = readFileSync(path.join(dist, href), 'utf8').replace(/<\/style/gi, '<\\/style');
      // the disabled link keeps the address (not fetched), as in the pages the server renders
      return `<style>${css}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`;
    },
  );
}

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
const { paintFirst, loader } = paintFirstShell(shell);
writeFileSync(path.join(dist, loader.file), loader.source);
// the server renders the shop and product pages into this one (platform/screen-render.ts)
write('screen-shell.html', paintFirst);
for (const [file, route, page] of [
  ['home.html', '/', inlineStyles(paintFirst)],
  ['frame.html', '/__frame', shell],
]) {
  const html = page.replace(slot, `<div id="root">${await render(route)}</div>`);
  write(file, html);
  console.log(`prerendered ${route} → dist/${file} (${(html.length / 1024).toFixed(1)} KB)`);
}
// Which files each screen needs beyond the first load (its chunk, the chunks it imports, the table of screens and
// the styles the first load leaves out: app/screens.ts, mantine-more.ts), by route: the server names them in a Link header with the screen's page, so the
// browser fetches them beside the entry instead of after it has run (ADR 013).
const firstLoad = closure([entryKey, ...stages]);
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
