import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db.ts';
import {
  accounts,
  batchPayments,
  billingMethods,
  careers,
  collections,
  colorFamilies,
  dealers,
  deliveryRoutes,
  discountLevels,
  discounts,
  documents,
  locations,
  orderItems,
  orders,
  paymentBatches,
  paymentStatuses,
  payments,
  productStock,
  products,
  productTypes,
  profileTypes,
  sandboxTokens,
  settings,
  shippingHolidays,
  users,
  warehouseSchedules,
} from '../schema.ts';
import { seedDemoAccounts } from './accounts.ts';
import { bulkInsert, syncSerial } from './bulk.ts';
import { COLLECTIONS } from './collections.ts';
import { buildCareers, buildDocuments, buildSettings } from './content.ts';
import { buildDealers } from './dealers.ts';
import { buildDiscounts } from './discounts.ts';
import { generateHistory, type HistoryDocuments } from './history.ts';
import { generateCatalogue } from './products.ts';
import {
  COLOR_FAMILY_ROWS,
  DISCOUNT_LEVEL_ROWS,
  LOCATION_ROWS,
  PAYMENT_STATUS_ROWS,
  PRODUCT_TYPE_ROWS,
  PROFILE_TYPE_ROWS,
} from './reference.ts';
import { DEMO_DELIVERY_ROUTES, DEMO_SHIPPING_HOLIDAYS, DEMO_WAREHOUSE_SCHEDULES } from './shipping.ts';

export {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_STAFF,
  DEMO_STAFF_TOTP_SECRET,
  DEMO_TOTP_SECRET,
} from './accounts.ts';
export { bulkInsert, truncateAll } from './bulk.ts';
export { COLLECTIONS } from './collections.ts';
export { POPULAR_COLLECTION_IDS } from './content.ts';
export { FIRST_HISTORIC_INVOICE, FIRST_HISTORIC_ORDER, type HistoryDocuments } from './history.ts';
export { generateCatalogue, SEED_FIXTURES } from './products.ts';
export { LOCATION_ROWS, PRODUCT_TYPE, PRODUCT_TYPE_ROWS } from './reference.ts';

export interface SeedOptions {
  /** How many products to generate (mouldings, mats, glass, hardware, fillets together). */
  products: number;
  log?: (message: string) => void;
  /** The day the history is relative to (default: now). Catalogue data does not depend on it. */
  now?: Date;
  /**
   * Applies the ERP's documents of the history (orders taken, invoices, payment lines, credits) through the
   * ERP import, in the seed's transaction, and throws when a document has an error. The shop assembles it
   * (../demo-seed.ts): the generator writes tables and does not reach into the server's modules.
   */
  importHistory: (tx: Tx, documents: HistoryDocuments) => Promise<void>;
}

export async function databaseIsEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  return Number(row?.n ?? 0) === 0;
}

/**
 * Fills an empty database with the deterministic demo data, in one transaction: accounts first, then the
 * reference tables, the catalogue with stock, discounts, settings, history, dealers, careers and documents.
 * The same `products` count always gives the same catalogue (and product i is the same at every size).
 */
export async function seedDemoData(db: Db, opts: SeedOptions): Promise<void> {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? new Date();
  const started = performance.now();
  const lap = (what: string) => log(`${what} (${Math.round(performance.now() - started)} ms)`);

  await db.transaction(async (tx) => {
    await seedDemoAccounts(tx as unknown as Db);
    lap('demo accounts ready');

    await bulkInsert(tx, locations, [...LOCATION_ROWS]);
    await bulkInsert(tx, productTypes, PRODUCT_TYPE_ROWS);
    await bulkInsert(tx, colorFamilies, COLOR_FAMILY_ROWS);
    await bulkInsert(tx, profileTypes, PROFILE_TYPE_ROWS);
    await bulkInsert(tx, discountLevels, DISCOUNT_LEVEL_ROWS);
    await bulkInsert(tx, paymentStatuses, PAYMENT_STATUS_ROWS);
    await bulkInsert(
      tx,
      collections,
      COLLECTIONS.map((c) => ({ id: c.id, name: c.name, value: c.value, description: c.description })),
    );

    const catalogue = generateCatalogue(opts.products);
    await bulkInsert(tx, products, catalogue.products, 2000);
    await bulkInsert(tx, productStock, catalogue.stock, 5000);
    lap(`${catalogue.products.length} products with stock in 4 warehouses`);

    const discountRows = buildDiscounts();
    await bulkInsert(tx, discounts, discountRows);
    await bulkInsert(tx, settings, buildSettings());

    const userRows = await tx.select({ id: users.id, username: users.username }).from(users);
    const history = generateHistory({
      products: catalogue.products,
      discounts: discountRows,
      userIds: new Map(userRows.map((u) => [u.username, u.id])),
      now,
    });
    // what the shop records itself: the orders as placed and the card payments taken with the gateway
    await bulkInsert(tx, orders, history.orders);
    await bulkInsert(tx, orderItems, history.orderItems);
    await bulkInsert(tx, payments, history.payments);
    await bulkInsert(tx, billingMethods, history.billingMethods);
    // the demo cards are vaulted in the sandbox gateway, so they pay (10001: Visa and Mastercard; 10005: Amex)
    await bulkInsert(
      tx,
      sandboxTokens,
      history.billingMethods.map((b) => ({
        token: b.gatewayToken,
        kind: 'vault',
        customerId: b.acctnum,
        lastFour: b.lastFour,
        cardType: b.type,
        expmonth: b.expmonth,
        expyear: b.expyear,
        outcome: 'approve',
      })),
    );
    await bulkInsert(tx, paymentBatches, history.paymentBatches);
    await bulkInsert(tx, batchPayments, history.batchPayments);
    lap(`${history.orders.length} orders`);
    // what the ERP is the record of, through the ERP import
    const erp = history.erp;
    await opts.importHistory(tx, erp);
    lap(
      `ERP import: ${erp.synced.length} orders taken, ${erp.invoices.length} invoices, ${erp.payments.length} payment lines, ${erp.credits.length} credits`,
    );

    await bulkInsert(tx, dealers, buildDealers());
    // when the warehouses ship: cut-offs, holidays and truck routes
    await bulkInsert(tx, warehouseSchedules, DEMO_WAREHOUSE_SCHEDULES);
    await bulkInsert(tx, shippingHolidays, DEMO_SHIPPING_HOLIDAYS);
    await bulkInsert(tx, deliveryRoutes, DEMO_DELIVERY_ROUTES);
    await bulkInsert(tx, careers, buildCareers(now));
    // bytea content goes through Drizzle's own parameter binding
    await tx.insert(documents).values(await buildDocuments(now));
    for (const t of [
      'payments',
      'billing_methods',
      'payment_batches',
      'batch_payments',
      'careers',
      'documents',
    ]) {
      await syncSerial(tx, t);
    }
  });
  // the catalogue's listing pages are index-only walks: they need the new rows in the visibility map (PGlite has
  // no autovacuum) and the planner their statistics
  await db.execute(sql`vacuum analyze products, product_stock`);
  lap('demo data ready');
}
