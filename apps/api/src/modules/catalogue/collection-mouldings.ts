import { MOULDING_TYPE } from '@mitrebox/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { collections, products } from './catalogue.tables.ts';

/**
 * The item numbers of the mouldings a collection sells (active, by item #), for a corner-sample set; undefined
 * when there is no such collection.
 */
export async function collectionMouldings(
  q: Queryable,
  collectionId: number,
  max: number,
): Promise<{ name: string; codes: string[] } | undefined> {
  const [collection] = await q
    .select({ name: collections.name })
    .from(collections)
    .where(eq(collections.id, collectionId))
    .limit(1);
  if (!collection) return undefined;
  const rows = await q
    .select({ code: products.code })
    .from(products)
    .where(
      and(eq(products.collectionId, collectionId), eq(products.type, MOULDING_TYPE), eq(products.active, 1)),
    )
    .orderBy(asc(products.code))
    .limit(max);
  return { name: collection.name, codes: rows.map((r) => r.code) };
}
