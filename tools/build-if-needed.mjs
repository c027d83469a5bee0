// Builds the web bundle when apps/web/dist is missing or older than its sources (run before `npm start`).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/public',
  'packages/domain/src',
  'packages/api-contract/src',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (builtAt >= changedAt) {
  console.log('web bundle is up to date');
} else {
  console.log('building the web bundle…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
