import { contract, type ImportReport } from '@mitrebox/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import type { Guards } from '../auth/auth.guard.ts';
import { csvErrorHandler, MAX_CSV_BYTES, registerCsvBody } from '../catalogue/catalogue-admin.routes.ts';
import type { CatalogueAdminService } from '../catalogue/catalogue-admin.service.ts';
import type { ErpService } from './erp.service.ts';
import { erpKeyRoutes } from './erp-keys.routes.ts';
import { erpActor, erpSecurity, requireScope } from './erp-scope.ts';

const { erp: api } = contract;
const MAX_JSON_BYTES = 32 * 1024 * 1024;
const docs = { security: erpSecurity };
const csvDocs = { security: erpSecurity, consumes: ['text/csv'] };

/** A file's report: 422 when a row has an error (nothing was imported), else 200. */
const sendReport = (reply: FastifyReply, report: ImportReport) =>
  reply.code(report.error_count > 0 ? 422 : 200).send(report);

/** How a file import runs: checked only on dry_run=1, audited as the key. */
const importOptions = (request: FastifyRequest & { query: { dry_run: boolean } }) => ({
  dryRun: request.query.dry_run,
  actor: erpActor(request),
});

/** The ERP connection: its keys in the back office, and the exchanges the ERP makes with a key. */
export const erpRoutes =
  (deps: { erp: ErpService; catalogueAdmin: CatalogueAdminService }, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    const { erp, catalogueAdmin } = deps;
    registerCsvBody(app);
    erpKeyRoutes(app, erp, guards);

    const withScope = (scope: Parameters<typeof requireScope>[1]) => ({
      onRequest: requireScope(erp, scope),
    });
    const jsonFile = (scope: Parameters<typeof requireScope>[1]) => ({
      ...withScope(scope),
      bodyLimit: MAX_JSON_BYTES,
      docs,
    });
    const csvFile = (scope: Parameters<typeof requireScope>[1]) => ({
      ...withScope(scope),
      bodyLimit: MAX_CSV_BYTES,
      errorHandler: csvErrorHandler,
      docs: csvDocs,
    });

    // ---- orders out
    route(app, api.newOrders, { ...withScope('orders:read'), docs }, async (request) => ({
      data: await erp.newOrders(request.query.limit),
    }));
    route(app, api.markSynced, { ...withScope('orders:read'), docs }, (request) =>
      erp.markSynced(request.body.ordnums, erpActor(request)),
    );

    // ---- invoices, payments, credits in (JSON)
    route(app, api.importInvoices, jsonFile('invoices:write'), async (request, reply) =>
      sendReport(reply, await erp.importInvoices(request.body.invoices, importOptions(request))),
    );
    route(app, api.importPayments, jsonFile('payments:write'), async (request, reply) =>
      sendReport(reply, await erp.importPayments(request.body.payments, importOptions(request))),
    );
    route(app, api.importCredits, jsonFile('payments:write'), async (request, reply) =>
      sendReport(reply, await erp.importCredits(request.body.credits, importOptions(request))),
    );

    // ---- stock and prices in (the catalogue's CSV import)
    route(app, api.importStock, csvFile('stock:write'), async (request, reply) =>
      sendReport(
        reply,
        await catalogueAdmin.importCsv(request.body, { mode: 'stock', ...importOptions(request) }),
      ),
    );
    route(app, api.importPrices, csvFile('prices:write'), async (request, reply) =>
      sendReport(
        reply,
        await catalogueAdmin.importCsv(request.body, { mode: 'prices', ...importOptions(request) }),
      ),
    );
  };
