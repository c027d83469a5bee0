import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route, sendWritten } from '../../platform/contract-routes.ts';
import { actorOf } from '../staff/staff.context.ts';
import type { StaffDealersService } from './staff-dealers.service.ts';

const { staffDealers: api } = contract;
const security = [{ bearer: [] }];
const docs = { security };

/** Dealers in the back office (staff only). */
export const staffDealersRoutes =
  (service: StaffDealersService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.list, { docs }, (request) => service.list(request.query));
    route(app, api.exportCsv, { docs }, async (_request, reply) =>
      sendWritten(
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="dealers.csv"')
          .header('x-content-type-options', 'nosniff'),
        await service.exportCsv(),
      ),
    );
    route(
      app,
      api.importCsv,
      {
        bodyLimit: 6 * 1024 * 1024,
        docs: {
          description:
            'Columns acctnum, company, address1, city, state, zip (header row, any order). A file with a bad row imports nothing; the report names each bad row and column (422).',
          security,
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
    route(app, api.save, { docs }, async (request) => ({
      success: true,
      data: await service.save(request.params.acctnum, request.body, actorOf(request)),
    }));
    route(app, api.remove, { docs }, async (request) => {
      await service.remove(request.params.acctnum, actorOf(request));
      return { success: true };
    });
  };
