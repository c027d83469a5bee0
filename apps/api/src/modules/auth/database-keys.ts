import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { authKeys } from './auth.tables.ts';

/**
 * A secret of the database named `id` (e.g. 'mail-links'), made by the first process that needs it: every
 * process of the shop signs and checks with the same key, and no configuration is needed.
 */
export async function databaseSecret(db: Queryable, id: string): Promise<Buffer> {
  await db
    .insert(authKeys)
    .values({ id, secret: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: authKeys.secret }).from(authKeys).where(eq(authKeys.id, id));
  return Buffer.from(row.secret, 'hex');
}
