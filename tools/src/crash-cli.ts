/**
 * npm run crash -- [--kills 100] [--clients 6] [--port 3100] [--server URL] [--database NAME] [--seed N] [--keep]
 *                   [--max-kill-seconds S]  (stop killing after S seconds; the report says how many kills)
 *
 * The crash test (tools/src/crash): clients order, pay, batch and save designs while the compiled API process
 * is SIGKILLed at random moments and restarted; then the invariants are checked and printed. Exit code 1 on
 * any violation. Needs PostgreSQL (CRASH_SERVER_URL / DATABASE_URL, else 127.0.0.1:5432) and `npm run build`.
 */
import { parseArgs } from 'node:util';
import { formatReport, runCrashTest } from './crash/crash.ts';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '100' },
    clients: { type: 'string', default: '6' },
    port: { type: 'string', default: process.env.CRASH_PORT ?? '3100' },
    server: {
      type: 'string',
      default:
        process.env.CRASH_SERVER_URL ??
        process.env.DATABASE_URL ??
        'postgres://postgres@127.0.0.1:5432/postgres',
    },
    database: { type: 'string', default: process.env.CRASH_DATABASE ?? 'mitrebox_crash' },
    seed: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'max-kill-seconds': { type: 'string' },
  },
});

const seed = values.seed ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
console.log(`crash test: ${values.kills} kills, ${values.clients} clients, seed ${seed}`);
const report = await runCrashTest({
  kills: Number(values.kills),
  clients: Number(values.clients),
  serverUrl: values.server,
  database: values.database,
  port: Number(values.port),
  seed,
  keepDatabase: values.keep,
  killPhaseMs: values['max-kill-seconds'] ? Number(values['max-kill-seconds']) * 1000 : undefined,
  log: (line) => console.log(line),
});
console.log(formatReport(report));
process.exit(report.violations === 0 ? 0 : 1);
