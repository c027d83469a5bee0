import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import { forbidden } from '../../platform/errors.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import type { ShippingService } from './shipping.service.ts';

const { shipping: api } = contract;
const docs = { security: [{ bearer: [] }] };

/** GET /api/shipping/schedule: what the signed-in buyer's screens compute "ships today / expected delivery" from. */
export const shippingRoutes =
  (service: ShippingService, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.schedule, { preHandler: guards.requireUser, docs }, async (request) => {
      const account = authOf(request).user.accounts[0];
      if (!account) throw forbidden();
      return service.scheduleFor(account.Acctnum);
    });
  };
