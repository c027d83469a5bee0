import {
  DealerImportReport,
  DealerImportRequest,
  ErrorBody,
  StaffDealerInput,
  StaffDealerList,
  StaffDealerParams,
  StaffDealerQuery,
  StaffDealerResponse,
  SuccessBody,
} from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../staff/staff.context.ts';
import type { StaffDealersService } from './staff-dealers.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const security = [{ bearer: [] }];
const tags = ['Staff: dealers'];

/** Dealers in the back office (staff only). */
export const staffDealersRoutes =
  (service: StaffDealersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dealers',
      {
        schema: {
          tags,
          summary: 'Dealers (paged, searchable, sortable)',
          security,
          querystring: StaffDealerQuery,
          response: { 200: StaffDealerList, ...errors },
        },
      },
      (request) => service.list(request.query),
    );
    app.get(
      '/dealers/export',
      {
        schema: {
          tags,
          summary:
            'Every dealer as CSV (acctnum, company, address1, city, state, zip); formula cells as text',
          security,
          response: { 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (_request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="dealers.csv"')
          .header('x-content-type-options', 'nosniff')
          .send((await service.exportCsv()) as never), // text, not JSON: no 200 schema
    );
    app.post(
      '/dealers/import',
      {
        bodyLimit: 6 * 1024 * 1024,
        schema: {
          tags,
          summary: 'Import a dealers CSV, geocoded by ZIP: all rows or none (dryRun: only the report)',
          description:
            'Columns acctnum, company, address1, city, state, zip (header row, any order). A file with a bad row imports nothing; the report names each bad row and column (422).',
          security,
          body: DealerImportRequest,
          response: { 200: DealerImportReport, 422: DealerImportReport, ...errors },
        },
      },
      async (request, reply) => {
        const report = await service.importCsv(
          request.body.csv,
          { dryRun: request.body.dryRun },
          actorOf(request),
        );
        return reply.code(report.errors.length ? 422 : 200).send(report);
      },
    );
    app.put(
      '/dealers/:acctnum',
      {
        schema: {
          tags,
          summary: 'Add or change a dealer (a new ZIP is geocoded to its centre)',
          security,
          params: StaffDealerParams,
          body: StaffDealerInput,
          response: { 200: StaffDealerResponse, ...errors },
        },
      },
      async (request) => ({
        success: true,
        data: await service.save(request.params.acctnum, request.body, actorOf(request)),
      }),
    );
    app.delete(
      '/dealers/:acctnum',
      {
        schema: {
          tags,
          summary: 'Remove a dealer',
          security,
          params: StaffDealerParams,
          response: { 200: SuccessBody, ...errors },
        },
      },
      async (request) => {
        await service.remove(request.params.acctnum, actorOf(request));
        return { success: true };
      },
    );
  };
