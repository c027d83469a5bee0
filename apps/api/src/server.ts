import { createRequire } from 'node:module';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, databaseIsEmpty } from './demo-data/index.ts';
import { seedDemo } from './demo-seed.ts';
import { openDatabase } from './platform/db.ts';
import { applyHeapSettings, applyScavengeSetting } from './platform/gc.ts';

function canResolve(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** How long after listening the catalogue index's first build starts (the first answers go first). */
const INDEX_AFTER_START_MS = 750;

/** Entry: configuration → database → migrations → demo data when empty → listen. */
async function main() {
  // the start's timeline, from the process's launch (module loading included): one line once the shop answers
  const since = performance.now();
  const at = () => Math.round(performance.now());
  const timeline: Record<string, number> = { modulesLoaded: at() };
  const config = loadConfig();
  applyScavengeSetting(config.PARALLEL_SCAVENGE);
  applyHeapSettings({ youngGrowth: config.HEAP_YOUNG_GROWTH, growthPercent: config.HEAP_GROWTH_PERCENT });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onIdleError: (err) => console.warn(`database: an idle connection closed (${err.message})`),
  });
  timeline.databaseOpen = at();
  await database.migrate();
  timeline.migrationsChecked = at();
  // Readable single lines for a person at a terminal (npm start runs in production mode, but a developer
  // install has pino-pretty); JSON lines under a service manager, in containers, and without dev packages.
  const prettyLogs = Boolean(process.stdout.isTTY) && canResolve('pino-pretty');
  const app = await buildApp({ config, database, startJobs: true, prettyLogs });
  timeline.appBuilt = at();
  if (config.SEED_DEMO && (await databaseIsEmpty(database.db))) {
    app.log.info({ products: config.SEED_PRODUCTS }, 'empty database: generating demo data');
    await seedDemo(database.db, { products: config.SEED_PRODUCTS, log: (m) => app.log.info(m) });
  }
  timeline.demoChecked = at();
  // The catalogue index is built in the background, INDEX_AFTER_START_MS after the server listens: its statements
  // and its work would otherwise go before the first answers (the readiness check, the first pages), which are
  // answered with SQL until it is there (docs/decisions/018, "The start").
  let started = () => {};
  app.services.catalogue.holdIndexBuilds(new Promise<void>((resolve) => (started = resolve)));
  await app.listen({ port: config.PORT, host: config.HOST });
  await app.sandboxFields?.listen();
  timeline.listening = at();
  setTimeout(started, INDEX_AFTER_START_MS).unref();
  const warmed = app.services.catalogue.warmIndex();
  void warmed.then(() => {
    const serving = app.services.catalogue.catalogueServing();
    if (serving.serving === 'index')
      app.log.info(
        { startMs: timeline, indexMs: at() - since, products: serving.products },
        'catalogue index ready: listings answered from it',
      );
  });
  // A parent process that started this one with an IPC channel (the benchmark, tools/src/bench/catalogue.ts) may
  // wait for the index and ask how many pages and searches it answered; nothing else is said on the channel.
  if (process.send) {
    process.channel?.unref();
    process.on('message', (m) => {
      if (m === 'catalogue-index')
        void warmed.then(() => process.send?.({ indexAnswered: app.services.catalogue.indexAnswered() }));
    });
  }
  const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  console.log(
    `\nMitrebox is running at http://${shown}:${config.PORT}  (API docs: /api/docs, database: ${database.kind})`,
  );
  console.log(`Demo sign-ins (password "${DEMO_PASSWORD}"):`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.acctnum}  ${a.company}`);

  // Graceful shutdown: stop accepting, let requests in flight and a payment job under way finish, then close
  // the database. SHUTDOWN_GRACE_MS bounds the wait (a service manager's own kill comes later).
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight and running jobs');
    const deadline = setTimeout(() => {
      app.log.warn({ graceMs: config.SHUTDOWN_GRACE_MS }, 'shutdown grace time over: exiting');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS);
    deadline.unref();
    try {
      await app.close();
      await database.close();
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
