import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import { actorOf } from '../staff/staff.context.ts';
import type { StaffContactService } from './staff-contact.service.ts';

const { staffContact: api } = contract;
const docs = { security: [{ bearer: [] }] };

/** Contact Us messages in the back office (staff only). */
export const staffContactRoutes =
  (service: StaffContactService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.list, { docs }, (request) => service.list(request.query));
    route(app, api.setHandled, { docs }, async (request) => ({
      success: true,
      data: await service.setHandled(request.params.id, request.body.handled, actorOf(request)),
    }));
  };
