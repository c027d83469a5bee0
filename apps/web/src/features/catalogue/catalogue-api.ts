import type {
  AccountProduct,
  AccountProductsResponse,
  ProductFiltersResponse,
  PublicProduct,
  PublicProductsResponse,
} from '@mitrebox/api-contract';
import { SHOP_PAGE_SIZE } from '@mitrebox/domain';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { useSession } from '../../lib/session.ts';
import type { CatalogueQuery } from './shop-filters.ts';

export {
  fetchCollections,
  fetchRecentPurchases,
  recentPurchasesQuery,
  useCollections,
  useRecentPurchases,
} from '../../lib/shared-queries.ts';

import { sharedKeys } from '../../lib/shared-queries.ts';

/**
 * The catalogue calls of storefront §7 and their query hooks. Anonymous visitors use the /api/Shop/… calls
 * (no prices, no stock by location) and send no token; signed-in customers use the account calls.
 */

/** A product as the shop lists it: public fields, plus prices and stock when signed in. */
export type ShopProduct = PublicProduct | AccountProduct;
export type ProductsPage = PublicProductsResponse | AccountProductsResponse;

export function isAccountProduct(p: ShopProduct | null | undefined): p is AccountProduct {
  return Boolean(p && 'stock' in p && Array.isArray((p as AccountProduct).stock));
}

const authFor = (signedIn: boolean) => (signedIn ? 'session' : 'none') as 'session' | 'none';

export const catalogueKeys = {
  all: ['catalogue'] as const,
  products: (signedIn: boolean, query: CatalogueQuery, pageSize: number) =>
    ['catalogue', 'products', signedIn, query, pageSize] as const,
  filters: (signedIn: boolean, query: CatalogueQuery) => ['catalogue', 'filters', signedIn, query] as const,
  collections: sharedKeys.collections,
  recentPurchases: sharedKeys.recentPurchases,
  details: (signedIn: boolean, code: string) => ['catalogue', 'details', signedIn, code] as const,
};

/** GET /api/Products (signed in: the account's prices and stock) or /api/Shop/Products (anyone). */
export function fetchProductsPage(
  query: CatalogueQuery,
  page: number,
  options: { signedIn: boolean; pageSize?: number; signal?: AbortSignal },
): Promise<ProductsPage> {
  const input = {
    query: { ...query, page, items_per_page: options.pageSize ?? SHOP_PAGE_SIZE },
    auth: authFor(options.signedIn),
    signal: options.signal,
  };
  return options.signedIn ? call('GET /api/Products', input) : call('GET /api/Shop/Products', input);
}

export function fetchProductFilters(
  query: CatalogueQuery,
  options: { signedIn: boolean; signal?: AbortSignal },
): Promise<ProductFiltersResponse> {
  const { frame_creator_active: _fb, sort: _sort, dir: _dir, ...rest } = query;
  const input = { query: rest, auth: authFor(options.signedIn), signal: options.signal };
  return options.signedIn
    ? call('GET /api/ProductFilters', input)
    : call('GET /api/Shop/ProductFilters', input);
}

/** GET /api/getProductDetailsByCode: the product, or null when there is none with this code. */
export async function fetchProductDetails(
  code: string,
  options: { signedIn: boolean; signal?: AbortSignal },
): Promise<ShopProduct | null> {
  try {
    const answer = await call('GET /api/getProductDetailsByCode', {
      query: { Code: code },
      auth: authFor(options.signedIn),
      signal: options.signal,
    });
    const products = answer.products ?? {};
    return products[code] ?? Object.values(products)[0] ?? null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The shop's listing: 50 a page, each next page appended (MORE and infinite scroll). */
export const shopProductsQuery = (signedIn: boolean, query: CatalogueQuery, pageSize = SHOP_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.products(signedIn, query, pageSize),
    queryFn: ({ pageParam, signal }) => fetchProductsPage(query, pageParam, { signedIn, pageSize, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.next_page_url && last.current_page < last.last_page ? last.current_page + 1 : undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useShopProducts(query: CatalogueQuery, pageSize = SHOP_PAGE_SIZE) {
  const { signedIn } = useSession();
  return useInfiniteQuery(shopProductsQuery(signedIn, query, pageSize));
}

/** Filter groups with their counts under the other active filters (the order of the results changes none). */
export const productFiltersQuery = (signedIn: boolean, withSort: CatalogueQuery) => {
  const { sort: _sort, dir: _dir, ...query } = withSort;
  return queryOptions({
    queryKey: catalogueKeys.filters(signedIn, query),
    queryFn: ({ signal }) => fetchProductFilters(query, { signedIn, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};

export function useProductFilters(withSort: CatalogueQuery) {
  const { signedIn } = useSession();
  return useQuery(productFiltersQuery(signedIn, withSort));
}

/** One product by code; `initial` (the card's own data) shows at once while the details load. */
export const productDetailsQuery = (signedIn: boolean, code: string) =>
  queryOptions({
    queryKey: catalogueKeys.details(signedIn, code),
    queryFn: ({ signal }) => fetchProductDetails(code, { signedIn, signal }),
    staleTime: 30_000,
  });

export function useProductDetails(code: string | null, initial?: ShopProduct | null) {
  const { signedIn } = useSession();
  return useQuery({
    ...productDetailsQuery(signedIn, code ?? ''),
    enabled: Boolean(code),
    placeholderData: initial && initial.Code === code ? initial : undefined,
  });
}

/** A simple search list (/productSearch): the first page of a name / item # search. */
export function useProductSearch(text: string, pageSize = SHOP_PAGE_SIZE) {
  const query: CatalogueQuery = { TopSearch: text };
  const { signedIn } = useSession();
  return useInfiniteQuery({
    queryKey: catalogueKeys.products(signedIn, query, pageSize),
    queryFn: ({ pageParam, signal }) => fetchProductsPage(query, pageParam, { signedIn, pageSize, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.next_page_url && last.current_page < last.last_page ? last.current_page + 1 : undefined,
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
