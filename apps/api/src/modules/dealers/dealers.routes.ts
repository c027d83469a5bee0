import { contract, WhereToBuyResponse } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route, sendWritten } from '../../platform/contract-routes.ts';
import { fastJsonOf } from '../../platform/fast-json.ts';
import type { DealersService } from './dealers.service.ts';

/** Up to 500 dealers an answer (about 90 KB), written from the schema by fast-json-stringify (docs/decisions/018). */
const answerJson = fastJsonOf(WhereToBuyResponse);

export const dealersRoutes =
  (dealers: DealersService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, contract.dealers.whereToBuy, {}, async (request, reply) =>
      sendWritten(
        reply.type('application/json; charset=utf-8'),
        answerJson(await dealers.whereToBuy(request.query)),
      ),
    );
  };
