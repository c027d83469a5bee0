/**
 * npm run seed -- [--products N] [--force]
 *
 * Opens the database the server would use (DATABASE_URL, else PGlite under DATA_DIR, default `data`),
 * applies the migrations and fills it with the deterministic demo data when it is empty. With --force it
 * empties every table first (and drops the generated-image cache, which depends on the catalogue).
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@mitrebox/api/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, databaseIsEmpty, truncateAll } from '@mitrebox/api/demo-data';
import { seedDemo } from '@mitrebox/api/demo-seed';
import { openDatabase } from '@mitrebox/api/platform/db';
import { sql } from 'drizzle-orm';

const usage = 'usage: npm run seed -- [--products N] [--force]';

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', short: 'p' },
      force: { type: 'boolean', short: 'f', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const config = loadConfig();
  const count = Number(values.products ?? config.SEED_PRODUCTS);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
    throw new Error(`--products must be a whole number from 1 to 1000000 (got ${values.products}). ${usage}`);
  }

  const where = config.DATABASE_URL
    ? 'PostgreSQL (DATABASE_URL)'
    : config.DATA_DIR.startsWith('memory://')
      ? 'PGlite in memory'
      : `PGlite in ${path.resolve(config.DATA_DIR)}`;
  console.log(`Database: ${where}`);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    if (!(await databaseIsEmpty(database.db))) {
      if (!values.force) {
        console.log('The database already holds data; nothing done. Use --force to empty it and seed again.');
        return;
      }
      console.log('--force: emptying every table');
      await truncateAll(database.db);
      if (!config.DATA_DIR.startsWith('memory://')) {
        await rm(path.join(config.DATA_DIR, 'cdn-cache'), { recursive: true, force: true });
      }
    }
    const started = performance.now();
    await seedDemo(database.db, { products: count, log: (m) => console.log(`  ${m}`) });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const res = (await database.db.execute(
      sql`select (select count(*) from products)::int as products, (select count(*) from orders)::int as orders`,
    )) as unknown as { rows: { products: number; orders: number }[] };
    const { products, orders } = res.rows[0];
    console.log(`Seeded ${products} products and ${orders} orders in ${seconds} s.`);
    console.log(`Demo sign-ins (password "${DEMO_PASSWORD}"):`);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.acctnum}  ${a.company}`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
