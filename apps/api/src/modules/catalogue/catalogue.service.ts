import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { createCatalogueContent } from './catalogue-content.ts';
import type { SessionColumns } from './catalogue-index.repository.ts';
import { collectionMouldings } from './collection-mouldings.ts';
import { createIndexFinder } from './index-finder.ts';
import { createCatalogueListing } from './listing.service.ts';
import { createCataloguePricing } from './pricing.service.ts';
import { productViews } from './product-views.ts';
import { createProductsByCode } from './products-by-code.ts';
import { createSqlFinder } from './sql-finder.ts';
import { commitStockOf, lockStockOf } from './stock.ts';

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/**
 * The catalogue as the routes and other modules use it, put together from its parts, each with one job:
 * - listings and the header search (listing.service.ts), whose products are found by the catalogue index or by SQL
 *   (product-finder.ts);
 * - products asked for by item # (products-by-code.ts), shown as product-views.ts shows them;
 * - an account's pricing (pricing.service.ts) and the stock per warehouse (stock.ts);
 * - collections, settings and warehouses (catalogue-content.ts).
 * The back office's catalogue and the CSV import and export are catalogue-admin.service.ts.
 */
export function createCatalogueService(deps: {
  db: Db;
  config: Config;
  /**
   * The auth module's SQL that reads a buyer's session: a signed-in listing reads it in its page's own statement
   * (docs/decisions/018).
   */
  sessionColumns: SessionColumns;
  /** Told when the catalogue index cannot be built (listings are then answered with SQL). */
  onIndexError?: (err: unknown) => void;
}) {
  const { db, config } = deps;
  const views = productViews(config);
  const pricing = createCataloguePricing({ db, config });
  const index = createIndexFinder({
    db,
    config,
    sessionColumns: deps.sessionColumns,
    onError: deps.onIndexError,
  });
  const sql = createSqlFinder({ db, config, pricingOf: pricing.pricingOf });
  return {
    imageOf: views.imageOf,
    toPublic: views.toPublic,
    ...createCatalogueListing({ db, config, index, sql, views }),
    listingPricing: pricing.listingPricing,
    accountDiscounts: pricing.accountDiscounts,
    discountLabels: pricing.discountLabels,
    ...createCatalogueContent({ db, config }),
    ...createProductsByCode({ db, views }),
    /** A collection's mouldings by item #, for a corner-sample set. */
    collectionMouldings: (collectionId: number, max: number) => collectionMouldings(db, collectionId, max),
    /** The stock rows' lock for order placement, a CTE of its statement (stock.ts). */
    lockStockOf,
    /** The statement that commits shipped quantities per warehouse, a CTE of the order's insert. */
    commitStockOf,
  };
}
