// `npm test`: typecheck, lint (Biome and the layer rules), unit, API on a real database, web build and browser journeys — in that order,
// stopping at the first red step. `npm test -- --only api` runs just the API suite (CI's PostgreSQL pass).
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const resultsDir = path.join(root, '.test-results');
mkdirSync(resultsDir, { recursive: true });
const label = process.env.DATABASE_URL ? 'postgres' : 'pglite';

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0) {
    console.error(
      'Debian chromium is missing (/usr/bin/chromium) and we are not root: apt-get install chromium',
    );
    process.exit(1);
  }
  console.log('installing Debian chromium for the browser journeys…');
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core',
    {
      stdio: 'inherit',
    },
  );
}

const vitest = (project) => ({
  name: `${project} tests`,
  cmd: 'npx',
  argv: [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(resultsDir, `${label}-${project}.json`)}`,
  ],
  vitestProject: project,
});

const steps = [
  { name: 'typecheck', cmd: 'npm', argv: ['run', 'typecheck'] },
  { name: 'lint', cmd: 'npx', argv: ['biome', 'ci', '.'] },
  vitest('layers'),
  vitest('domain'),
  vitest('contract'),
  vitest('web'),
  vitest('api'),
  { name: 'build (web app and server)', cmd: 'npm', argv: ['run', 'build'] },
  vitest('budget'),
  vitest('processes'),
  { name: 'chromium', fn: ensureChromium },
  vitest('e2e'),
  // a representative part of the journeys once more, the browser talking to nginx in front of the server
  {
    ...vitest('e2e'),
    name: 'browser journeys through nginx',
    argv: [
      ...vitest('e2e').argv.filter((a) => !a.startsWith('--outputFile')),
      `--outputFile.json=${path.join(resultsDir, `${label}-e2e-nginx.json`)}`,
      'e2e/buying.test.ts',
      'e2e/payments.test.ts',
      'e2e/frame-builder.test.ts',
    ],
    env: { E2E_NGINX: '1' },
    vitestProject: 'e2e-nginx',
  },
].filter((s) => !only || s.vitestProject === only);

let passed = 0;
let failed = 0;
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  if (step.fn) {
    step.fn();
    continue;
  }
  const run = spawnSync(step.cmd, step.argv, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  if (step.vitestProject) {
    const file = path.join(resultsDir, `${label}-${step.vitestProject}.json`);
    if (existsSync(file)) {
      const r = JSON.parse(readFileSync(file, 'utf8'));
      passed += r.numPassedTests;
      failed += r.numFailedTests;
    }
  }
  if (run.status !== 0) {
    console.error(`\n✗ ${step.name} failed`);
    failed = Math.max(failed, 1);
    break;
  }
}
writeFileSync(
  path.join(resultsDir, `summary-${label}${only ? `-${only}` : ''}.json`),
  JSON.stringify({ passed, failed }),
);
console.log(`\n${label}: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
