import type { Collection } from '@mitrebox/api-contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { sanitizeSettings } from '../content/content-pages.ts';
import {
  collections,
  colorFamilies,
  locations,
  products,
  productTypes,
  profileTypes,
  settings,
} from './catalogue.tables.ts';

/**
 * The catalogue's reference lists: collections with their product counts, the named settings, the warehouses,
 * and the names of the filter groups (product types, colour families, profile types).
 */

export const listProductTypes = (db: Queryable) =>
  db
    .select({ value: productTypes.value, name: productTypes.name })
    .from(productTypes)
    .orderBy(asc(productTypes.sortOrder));
export const listColorFamilies = (db: Queryable) =>
  db.select().from(colorFamilies).orderBy(asc(colorFamilies.name));
export const listProfileTypes = (db: Queryable) =>
  db.select().from(profileTypes).orderBy(asc(profileTypes.name));

export async function listCollections(
  db: Queryable,
  opts: { orderCol: 'name' | 'id'; orderDir: 'ASC' | 'DESC'; page: number; perPage: number },
) {
  const col = opts.orderCol === 'id' ? collections.id : collections.name;
  const order = opts.orderDir === 'DESC' ? sql`${col} desc` : sql`${col} asc`;
  const counts = db
    .select({ collectionId: products.collectionId, n: sql<number>`count(*)::int`.as('n') })
    .from(products)
    .where(eq(products.active, 1))
    .groupBy(products.collectionId)
    .as('counts');
  const rows = await db
    .select({
      id: collections.id,
      name: collections.name,
      value: collections.value,
      parentId: collections.parentId,
      n: counts.n,
    })
    .from(collections)
    .leftJoin(counts, eq(counts.collectionId, collections.id))
    .orderBy(order, asc(collections.id))
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(collections);
  return { rows, total: Number(total?.n ?? 0) };
}

export const listSettings = (db: Queryable) =>
  db.select({ name: settings.name, data: settings.data }).from(settings).orderBy(asc(settings.name));

export const listLocations = (db: Queryable) => db.select().from(locations).orderBy(asc(locations.sortOrder));

export type CatalogueContent = ReturnType<typeof createCatalogueContent>;

export function createCatalogueContent(deps: { db: Db; config: Config }) {
  const { db } = deps;
  const imageBase = deps.config.IMAGE_BASE_URL.replace(/\/$/, '');
  return {
    async collections(q: {
      perPage: number;
      page: number;
      orderCol: 'name' | 'id';
      orderDir: 'ASC' | 'DESC';
    }) {
      const { rows, total } = await listCollections(db, q);
      const data: Collection[] = rows.map((r) => ({
        id: r.id,
        name: r.name,
        value: r.value,
        image: `${imageBase}/collections/${encodeURIComponent(r.value)}.jpg`,
        product_count: Number(r.n ?? 0),
      }));
      return { data, total };
    },

    async settings() {
      // rich-text pages (who_we_are, Policy, Terms, faq, store_locations) leave sanitised
      return { data: sanitizeSettings(await listSettings(db)) };
    },

    async locations(q: Queryable = db) {
      const rows = await listLocations(q);
      return rows.map((l) => ({
        Loc: l.code,
        Name: l.name,
        Addr1: l.addr1,
        Addr2: l.addr2,
        City: l.city,
        State: l.state,
        Zip: l.zip,
        Phone: l.phone,
      }));
    },
  };
}
