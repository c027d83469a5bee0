import { sql } from 'drizzle-orm';
import type { Db } from '../../../apps/api/src/platform/db.ts';
import { accounts } from '../../../apps/api/src/platform/schema.ts';
import { seedDemoAccounts } from './accounts.ts';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TOTP_SECRET } from './accounts.ts';

export interface SeedOptions {
  /** How many products to generate (mouldings, mats, glass, hardware, fillets together). */
  products: number;
  log?: (message: string) => void;
}

export async function databaseIsEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  return Number(row?.n ?? 0) === 0;
}

/** Fills an empty database with the deterministic demo data. */
export async function seedDemoData(db: Db, opts: SeedOptions): Promise<void> {
  const log = opts.log ?? (() => {});
  await seedDemoAccounts(db);
  log('demo accounts ready');
}
