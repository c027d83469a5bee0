import { z } from 'zod';
import { ErrorBody } from '../common.ts';
import { defineRoute } from '../route.ts';
import {
  ImportQuery,
  ImportReport,
  ProductCodeParams,
  StaffCollectionPage,
  StaffCollectionsQuery,
  StaffProductPage,
  StaffProductResponse,
  StaffProductsQuery,
  StaffProductUpdate,
} from '../staff-catalogue.ts';
import { StaffSetting, StaffSettingList, StaffSettingParams, StaffSettingUpdate } from '../staff-content.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['Staff: catalogue'];

/**
 * The back office's catalogue (staff only): products with every price column and stock per location,
 * collections, the CSV import and export (docs/decisions/015), and the shop's settings and rich-text pages.
 */
export const staffCatalogueContract = {
  products: defineRoute({
    method: 'GET',
    path: '/api/staff/products',
    tags,
    summary: 'Products with every price column and stock per location (server-paged, sorted, searched)',
    query: StaffProductsQuery,
    response: { 200: StaffProductPage, ...errors },
  }),
  product: defineRoute({
    method: 'GET',
    path: '/api/staff/products/:code',
    tags,
    summary: 'One product',
    params: ProductCodeParams,
    response: { 200: StaffProductResponse, ...errors },
  }),
  updateProduct: defineRoute({
    method: 'PUT',
    path: '/api/staff/products/:code',
    tags,
    summary: 'Change a product: names, active, collection, prices, stock per location (audited)',
    params: ProductCodeParams,
    body: StaffProductUpdate,
    response: { 200: StaffProductResponse, 422: ErrorBody, ...errors },
  }),
  collections: defineRoute({
    method: 'GET',
    path: '/api/staff/collections',
    tags,
    summary: 'Collections with their number of products (server-paged, sorted, searched)',
    query: StaffCollectionsQuery,
    response: { 200: StaffCollectionPage, ...errors },
  }),
  /** The body is the CSV file itself (text/csv); a file with errors is answered 422 with the same report. */
  importProducts: defineRoute({
    method: 'POST',
    path: '/api/staff/products/import',
    tags,
    summary:
      'Import products, prices and stock from CSV (body text/csv; format in docs/decisions/015). All rows or none; dry_run=1 checks only. 422 with the errors by row and column.',
    query: ImportQuery,
    body: z.string().describe('the CSV file'),
    response: { 200: ImportReport, 422: ImportReport, 413: ErrorBody, 415: ErrorBody, ...errors },
  }),
  /** The answer is the CSV file (text/csv): no answer schema. */
  exportProducts: defineRoute({
    method: 'GET',
    path: '/api/staff/products/export',
    tags,
    summary: 'Every product as CSV, in the import format (formula-like cells escaped)',
    response: { 401: ErrorBody, 403: ErrorBody },
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/api/staff/settings',
    tags: ['Staff: settings'],
    summary: 'The editable settings: rich-text pages (HTML) and JSON lists',
    response: { 200: StaffSettingList, ...errors },
  }),
  updateSetting: defineRoute({
    method: 'PUT',
    path: '/api/staff/settings/:name',
    tags: ['Staff: settings'],
    summary: 'Change a setting: a page’s HTML (sanitised on the server) or a JSON list (checked)',
    params: StaffSettingParams,
    body: StaffSettingUpdate,
    response: { 200: StaffSetting, ...errors },
  }),
};
