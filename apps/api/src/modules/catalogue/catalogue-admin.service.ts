import type { Readable } from 'node:stream';
import {
  PRICE_COLUMNS,
  type StaffProduct,
  type StaffProductsQuery,
  type StaffProductUpdate,
} from '@mitrebox/api-contract';
import { stringify } from 'csv-stringify';
import { and, asc, count, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { collections, locations, productStock, products } from './catalogue.tables.ts';
import { escapeFormula, PRODUCT_COLUMNS, STOCK_PREFIX } from './product-csv.ts';
import { type ImportOptions, importProductCsv } from './product-import.ts';

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
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;

/**
 * The back office's catalogue: products with every price column and stock per location, collections, and
 * the CSV import/export. Every change writes an audit entry in its transaction; `onChange` drops the
 * storefront's cached catalogue pages.
 */
export function createCatalogueAdminService(deps: { db: Db; onChange: () => void }) {
  const { db, onChange } = deps;

  async function locationList() {
    return db
      .select({ code: locations.code, name: locations.name })
      .from(locations)
      .orderBy(asc(locations.sortOrder), asc(locations.code));
  }

  async function stockOf(codes: string[]) {
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

  async function getProduct(code: string): Promise<StaffProduct> {
    const [row] = await db
      .select({ p: products, collection: collections.name })
      .from(products)
      .leftJoin(collections, eq(collections.id, products.collectionId))
      .where(eq(products.code, code))
      .limit(1);
    if (!row) throw notFound('No product has this code.');
    const locs = await locationList();
    return toStaff({ ...row.p, collection: row.collection }, (await stockOf([code])).get(code) ?? {}, locs);
  }

  return {
    async listProducts(q: StaffProductsQuery) {
      const where: SQL[] = [];
      const search = q.q?.trim();
      if (search) {
        const like = likeText(search);
        where.push(
          or(
            ilike(products.code, like),
            ilike(products.displayName, like),
            ilike(products.description, like),
          )!,
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
        locationList(),
      ]);
      const stock = await stockOf(rows.map((r) => r.p.code));
      return {
        rows: rows.map((r) => toStaff({ ...r.p, collection: r.collection }, stock.get(r.p.code) ?? {}, locs)),
        total,
        page: q.page,
        pageSize: q.pageSize,
        locations: locs,
      };
    },

    getProduct,

    /** Changes the given fields of one product and its stock, with an audit entry of what changed. */
    async updateProduct(code: string, input: StaffProductUpdate, actor: AuditActor) {
      const locs = await locationList();
      const known = new Set(locs.map((l) => l.code));
      for (const loc of Object.keys(input.stock ?? {}))
        if (!known.has(loc))
          throw unprocessable(`There is no location ${loc}.`, { [`stock.${loc}`]: 'unknown' });
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
      onChange();
      return getProduct(code);
    },

    async listCollections(q: {
      q?: string;
      sort: 'id' | 'name' | 'products';
      dir: 'asc' | 'desc';
      page: number;
      pageSize: number;
    }) {
      const search = q.q?.trim();
      const condition = search
        ? or(ilike(collections.name, likeText(search)), ilike(collections.description, likeText(search)))
        : undefined;
      const productCount = sql<number>`(select count(*)::int from ${products} where ${products.collectionId} = ${collections.id})`;
      const order = q.dir === 'desc' ? desc : asc;
      const sortBy = q.sort === 'id' ? collections.id : q.sort === 'name' ? collections.name : productCount;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            id: collections.id,
            name: collections.name,
            description: collections.description,
            parent_id: collections.parentId,
            products: productCount,
          })
          .from(collections)
          .where(condition)
          .orderBy(order(sortBy), asc(collections.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ total: count() }).from(collections).where(condition),
      ]);
      return { rows, total, page: q.page, pageSize: q.pageSize };
    },

    async importCsv(input: string | (() => Readable), opts: ImportOptions) {
      const report = await importProductCsv(db, input, opts);
      if (report.applied) {
        // the listing's pages are index-only walks (docs/decisions/018): they need the visibility map of the
        // rows just written, and the planner their statistics. PGlite has no autovacuum to do it.
        await db.execute(sql`vacuum analyze products, product_stock`);
        onChange();
      }
      return report;
    },

    /**
     * Every product as CSV in the import's format, streamed a page at a time (keyset by code). Text cells a
     * spreadsheet would run as a formula are escaped with a leading apostrophe.
     */
    async exportCsv(): Promise<Readable> {
      const locs = await locationList();
      const header = [...PRODUCT_COLUMNS.map((c) => c.name), ...locs.map((l) => `${STOCK_PREFIX}${l.code}`)];
      const out = stringify({ header: true, columns: header });
      const pump = async () => {
        let after = '';
        for (;;) {
          const page = await db
            .select()
            .from(products)
            .where(after ? gt(products.code, after) : undefined)
            .orderBy(asc(products.code))
            .limit(2000);
          if (page.length === 0) break;
          const stock = await stockOf(page.map((p) => p.code));
          for (const p of page) {
            const record: (string | number | null)[] = PRODUCT_COLUMNS.map((c) => {
              const v = (p as Record<string, unknown>)[c.field] as string | number | null;
              return typeof v === 'string' && (c.kind === 'text' || c.kind === 'name') ? escapeFormula(v) : v;
            });
            const s = stock.get(p.code) ?? {};
            for (const l of locs) record.push(s[l.code] ?? '');
            if (!out.write(record)) await new Promise((r) => out.once('drain', r));
          }
          after = page[page.length - 1].code;
        }
        out.end();
      };
      pump().catch((err) => out.destroy(err as Error));
      return out;
    },
  };
}
