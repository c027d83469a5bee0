import {
  ErrorBody,
  ImportQuery,
  ImportReport,
  ProductCodeParams,
  StaffCollectionPage,
  StaffCollectionsQuery,
  StaffProductPage,
  StaffProductResponse,
  StaffProductsQuery,
  StaffProductUpdate,
} from '@mitrebox/api-contract';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditActor } from '../audit/audit.service.ts';
import { type Guards, staffOf } from '../auth/auth.guard.ts';
import type { CatalogueAdminService } from './catalogue-admin.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const security = [{ bearer: [] }];
const tags = ['Staff: catalogue'];

/** A CSV upload of up to 100,000 rows of every column stays well under this. */
export const MAX_CSV_BYTES = 64 * 1024 * 1024;
const CSV_TOO_LARGE = 'The file is larger than 64 MB. Split it into smaller files.';

/** Routes whose body is a CSV file, checked for card numbers cell by cell (see app.ts). */
export const CSV_IMPORT_PATHS = ['/api/staff/products/import', '/api/erp/prices', '/api/erp/stock'];

/** The audit actor of a staff call (the staff member signed in by requireStaff). */
export function staffActor(request: FastifyRequest): AuditActor {
  const staff = staffOf(request);
  return { kind: 'staff', id: staff.id, name: staff.email, requestId: request.id };
}

/** The CSV body of an import: text/csv (or text/plain), read as text. */
export function registerCsvBody(app: Parameters<FastifyPluginAsyncZod>[0]) {
  app.addContentTypeParser(
    /^text\/(csv|plain)$/,
    { parseAs: 'string', bodyLimit: MAX_CSV_BYTES },
    (_req, body, done) => done(null, body),
  );
}

export function csvErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: import('fastify').FastifyReply,
) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ message: CSV_TOO_LARGE });
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return reply.code(415).send({ message: 'Send the file as text/csv.' });
  throw error;
}

export const catalogueAdminRoutes =
  (service: CatalogueAdminService, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    registerCsvBody(app);
    // signed in before the body is read (401 anonymous or disabled staff, 403 customers and view-as sessions)
    const guard = { onRequest: guards.requireStaff };

    app.get(
      '/api/staff/products',
      {
        ...guard,
        schema: {
          tags,
          summary: 'Products with every price column and stock per location (server-paged, sorted, searched)',
          security,
          querystring: StaffProductsQuery,
          response: { 200: StaffProductPage, ...errors },
        },
      },
      async (request) => service.listProducts(request.query),
    );
    app.get(
      '/api/staff/products/:code',
      {
        ...guard,
        schema: {
          tags,
          summary: 'One product',
          security,
          params: ProductCodeParams,
          response: { 200: StaffProductResponse, ...errors },
        },
      },
      async (request) => ({ data: await service.getProduct(request.params.code) }),
    );
    app.put(
      '/api/staff/products/:code',
      {
        ...guard,
        schema: {
          tags,
          summary: 'Change a product: names, active, collection, prices, stock per location (audited)',
          security,
          params: ProductCodeParams,
          body: StaffProductUpdate,
          response: { 200: StaffProductResponse, 422: ErrorBody, ...errors },
        },
      },
      async (request) => ({
        data: await service.updateProduct(request.params.code, request.body, staffActor(request)),
      }),
    );
    app.get(
      '/api/staff/collections',
      {
        ...guard,
        schema: {
          tags,
          summary: 'Collections with their number of products (server-paged, sorted, searched)',
          security,
          querystring: StaffCollectionsQuery,
          response: { 200: StaffCollectionPage, ...errors },
        },
      },
      async (request) => service.listCollections(request.query),
    );
    app.post(
      '/api/staff/products/import',
      {
        ...guard,
        bodyLimit: MAX_CSV_BYTES,
        errorHandler: csvErrorHandler,
        schema: {
          tags,
          summary:
            'Import products, prices and stock from CSV (body text/csv; format in docs/decisions/015). All rows or none; dry_run=1 checks only. 422 with the errors by row and column.',
          security,
          consumes: ['text/csv'],
          querystring: ImportQuery,
          body: z.string().describe('the CSV file'),
          response: { 200: ImportReport, 422: ImportReport, 413: ErrorBody, 415: ErrorBody, ...errors },
        },
      },
      async (request, reply) => {
        const report = await service.importCsv(request.body, {
          mode: 'products',
          dryRun: request.query.dry_run,
          actor: staffActor(request),
          fileName: request.query.file,
        });
        return reply.code(report.error_count > 0 ? 422 : 200).send(report);
      },
    );
    app.get(
      '/api/staff/products/export',
      {
        ...guard,
        schema: {
          tags,
          summary: 'Every product as CSV, in the import format (formula-like cells escaped)',
          security,
          produces: ['text/csv'],
          response: { 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (_request, reply) => {
        const stamp = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="mitrebox-products-${stamp}.csv"`)
          .send((await service.exportCsv()) as never);
      },
    );
  };
