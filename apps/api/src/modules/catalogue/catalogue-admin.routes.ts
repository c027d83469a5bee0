import type { Readable } from 'node:stream';
import { contract } from '@mitrebox/api-contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { type Guards, staffOf } from '../auth/auth.guard.ts';
import type { CatalogueAdminService } from './catalogue-admin.service.ts';

const { staffCatalogue: api } = contract;
const security = [{ bearer: [] }];

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

export function csvErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ message: CSV_TOO_LARGE });
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return reply.code(415).send({ message: 'Send the file as text/csv.' });
  throw error;
}

/** A CSV file streamed as it is written (the route has no answer schema), saved under `fileName`. */
function sendCsv(reply: FastifyReply, fileName: string, csv: Readable) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv);
}

export const catalogueAdminRoutes =
  (service: CatalogueAdminService, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    registerCsvBody(app);
    // signed in before the body is read (401 anonymous or disabled staff, 403 customers and view-as sessions)
    const staffOnly = { onRequest: guards.requireStaff, docs: { security } };

    route(app, api.products, staffOnly, async (request) => service.listProducts(request.query));
    route(app, api.product, staffOnly, async (request) => ({
      data: await service.getProduct(request.params.code),
    }));
    route(app, api.updateProduct, staffOnly, async (request) => ({
      data: await service.updateProduct(request.params.code, request.body, staffActor(request)),
    }));
    route(app, api.collections, staffOnly, async (request) => service.listCollections(request.query));
    route(
      app,
      api.importProducts,
      {
        ...staffOnly,
        bodyLimit: MAX_CSV_BYTES,
        errorHandler: csvErrorHandler,
        docs: { security, consumes: ['text/csv'] },
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
    route(
      app,
      api.exportProducts,
      { ...staffOnly, docs: { security, produces: ['text/csv'] } },
      async (_request, reply) => {
        const stamp = new Date().toISOString().slice(0, 10);
        return sendCsv(reply, `mitrebox-products-${stamp}.csv`, await service.exportCsv());
      },
    );
  };
