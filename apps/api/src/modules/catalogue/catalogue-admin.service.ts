import type { Readable } from 'node:stream';
import type { StaffProductsQuery, StaffProductUpdate } from '@mitrebox/api-contract';
import { asc, count, desc, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { collections, products } from './catalogue.tables.ts';
import { exportProductCsv } from './product-export.ts';
import { type ImportOptions, importProductCsv } from './product-import.ts';
import { getStaffProduct, likeText, listStaffProducts, updateStaffProduct } from './staff-products.ts';

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;

/**
 * The back office's catalogue: products with every price column and stock per location (staff-products.ts),
 * collections, and the CSV import (product-import.ts) and export (product-export.ts). Every change writes an audit
 * entry in its transaction; `onChange` drops the storefront's cached catalogue pages.
 */
export function createCatalogueAdminService(deps: { db: Db; onChange: () => void }) {
  const { db, onChange } = deps;

  return {
    listProducts: (q: StaffProductsQuery) => listStaffProducts(db, q),

    getProduct: (code: string) => getStaffProduct(db, code),

    /** Changes the given fields of one product and its stock, with an audit entry of what changed. */
    async updateProduct(code: string, input: StaffProductUpdate, actor: AuditActor) {
      await updateStaffProduct(db, code, input, actor);
      onChange();
      return getStaffProduct(db, code);
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
    exportCsv: (): Promise<Readable> => exportProductCsv(db),
  };
}
