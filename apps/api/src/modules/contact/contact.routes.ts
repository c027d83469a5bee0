import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import type { ContactService } from './contact.service.ts';

const { contact: api } = contract;

export const contactRoutes =
  (contact: ContactService, opts: { burstPerMinute: number }): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.formInfo, {}, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(await contact.formInfo()),
    );
    route(app, api.captcha, {}, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(await contact.challenge()),
    );
    route(
      app,
      api.send,
      // a burst guard in front of the per-address hourly limit the service keeps in the database
      { config: { rateLimit: { max: opts.burstPerMinute, timeWindow: '1 minute' } } },
      (request) => contact.send(request.body, request.ip),
    );
  };
