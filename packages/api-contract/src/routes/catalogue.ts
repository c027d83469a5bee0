import { z } from 'zod';
import { LocationQtyQuery, LocationQtyResponse } from '../cart.ts';
import {
  AccountProductDetailsResponse,
  AccountProductsResponse,
  CollectionsQuery,
  CollectionsResponse,
  LocationsResponse,
  ProductDetailsQuery,
  ProductFiltersQuery,
  ProductFiltersResponse,
  ProductsQuery,
  PublicProductDetailsResponse,
  PublicProductsResponse,
  SettingsResponse,
  SiteResponse,
} from '../catalogue.ts';
import { ErrorBody } from '../common.ts';
import { defineRoute } from '../route.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const tags = ['Catalogue'];

/** The filter groups: the same answer for anyone (`/api/Shop/…`) and for a signed-in buyer. */
const filterGroups = {
  tags,
  summary: 'Filter groups with counts under the other active filters',
  query: ProductFiltersQuery,
  response: { 200: ProductFiltersResponse, ...errors },
} as const;

/**
 * The shop's catalogue: the listings and the header search (anyone's, and with the account's prices and stock),
 * their filter groups, collections, settings, warehouses, the shop's facts, and one product's stock and details.
 */
export const catalogueContract = {
  publicProducts: defineRoute({
    method: 'GET',
    path: '/api/Shop/Products',
    tags,
    summary: 'Products for anyone (no prices, no stock by location)',
    query: ProductsQuery,
    response: { 200: PublicProductsResponse, ...errors },
  }),
  accountProducts: defineRoute({
    method: 'GET',
    right: 'prices',
    path: '/api/Products',
    tags,
    summary: "Products with the account's prices and stock per warehouse",
    query: ProductsQuery,
    response: { 200: AccountProductsResponse, ...errors },
  }),
  publicFilters: defineRoute({ method: 'GET', path: '/api/Shop/ProductFilters', ...filterGroups }),
  accountFilters: defineRoute({ method: 'GET', path: '/api/ProductFilters', ...filterGroups }),
  collections: defineRoute({
    method: 'GET',
    path: '/api/Shop/Collections',
    tags,
    summary: 'Collections (sortable by name or id)',
    query: CollectionsQuery,
    response: { 200: CollectionsResponse, ...errors },
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/api/settings',
    tags,
    summary: 'Named settings (data is a JSON string)',
    response: { 200: SettingsResponse },
  }),
  locations: defineRoute({
    method: 'GET',
    path: '/api/locations',
    tags,
    summary: 'The four warehouses',
    response: { 200: LocationsResponse },
  }),
  site: defineRoute({
    method: 'GET',
    path: '/api/site',
    tags,
    summary: 'Public facts of the shop for the screens',
    response: { 200: SiteResponse },
  }),
  locationQty: defineRoute({
    method: 'GET',
    right: 'prices',
    path: '/api/getLocationQty',
    tags,
    summary: 'Stock of a product in every warehouse (signed-in only)',
    query: LocationQtyQuery,
    response: { 200: LocationQtyResponse, ...errors },
  }),
  productDetails: defineRoute({
    method: 'GET',
    path: '/api/getProductDetailsByCode',
    tags,
    summary: "One product: public fields, or with the account's prices, stock and discounts when signed in",
    query: ProductDetailsQuery,
    response: {
      200: z.union([AccountProductDetailsResponse, PublicProductDetailsResponse]),
      ...errors,
    },
  }),
};
