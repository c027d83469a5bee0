import { ErrorBody, WhereToBuyQuery, WhereToBuyResponse } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fastJsonOf } from '../../platform/fast-json.ts';
import type { DealersService } from './dealers.service.ts';

/** Up to 500 dealers an answer (about 75 KB): written from the schema by fast-json-stringify (docs/decisions/018). */
const whereToBuyJson = fastJsonOf(WhereToBuyResponse);

export const dealersRoutes =
  (dealers: DealersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/WhereToBuy',
      {
        schema: {
          tags: ['Where To Buy'],
          summary: 'Dealers within a radius (1, 5, 10, 15, 20, 25 or 50 miles) of a ZIP code, nearest first',
          querystring: WhereToBuyQuery,
          response: { 200: WhereToBuyResponse, 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (request, reply) =>
        reply
          .type('application/json; charset=utf-8')
          .send(whereToBuyJson(await dealers.whereToBuy(request.query)) as never),
    );
  };
