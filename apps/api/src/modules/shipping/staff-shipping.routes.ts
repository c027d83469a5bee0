import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import { actorOf } from '../staff/staff.context.ts';
import type { StaffDeps } from '../staff/staff-section.ts';
import { createShippingService } from './shipping.service.ts';

const { shipping: api } = contract;
const docs = { security: [{ bearer: [] }] };

/** Cut-off times, ship days, holidays and truck routes in the back office (admin changes them, sales read). */
export const staffShippingRoutes =
  (deps: StaffDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createShippingService({ db: deps.db, timeZone: deps.config.BUSINESS_TZ });
    route(app, api.staffSettings, { docs }, () => service.staffSettings());
    route(app, api.saveSchedule, { docs }, (request) =>
      service.saveSchedule(request.params.location, request.body, actorOf(request)),
    );
    route(app, api.addHoliday, { docs }, (request) => service.addHoliday(request.body, actorOf(request)));
    route(app, api.removeHoliday, { docs }, async (request) => {
      await service.removeHoliday(request.params.id, actorOf(request));
      return { success: true };
    });
    route(app, api.addRoute, { docs }, (request) => service.saveRoute(null, request.body, actorOf(request)));
    route(app, api.saveRoute, { docs }, (request) =>
      service.saveRoute(request.params.id, request.body, actorOf(request)),
    );
    route(app, api.removeRoute, { docs }, async (request) => {
      await service.removeRoute(request.params.id, actorOf(request));
      return { success: true };
    });
  };
