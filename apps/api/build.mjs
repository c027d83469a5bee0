// Compiles the server once (like the web app): apps/api/src/server.ts and the workspace packages it uses
// (@mitrebox/domain, api-contract) into one ES module, apps/api/dist/server.mjs, with a source map.
// npm packages (but drizzle-orm: `bundled`) stay external and load from node_modules as they are (sharp,
// @node-rs/argon2 and PGlite carry native or WebAssembly files; pino's transports and swagger-ui's static files are
// found beside their code).
// `npm start` runs the result with plain node: no TypeScript compiler at run time (ADR 005).
// dist/server.mjs is a small entry that turns on V8's compile cache (node ≥ 22.1) and production mode before the
// server and its packages are loaded: loading them was two thirds of a start (docs/decisions/018, "The start").
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * npm packages compiled into the server all the same: drizzle-orm is some hundred small ES modules under a
 * 179 KB package.json that node reads again (its `exports`, parsed anew) for each of them — about half a second
 * of every start (docs/decisions/018, "The start"). Plain JavaScript, no files of its own beside its code.
 */
const bundled = /^drizzle-orm(\/|$)/;
/** Bare imports other than our own workspace packages (and `bundled`) are left to node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@mitrebox/') || bundled.test(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

// a build leaves no chunk of an earlier one behind
rmSync(path.join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: { 'server-main': path.join(here, 'src/server.ts') },
  outdir: path.join(here, 'dist'),
  outExtension: { '.js': '.mjs' },
  // A module imported with import() becomes a file of its own (dist/<name>-<hash>.mjs; code it shares with the rest
  // goes to dist/chunk-<hash>.mjs), loaded on its first call with the packages only it uses: the PDF makers and
  // pdf-lib (77 ms of a start) wait for the first PDF, PGlite's driver for the embedded database (decision 018).
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  legalComments: 'none',
  plugins: [externalPackages],
  // The compiled server is the production build: production mode unless NODE_ENV says otherwise.
  banner: { js: "process.env.NODE_ENV ??= 'production';" },
  logLevel: 'warning',
});
writeFileSync(
  path.join(here, 'dist/server.mjs'),
  `// The compiled server's entry (apps/api/build.mjs). Static imports would load every package before any line
// here ran: the settings come first, then the server (server-main.mjs) with a dynamic import.
import module from 'node:module';
process.env.NODE_ENV ??= 'production';
// V8's compiled code of the server and its packages is kept on disk (NODE_COMPILE_CACHE, else the system's temporary
// directory; NODE_DISABLE_COMPILE_CACHE=1 turns it off): a second start skips compiling them
try {
  module.enableCompileCache?.();
} catch {
  // a read-only or missing temporary directory: the server starts without it
}
await import('./server-main.mjs');
`,
);
console.log('server built: apps/api/dist/server.mjs (entry) and server-main.mjs');
