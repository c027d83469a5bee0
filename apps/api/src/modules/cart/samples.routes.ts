import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import type { SampleService } from './samples.ts';

const { samples: api } = contract;

/** Corner samples: the month's allowance, and samples (or a collection's sample set) into the cart. */
export const sampleRoutes =
  (samples: SampleService, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.sampleStatus, { preHandler: guards.requireUser }, (request) =>
      samples.status(authOf(request).user),
    );
    route(app, api.addSamples, { preHandler: guards.requireUser }, (request) =>
      samples.add(authOf(request).user, request.body),
    );
  };
