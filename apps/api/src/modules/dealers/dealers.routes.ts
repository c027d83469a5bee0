import { contract, WhereToBuyResponse } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route, sendWritten } from '../../platform/contract-routes.ts';
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
    route(app, contract.dealers.whereToBuy, {}, async (request, reply) =>
      sendWritten(
        reply.type('application/json; charset=utf-8'),
        whereToBuyText(await dealers.whereToBuy(request.query)),
      ),
    );
  };
