import { ErrorBody, WhereToBuyQuery, WhereToBuyResponse } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DealersService } from './dealers.service.ts';

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
      (request) => dealers.whereToBuy(request.query),
    );
  };
