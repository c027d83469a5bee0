import type { AccountProduct, SessionAccount } from '@mitrebox/api-contract';
import type { PricingAccount } from '@mitrebox/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import type { AccountFacts } from '../accounts/accounts.service.ts';
import { pricedProducts } from './priced-products.ts';
import { toDiscount } from './pricing.service.ts';
import { findProductsByCodes } from './product-rows.ts';
import type { ProductViews } from './product-views.ts';

export type ProductsByCode = ReturnType<typeof createProductsByCode>;

/** Products asked for by item #: the product page, the cart, order placement, Buy Again and other modules. */
export function createProductsByCode(deps: { db: Db; views: ProductViews }) {
  const { db } = deps;
  const { imageOf, toPublic, toAccount } = deps.views;

  /**
   * Products by code with their stock, as the account sees them, and the account's prices and row — one round
   * trip (pricedProducts). `withNetPrice` adds each product's net price of a unit.
   */
  async function forAccount(
    codes: string[],
    account: SessionAccount,
    q: Queryable = db,
    withNetPrice = false,
  ): Promise<{ products: AccountProduct[]; pricing: PricingAccount; account: AccountFacts | undefined }> {
    const found = await pricedProducts(q, codes, account.Acctnum);
    const pricing: PricingAccount = {
      glassCode: found.account?.gDisc ?? null,
      matCode: found.account?.bDisc ?? null,
      discounts: found.discounts.map(toDiscount),
    };
    const products = await toAccount(found.rows, account, q, withNetPrice ? pricing : undefined);
    return { products, pricing, account: found.account };
  }

  return {
    /** Products with prices and stock for the account, by code (cart and order placement). */
    async accountProductsByCodes(codes: string[], account: SessionAccount, q: Queryable = db) {
      return toAccount(await findProductsByCodes(q, codes), account, q);
    },

    /** Products by code with stock and the account's net price of a unit (Buy Again, the signed-in home). */
    async pricedByCodes(codes: string[], account: SessionAccount) {
      if (codes.length === 0) return [];
      return (await forAccount(codes, account, db, true)).products;
    },

    /**
     * Products by code with their stock as the account sees them, with the account's prices (as packages/domain
     * prices with) and the facts of its row the order copies: one round trip (cart and order placement).
     */
    forAccount,

    /** Stock of one product in every warehouse, and the account's own (GET /api/getLocationQty). */
    async locationQty(code: string, account: SessionAccount) {
      const [product] = (await forAccount([code], account)).products;
      if (!product) return undefined;
      const LocationQty = Object.fromEntries(product.stock.map((s) => [s.Loc, s]));
      const own = product.stock.find((s) => s.Loc === account.Location);
      return { LocationQty, AccountLocs: { Location: account.Location ?? '', Name: own?.Name ?? '' } };
    },

    /** Public facts of products by code, for other modules (recent purchases, cart). */
    async publicByCodes(codes: string[]) {
      return (await findProductsByCodes(db, codes)).map(toPublic);
    },

    /** The picture of a product by its code (the product page's largest picture), or none for an unknown code. */
    async imageOfCode(code: string): Promise<string | undefined> {
      const [row] = await findProductsByCodes(db, [code]);
      return row ? imageOf(row) : undefined;
    },

    /** GET /api/getProductDetailsByCode: public fields for anyone; prices, stock and discounts when signed in. */
    async details(code: string, account: SessionAccount | undefined) {
      if (!account) {
        const [row] = await findProductsByCodes(db, [code]);
        return row ? { products: { [row.code]: toPublic(row) }, discounts: [] } : undefined;
      }
      // the product, its stock and the account's prices in one round trip
      const { products: found, pricing } = await forAccount([code], account, db, true);
      const shaped = found[0];
      if (!shaped) return undefined;
      // the entries that can price this product: its vendor's, its FrameLine's and the general ones
      const keys = ['', shaped.Vendor, shaped.FrameLine].filter((k) => k !== null);
      const discounts = pricing.discounts.filter((d) => keys.includes(d.Vendor));
      return { products: { [shaped.Code]: shaped }, discounts };
    },
  };
}
