import { z } from 'zod';
import { ErrorBody } from '../common.ts';
import {
  ErpCreditFile,
  ErpDryRunQuery,
  ErpInvoiceFile,
  ErpKey,
  ErpKeyCreated,
  ErpKeyIdParams,
  ErpKeyInput,
  ErpKeyList,
  ErpOrderList,
  ErpOrdersQuery,
  ErpPaymentFile,
  type ErpScope,
  ErpSyncedInput,
  ErpSyncedResponse,
} from '../erp.ts';
import { defineRoute } from '../route.ts';
import { ImportReport } from '../staff-catalogue.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const keyTags = ['Staff: ERP keys'];
const tags = ['ERP'];

/** A JSON file of the ERP (`{invoices}`, `{payments}` or `{credits}`), imported all or none. */
const jsonImport = <P extends string, B extends z.ZodType>(
  path: P,
  scope: ErpScope,
  summary: string,
  body: B,
) =>
  defineRoute({
    method: 'POST',
    path,
    tags,
    summary: `${summary} (scope ${scope}). All rows or none; 422 names the rows. dry_run=1 checks only.`,
    query: ErpDryRunQuery,
    body,
    response: { 200: ImportReport, 422: ImportReport, ...errors },
  });

/** A CSV file of the product format with only the code and the ERP's own columns (stock or prices). */
const csvImport = <P extends string>(path: P, scope: ErpScope, columns: string, summary: string) =>
  defineRoute({
    method: 'POST',
    path,
    tags,
    summary: `${summary} (scope ${scope}; body text/csv, the product file's code and ${columns} columns). All rows or none.`,
    query: ErpDryRunQuery,
    body: z.string().describe('the CSV file'),
    response: { 200: ImportReport, 422: ImportReport, 413: ErrorBody, 415: ErrorBody, ...errors },
  });

/**
 * The ERP connection (docs/decisions/015): its API keys in the back office (admins), and the exchanges the ERP
 * makes with a key — new orders out; invoices, payments, credits, stock and prices in.
 */
export const erpContract = {
  listKeys: defineRoute({
    method: 'GET',
    path: '/api/staff/erp-keys',
    tags: keyTags,
    summary: 'The ERP API keys (never the keys themselves)',
    response: { 200: ErpKeyList, ...errors },
  }),
  createKey: defineRoute({
    method: 'POST',
    path: '/api/staff/erp-keys',
    tags: keyTags,
    summary: 'Make an ERP API key with scopes (admin); the key is in this answer only',
    body: ErpKeyInput,
    response: { 200: ErpKeyCreated, ...errors },
  }),
  revokeKey: defineRoute({
    method: 'DELETE',
    path: '/api/staff/erp-keys/:id',
    tags: keyTags,
    summary: 'Revoke an ERP API key (admin)',
    params: ErpKeyIdParams,
    response: { 200: z.object({ data: ErpKey }), 404: ErrorBody, ...errors },
  }),

  newOrders: defineRoute({
    method: 'GET',
    path: '/api/erp/orders',
    tags,
    summary: 'New orders (not yet taken by the ERP), oldest first, with items (scope orders:read)',
    query: ErpOrdersQuery,
    response: { 200: ErpOrderList, ...errors },
  }),
  markSynced: defineRoute({
    method: 'POST',
    path: '/api/erp/orders/synced',
    tags,
    summary: 'Mark orders as taken by the ERP (scope orders:read); marking twice changes nothing',
    body: ErpSyncedInput,
    response: { 200: ErpSyncedResponse, ...errors },
  }),
  importInvoices: jsonImport(
    '/api/erp/invoices',
    'invoices:write',
    'Import invoices with items and shipped quantities',
    ErpInvoiceFile,
  ),
  importPayments: jsonImport(
    '/api/erp/payments',
    'payments:write',
    'Import payments of invoices',
    ErpPaymentFile,
  ),
  importCredits: jsonImport(
    '/api/erp/credits',
    'payments:write',
    'Import open credits of accounts',
    ErpCreditFile,
  ),
  importStock: csvImport(
    '/api/erp/stock',
    'stock:write',
    'stock_<location>',
    'Import stock on hand per location',
  ),
  importPrices: csvImport('/api/erp/prices', 'prices:write', 'price', 'Import prices'),
};
