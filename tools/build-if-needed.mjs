// Before `npm start`: builds the web bundle and the compiled server when missing or older than their sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = ['packages/domain/src', 'packages/api-contract/src', 'packages/domain/package.json'];
const targets = [
  {
    name: 'web bundle',
    built: 'apps/web/dist/frame.html',
    sources: [
      'apps/web/src',
      'apps/web/scripts',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/postcss.config.cjs',
      'apps/web/public',
      'apps/web/package.json',
      ...shared,
    ],
    command: 'npm run build -w apps/web',
  },
  {
    name: 'server',
    built: 'apps/api/dist/server.mjs',
    sources: ['apps/api/src', 'apps/api/build.mjs', 'apps/api/package.json', ...shared],
    command: 'npm run build -w apps/api',
  },
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

for (const t of targets) {
  const built = path.join(root, t.built);
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...t.sources.map((s) => newest(path.join(root, s))));
  if (builtAt >= changedAt) {
    console.log(`${t.name} is up to date`);
  } else {
    console.log(`building the ${t.name}…`);
    execSync(t.command, { cwd: root, stdio: 'inherit' });
  }
}
