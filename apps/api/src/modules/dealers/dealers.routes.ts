import { ErrorBody, WhereToBuyQuery, WhereToBuyResponse } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fastJsonOf, withDataJson } from '../../platform/fast-json.ts';
import type { DealersService, WhereToBuyAnswer } from './dealers.service.ts';

/** The answer but its dealers, written from the schema by fast-json-stringify (docs/decisions/018). */
const answerJson = fastJsonOf(WhereToBuyResponse);

/**
 * Up to 500 dealers an answer (about 90 KB): the dealers as the database wrote them (`dataJson`, each a `Dealer`),
 * the rest by the schema's writer — the same JSON as `answerJson` of the whole answer (dealers.test.ts).
 */
export function whereToBuyText({ dataJson, ...rest }: WhereToBuyAnswer): string {
  return withDataJson(answerJson, rest, dataJson);
}

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
          .send(whereToBuyText(await dealers.whereToBuy(request.query)) as never),
    );
  };
