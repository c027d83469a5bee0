import {
  ErpCreditFile,
  ErpDryRunQuery,
  ErpInvoiceFile,
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
  ErrorBody,
  ImportReport,
} from '@mitrebox/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, unauthorized } from '../../platform/errors.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { bearerToken, type Guards } from '../auth/auth.guard.ts';
import {
  csvErrorHandler,
  MAX_CSV_BYTES,
  registerCsvBody,
  staffActor,
} from '../catalogue/catalogue-admin.routes.ts';
import type { CatalogueAdminService } from '../catalogue/catalogue-admin.service.ts';
import type { ErpPrincipal, ErpService } from './erp.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    erp?: ErpPrincipal;
  }
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const erpSecurity = [{ erpKey: [] }];
const staffSecurity = [{ bearer: [] }];
const NEED_KEY = 'An ERP API key is required (Authorization: Bearer mbx_…).';
const MAX_JSON_BYTES = 32 * 1024 * 1024;

const erpActor = (request: FastifyRequest): AuditActor => ({
  kind: 'erp',
  id: request.erp?.id,
  name: request.erp?.name ?? 'erp',
  requestId: request.id,
});

export const erpRoutes =
  (deps: { erp: ErpService; catalogueAdmin: CatalogueAdminService }, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    const { erp, catalogueAdmin } = deps;
    registerCsvBody(app);

    /** A valid, unrevoked key (401) that carries the scope (403). */
    const requireScope = (scope: ErpScope) => async (request: FastifyRequest, _reply: FastifyReply) => {
      const token = bearerToken(request);
      const principal = token ? await erp.authenticate(token) : undefined;
      if (!principal) throw unauthorized(NEED_KEY);
      if (!principal.scopes.includes(scope)) throw forbidden(`This key does not have the scope ${scope}.`);
      request.erp = principal;
    };
    /** The keys' section of the back office (admins only, by the role matrix), signed in before the body is read. */
    const staff = { onRequest: guards.requireStaff };

    // ---- keys (staff)
    app.get(
      '/api/staff/erp-keys',
      {
        ...staff,
        schema: {
          tags: ['Staff: ERP keys'],
          summary: 'The ERP API keys (never the keys themselves)',
          security: staffSecurity,
          response: { 200: ErpKeyList, ...errors },
        },
      },
      async () => ({ data: await erp.listKeys() }),
    );
    app.post(
      '/api/staff/erp-keys',
      {
        ...staff,
        schema: {
          tags: ['Staff: ERP keys'],
          summary: 'Make an ERP API key with scopes (admin); the key is in this answer only',
          security: staffSecurity,
          body: ErpKeyInput,
          response: { 200: ErpKeyCreated, ...errors },
        },
      },
      async (request) => erp.createKey(request.body, staffActor(request)),
    );
    app.delete(
      '/api/staff/erp-keys/:id',
      {
        ...staff,
        schema: {
          tags: ['Staff: ERP keys'],
          summary: 'Revoke an ERP API key (admin)',
          security: staffSecurity,
          params: ErpKeyIdParams,
          response: { 200: z.object({ data: ErpKeyList.shape.data.element }), 404: ErrorBody, ...errors },
        },
      },
      async (request) => ({ data: await erp.revokeKey(request.params.id, staffActor(request)) }),
    );

    // ---- the ERP (API key)
    app.get(
      '/api/erp/orders',
      {
        onRequest: requireScope('orders:read'),
        schema: {
          tags: ['ERP'],
          summary: 'New orders (not yet taken by the ERP), oldest first, with items (scope orders:read)',
          security: erpSecurity,
          querystring: ErpOrdersQuery,
          response: { 200: ErpOrderList, ...errors },
        },
      },
      async (request) => ({ data: await erp.newOrders(request.query.limit) }),
    );
    app.post(
      '/api/erp/orders/synced',
      {
        onRequest: requireScope('orders:read'),
        schema: {
          tags: ['ERP'],
          summary: 'Mark orders as taken by the ERP (scope orders:read); marking twice changes nothing',
          security: erpSecurity,
          body: ErpSyncedInput,
          response: { 200: ErpSyncedResponse, ...errors },
        },
      },
      async (request) => erp.markSynced(request.body.ordnums, erpActor(request)),
    );

    const jsonImport = (
      url: string,
      scope: ErpScope,
      summary: string,
      body: typeof ErpInvoiceFile | typeof ErpPaymentFile | typeof ErpCreditFile,
      run: (
        rows: unknown[],
        request: FastifyRequest & { query: { dry_run: boolean } },
      ) => Promise<ImportReport>,
    ) =>
      app.post(
        url,
        {
          onRequest: requireScope(scope),
          bodyLimit: MAX_JSON_BYTES,
          schema: {
            tags: ['ERP'],
            summary: `${summary} (scope ${scope}). All rows or none; 422 names the rows. dry_run=1 checks only.`,
            security: erpSecurity,
            querystring: ErpDryRunQuery,
            body,
            response: { 200: ImportReport, 422: ImportReport, ...errors },
          },
        },
        async (request, reply) => {
          const rows = Object.values(request.body as Record<string, unknown[]>)[0];
          const report = await run(rows, request as never);
          return reply.code(report.error_count > 0 ? 422 : 200).send(report);
        },
      );
    jsonImport(
      '/api/erp/invoices',
      'invoices:write',
      'Import invoices with items and shipped quantities',
      ErpInvoiceFile,
      (rows, r) => erp.importInvoices(rows, { dryRun: r.query.dry_run, actor: erpActor(r) }),
    );
    jsonImport(
      '/api/erp/payments',
      'payments:write',
      'Import payments of invoices',
      ErpPaymentFile,
      (rows, r) => erp.importPayments(rows, { dryRun: r.query.dry_run, actor: erpActor(r) }),
    );
    jsonImport(
      '/api/erp/credits',
      'payments:write',
      'Import open credits of accounts',
      ErpCreditFile,
      (rows, r) => erp.importCredits(rows, { dryRun: r.query.dry_run, actor: erpActor(r) }),
    );

    const csvImport = (url: string, scope: ErpScope, mode: 'stock' | 'prices', summary: string) =>
      app.post(
        url,
        {
          onRequest: requireScope(scope),
          bodyLimit: MAX_CSV_BYTES,
          errorHandler: csvErrorHandler,
          schema: {
            tags: ['ERP'],
            summary: `${summary} (scope ${scope}; body text/csv, the product file's code and ${mode === 'stock' ? 'stock_<location>' : 'price'} columns). All rows or none.`,
            security: erpSecurity,
            consumes: ['text/csv'],
            querystring: ErpDryRunQuery,
            body: z.string().describe('the CSV file'),
            response: { 200: ImportReport, 422: ImportReport, 413: ErrorBody, 415: ErrorBody, ...errors },
          },
        },
        async (request, reply) => {
          const report = await catalogueAdmin.importCsv(request.body, {
            mode,
            dryRun: request.query.dry_run,
            actor: erpActor(request),
          });
          return reply.code(report.error_count > 0 ? 422 : 200).send(report);
        },
      );
    csvImport('/api/erp/stock', 'stock:write', 'stock', 'Import stock on hand per location');
    csvImport('/api/erp/prices', 'prices:write', 'prices', 'Import prices');
  };
