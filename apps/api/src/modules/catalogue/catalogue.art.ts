import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { collections, products, profileTypes } from './catalogue.tables.ts';

/** What the generated catalogue images are drawn from (the /cdn routes). */
const productFields = {
  code: products.code,
  displayName: products.displayName,
  frameType: products.frameType,
  type: products.type,
  category: products.category,
  width: products.width,
  height: products.height,
  rabbet: products.rabbet,
  finishName: products.finishName,
  styleName: products.styleName,
  swatch: products.swatch,
  hInt: products.hInt,
  wInt: products.wInt,
  profileName: profileTypes.name,
};

export type ProductArt = {
  code: string;
  displayName: string;
  frameType: string;
  type: number;
  category: string | null;
  width: string | null;
  height: string | null;
  rabbet: string | null;
  finishName: string | null;
  styleName: string | null;
  swatch: string | null;
  hInt: number | null;
  wInt: number | null;
  profileName: string | null;
};

/** A product by item code (any case), or a mat by its ManufCode. */
export async function findProductArt(
  db: Queryable,
  kind: 'frames' | 'mats' | 'collections',
  name: string,
): Promise<ProductArt | undefined> {
  const q = () =>
    db
      .select(productFields)
      .from(products)
      .leftJoin(profileTypes, eq(products.profileTypeId, profileTypes.id));
  if (kind === 'mats') {
    const [byManuf] = await q()
      .where(and(eq(products.manufCode, name), eq(products.frameType, 'MATS')))
      .limit(1);
    if (byManuf) return byManuf;
  }
  const [exact] = await q().where(eq(products.code, name)).limit(1);
  if (exact) return exact;
  const [folded] = await q().where(sql`lower(${products.code}) = lower(${name})`).limit(1);
  return folded;
}

/** A collection by image key or id, with up to three mouldings of different finishes to draw its tile. */
export async function findCollectionArt(
  db: Queryable,
  name: string,
): Promise<{ name: string; samples: ProductArt[] } | undefined> {
  let [col] = await db.select().from(collections).where(eq(collections.value, name)).limit(1);
  if (!col && /^\d{1,9}$/.test(name)) {
    [col] = await db
      .select()
      .from(collections)
      .where(eq(collections.id, Number(name)))
      .limit(1);
  }
  if (!col) return undefined;
  const samples = await db
    .selectDistinctOn([products.finishName], productFields)
    .from(products)
    .leftJoin(profileTypes, eq(products.profileTypeId, profileTypes.id))
    .where(and(eq(products.collectionId, col.id), eq(products.frameType, 'MOULDING'), eq(products.active, 1)))
    .orderBy(products.finishName, products.code)
    .limit(3);
  return { name: col.name, samples };
}
