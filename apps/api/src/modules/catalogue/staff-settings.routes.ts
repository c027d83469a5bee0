import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import { actorOf } from '../staff/staff.context.ts';
import type { StaffSettingsService } from './staff-settings.service.ts';

const { staffCatalogue: api } = contract;
const docs = { security: [{ bearer: [] }] };

/** Settings and rich-text pages in the back office (staff only). */
export const staffSettingsRoutes =
  (service: StaffSettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.settings, { docs }, () => service.list());
    route(app, api.updateSetting, { bodyLimit: 1024 * 1024, docs }, (request) =>
      service.update(request.params.name, request.body.value, actorOf(request)),
    );
  };
