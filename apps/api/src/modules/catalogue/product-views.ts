import type { AccountProduct, ProductPrices, PublicProduct, SessionAccount } from '@mitrebox/api-contract';
import {
  formatInches,
  isStockedAt,
  type PricingAccount,
  type UnitNetPrice,
  unitNetPrice,
} from '@mitrebox/domain';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../platform/db.ts';
import type { ProductOwnFields, ProductPerRequest } from './listing-json.ts';
import type { Kept } from './product-finder.ts';
import type { ProductRow, StockJson } from './product-rows.ts';
import { stockLists } from './stock.ts';

/**
 * A product as the shop shows it: to anyone (no price, no stock by warehouse), and to an account (list prices,
 * stock, and its net price of a unit). A product's own fields are the same for every account and request; what the
 * account and the request add is written apart (listing-json.ts keeps the first as text).
 */

const num = (v: string | null) => (v === null ? null : Number(v));

type PriceFields = Pick<
  ProductRow,
  | 'length'
  | 'chop'
  | 'joinAmt'
  | 'length2'
  | 'hardware'
  | 'glass1'
  | 'glass2'
  | 'glass3'
  | 'glass4'
  | 'mat1'
  | 'mat2'
  | 'mat3'
  | 'mat4'
  | 'mat5'
  | 'readymade'
>;

/** A product's list prices in the API's field names, from its stored price columns (product-rows.ts priceColumns). */
export function productPrices(row: PriceFields): ProductPrices {
  return {
    Length: row.length,
    Chop: row.chop,
    JoinAmt: row.joinAmt,
    Length2: row.length2,
    Hardware: row.hardware,
    Glass1: row.glass1,
    Glass2: row.glass2,
    Glass3: row.glass3,
    Glass4: row.glass4,
    Mat1: row.mat1,
    Mat2: row.mat2,
    Mat3: row.mat3,
    Mat4: row.mat4,
    Mat5: row.mat5,
    Readymade: row.readymade,
  };
}

export type ProductViews = ReturnType<typeof productViews>;

export function productViews(config: Config) {
  const imageBase = config.IMAGE_BASE_URL.replace(/\/$/, '');

  function imageOf(row: { frameType: string; code: string; manufCode: string | null }): string {
    if (row.frameType === 'MATS')
      return `${imageBase}/mats/${encodeURIComponent(row.manufCode ?? row.code)}.jpg`;
    return `${imageBase}/frames/${encodeURIComponent(row.code)}.jpg`;
  }

  function toPublic(row: ProductRow): PublicProduct {
    return {
      Code: row.code,
      Description: row.description,
      display_name: row.displayName,
      FrameType: row.frameType,
      type: row.type,
      category: row.category,
      Width: num(row.width),
      width_display: formatInches(row.width),
      Height: num(row.height),
      rabbet: num(row.rabbet),
      rabbet_display: formatInches(row.rabbet),
      ManufCode: row.manufCode,
      fiLoc: row.fiLoc,
      collection_id: row.collectionId,
      collection_name: row.collectionName,
      finish_name: row.finishName,
      style_name: row.styleName,
      color_family: row.colorFamily,
      profile_type: row.profileType,
      box_qty: row.boxQty,
      image: imageOf(row),
    };
  }

  /** A product's own fields: the same for every account and request at one version of its row. */
  function ownFields(row: ProductRow): ProductOwnFields {
    return {
      ...toPublic(row),
      ...productPrices(row),
      Vendor: row.vendor,
      FrameLine: row.frameLine,
      bypass: row.bypass,
      box_nodiscount: row.boxNoDiscount,
      join_fee: row.joinFee,
      join_os_fee: row.joinOsFee,
    };
  }

  /** What the account and this request add to a product: its stock, what is available here, its net price. */
  function perRequest(
    row: ProductRow,
    stock: AccountProduct['stock'],
    account: SessionAccount,
    pricing?: PricingAccount,
    netPrices?: Kept<UnitNetPrice>,
    own?: ProductOwnFields,
  ): ProductPerRequest {
    const here = stock.find((s) => s.Loc === account.Location)?.available ?? 0;
    const shaped = { stock, available_here: here, stocked_here: isStockedAt(row.frameType, here) };
    if (!pricing) return shaped;
    let net = netPrices?.get(row.code);
    if (!net) {
      net = unitNetPrice({ ...(own ?? ownFields(row)), ...shaped }, pricing, account.Location);
      netPrices?.set(row.code, net);
    }
    return { ...shaped, net_price: net };
  }

  /**
   * Products as the account sees them; with `pricing`, each carries the account's net price of a unit (taken from
   * `netPrices` when worked out before for the same row, pricing and warehouse, and kept there). Stock comes from
   * `stockByCode`, else from the rows (read with it), else from the database.
   */
  async function toAccount(
    rows: ProductRow[],
    account: SessionAccount,
    q: Queryable,
    pricing?: PricingAccount,
    opts: { stockByCode?: Map<string, StockJson[]>; netPrices?: Kept<UnitNetPrice> } = {},
  ): Promise<AccountProduct[]> {
    const lists = await stockLists(rows, q, opts.stockByCode);
    return rows.map((row) => {
      const own = ownFields(row);
      return { ...own, ...perRequest(row, lists.get(row.code) ?? [], account, pricing, opts.netPrices, own) };
    });
  }

  return { imageOf, toPublic, ownFields, perRequest, toAccount };
}
