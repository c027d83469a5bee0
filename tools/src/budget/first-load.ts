// What `/` loads before it is interactive, read from Vite's build manifest (apps/web/dist/.vite/manifest.json):
// the entry chunk, its stages (src/app/stage-*.tsx, which the entry imports dynamically and evaluates in a task of
// their own before the app runs: ADR 013; apps/web/scripts/prerender.mjs preloads them), every chunk those import
// statically (the <link rel="modulepreload"> tags of
// index.html) and their stylesheets. Sizes are gzip level 9 of the built files: deterministic, so the budget is a real test.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface LoadedFile {
  file: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
}

export const BUDGET = { jsGzip: 150 * 1024, cssGzip: 30 * 1024, jsFiles: 10 } as const;

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** A stage of the entry: src/app/stage-*.tsx, imported dynamically by the entry (ADR 013, "The entry in stages"). */
export const isStage = (key: string) => /^src\/app\/stage-[\w-]+\.tsx?$/.test(key);

/**
 * The files the entry (index.html) loads up front: entry JS, its stages, their static imports, transitively, and
 * their CSS. Other dynamic imports (the lazy screens) are not followed.
 */
export function firstLoadFiles(manifest: Manifest): { js: string[]; css: string[] } {
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (!entry) throw new Error('The build manifest has no entry chunk.');
  const js: string[] = [];
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest names ${key} but has no entry for it.`);
    js.push(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(entry);
  for (const stage of (manifest[entry]?.dynamicImports ?? []).filter(isStage)) visit(stage);
  return { js, css: [...css] };
}

/** The scripts of the entry's stages that the entry does not import statically: what a page preloads for them. */
export function stageScripts(manifest: Manifest): string[] {
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (!entry) throw new Error('The build manifest has no entry chunk.');
  const entryJs = new Set(
    firstLoadFiles({ ...manifest, [entry]: { ...manifest[entry]!, dynamicImports: [] } }).js,
  );
  return firstLoadFiles(manifest).js.filter((f) => !entryJs.has(f));
}

export function measureFirstLoad(dist: string): LoadedFile[] {
  const { js, css } = firstLoadFiles(readManifest(dist));
  const size = (file: string, kind: 'js' | 'css'): LoadedFile => {
    const bytes = readFileSync(path.join(dist, file));
    return { file, kind, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  };
  return [...js.map((f) => size(f, 'js')), ...css.map((f) => size(f, 'css'))];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** A readable line per file, largest first, for failure messages and the bench. */
export function describeFirstLoad(files: LoadedFile[]): string {
  return [...files]
    .sort((a, b) => b.gzip - a.gzip)
    .map((f) => `  ${f.file}  ${kb(f.raw)} raw, ${kb(f.gzip)} gzipped`)
    .join('\n');
}

export function totals(files: LoadedFile[]) {
  const sum = (kind: 'js' | 'css', key: 'raw' | 'gzip') =>
    files.filter((f) => f.kind === kind).reduce((s, f) => s + f[key], 0);
  return {
    jsGzip: sum('js', 'gzip'),
    cssGzip: sum('css', 'gzip'),
    jsRaw: sum('js', 'raw'),
    cssRaw: sum('css', 'raw'),
  };
}
