// Compiles the server once (like the web app): apps/api/src/server.ts and the workspace packages it uses
// (@mitrebox/domain, api-contract) into one ES module, apps/api/dist/server.mjs, with a source map.
// npm packages stay external and load from node_modules as they are (sharp, @node-rs/argon2 and PGlite carry
// native or WebAssembly files; pino's transports and swagger-ui's static files are found beside their code).
// `npm start` runs the result with plain node: no TypeScript compiler at run time (ADR 005).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Bare imports other than our own workspace packages are left to node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@mitrebox/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: [path.join(here, 'src/server.ts')],
  outfile: path.join(here, 'dist/server.mjs'),
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
console.log('server built: apps/api/dist/server.mjs');
