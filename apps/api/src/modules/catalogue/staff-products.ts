import {
  PRICE_COLUMNS,
  type StaffProduct,
  type StaffProductsQuery,
  type StaffProductUpdate,
} from '@mitrebox/api-contract';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { collections, locations, productStock, products } from './catalogue.tables.ts';

/** The back office's products: every price column and the stock per warehouse, read and changed by staff. */

type ProductRow = typeof products.$inferSelect;

const priceField = (c: string) =>
  c.replace(/_([a-z])/g, (_, x: string) => x.toUpperCase()) as keyof ProductRow;

const SORTS = {
  code: products.code,
  display_name: products.displayName,
  frame_type: products.frameType,
  type: products.type,
  length: products.length,
  created: products.createdAt,
} as const;

/** `%` and `_` typed by staff are looked for as they are. */
export const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The warehouses, in their order: the columns of stock in the back office and its CSV. */
export async function locationList(db: Db) {
  return db
    .select({ code: locations.code, name: locations.name })
    .from(locations)
    .orderBy(asc(locations.sortOrder), asc(locations.code));
}

/** On hand per warehouse of each product (as typed: numeric text), by item #. */
export async function onhandByCode(db: Db, codes: string[]) {
  const byCode = new Map<string, Record<string, string>>();
  if (codes.length === 0) return byCode;
  const rows = await db
    .select({ code: productStock.code, location: productStock.location, onhand: productStock.onhand })
    .from(productStock)
    .where(inArray(productStock.code, codes));
  for (const r of rows) {
    const m = byCode.get(r.code) ?? {};
    m[r.location] = r.onhand;
    byCode.set(r.code, m);
  }
  return byCode;
}

function toStaff(
  p: ProductRow & { collection?: string | null },
  stock: Record<string, string>,
  locs: { code: string }[],
): StaffProduct {
  const prices = {} as StaffProduct['prices'];
  for (const c of PRICE_COLUMNS) prices[c] = (p[priceField(c)] as string | null) ?? null;
  return {
    code: p.code,
    description: p.description,
    display_name: p.displayName,
    frame_type: p.frameType,
    type: p.type,
    category: p.category,
    collection_id: p.collectionId,
    collection: p.collection ?? null,
    width: p.width,
    height: p.height,
    rabbet: p.rabbet,
    manuf_code: p.manufCode,
    vendor: p.vendor,
    box_qty: p.boxQty,
    active: p.active,
    prices,
    stock: Object.fromEntries(locs.map((l) => [l.code, stock[l.code] ?? '0.0000'])),
  };
}

export async function getStaffProduct(db: Db, code: string): Promise<StaffProduct> {
  const [row] = await db
    .select({ p: products, collection: collections.name })
    .from(products)
    .leftJoin(collections, eq(collections.id, products.collectionId))
    .where(eq(products.code, code))
    .limit(1);
  if (!row) throw notFound('No product has this code.');
  const locs = await locationList(db);
  return toStaff(
    { ...row.p, collection: row.collection },
    (await onhandByCode(db, [code])).get(code) ?? {},
    locs,
  );
}

/** A page of products with every price column and stock per warehouse, searched, filtered and sorted. */
export async function listStaffProducts(db: Db, q: StaffProductsQuery) {
  const where: SQL[] = [];
  const search = q.q?.trim();
  if (search) {
    const like = likeText(search);
    where.push(
      or(ilike(products.code, like), ilike(products.displayName, like), ilike(products.description, like))!,
    );
  }
  if (q.frame_type) where.push(eq(products.frameType, q.frame_type));
  if (q.collection_id !== undefined) where.push(eq(products.collectionId, q.collection_id));
  const condition = where.length ? and(...where) : undefined;
  const order = q.dir === 'desc' ? desc : asc;
  const [rows, [{ total }], locs] = await Promise.all([
    db
      .select({ p: products, collection: collections.name })
      .from(products)
      .leftJoin(collections, eq(collections.id, products.collectionId))
      .where(condition)
      .orderBy(order(SORTS[q.sort]), asc(products.code))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(products).where(condition),
    locationList(db),
  ]);
  const stock = await onhandByCode(
    db,
    rows.map((r) => r.p.code),
  );
  return {
    rows: rows.map((r) => toStaff({ ...r.p, collection: r.collection }, stock.get(r.p.code) ?? {}, locs)),
    total,
    page: q.page,
    pageSize: q.pageSize,
    locations: locs,
  };
}

/** Changes the given fields of one product and its stock, with an audit entry of what changed. */
export async function updateStaffProduct(db: Db, code: string, input: StaffProductUpdate, actor: AuditActor) {
  const locs = await locationList(db);
  const known = new Set(locs.map((l) => l.code));
  for (const loc of Object.keys(input.stock ?? {}))
    if (!known.has(loc)) throw unprocessable(`There is no location ${loc}.`, { [`stock.${loc}`]: 'unknown' });
  if (input.collection_id != null) {
    const [c] = await db
      .select({ id: collections.id })
      .from(collections)
      .where(eq(collections.id, input.collection_id));
    if (!c) throw unprocessable('There is no such collection.', { collection_id: 'unknown' });
  }
  await db.transaction(async (tx) => {
    const [old] = await tx.select().from(products).where(eq(products.code, code)).for('update');
    if (!old) throw notFound('No product has this code.');
    const set: Partial<ProductRow> = {};
    if (input.description !== undefined) set.description = input.description;
    if (input.display_name !== undefined) set.displayName = input.display_name;
    if (input.active !== undefined) set.active = input.active;
    if (input.collection_id !== undefined) set.collectionId = input.collection_id;
    for (const [c, v] of Object.entries(input.prices ?? {}))
      (set as Record<string, unknown>)[priceField(c)] = v === null ? null : Number(v).toFixed(2);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(set)) {
      const was = (old as Record<string, unknown>)[k];
      if (String(was ?? '') !== String(v ?? '')) {
        before[k] = was ?? null;
        after[k] = v;
      }
    }
    if (Object.keys(after).length > 0)
      await tx
        .update(products)
        .set(Object.fromEntries(Object.keys(after).map((k) => [k, (set as Record<string, unknown>)[k]])))
        .where(eq(products.code, code));
    const stockBefore = new Map(
      (
        await tx
          .select({ location: productStock.location, onhand: productStock.onhand })
          .from(productStock)
          .where(eq(productStock.code, code))
      ).map((s) => [s.location, s.onhand]),
    );
    for (const [loc, qty] of Object.entries(input.stock ?? {})) {
      const onhand = Number(qty).toFixed(4);
      const was = stockBefore.get(loc);
      if (was === onhand) continue;
      await tx
        .insert(productStock)
        .values({ code, location: loc, onhand })
        .onConflictDoUpdate({ target: [productStock.code, productStock.location], set: { onhand } });
      before[`stock_${loc}`] = was ?? null;
      after[`stock_${loc}`] = onhand;
    }
    if (Object.keys(after).length > 0)
      await recordAudit(tx, actor, {
        action: 'product.update',
        entity: 'product',
        entityId: code,
        before,
        after,
      });
  });
}
