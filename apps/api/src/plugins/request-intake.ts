// How every request is taken in, before anything else looks at it: its own pooled connection, its turn among the
// requests at work, its id echoed on the answer, and zod as the routes' validator and serializer.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { admission } from '../platform/admission.ts';
import { letConnectionGo, ownRequest, requestConnections } from '../platform/request-connection.ts';

/** Answered at once, never queued behind the requests at work (platform/admission.ts): a busy process is alive. */
const HEALTH_ROUTES = new Set(['/api/health', '/api/health/live', '/api/health/ready']);

export const requestIntake = fp(
  async (app: FastifyInstance, opts: { requestsAtOnce: number }) => {
    // first of all hooks: a request's statements and transactions share one pooled connection (docs/decisions/017)
    requestConnections(app);
    // at most REQUESTS_AT_ONCE requests are worked on at once, the others wait in their order of arrival (017)
    admission(app, {
      limit: opts.requestsAtOnce,
      exempt: (request) => ownRequest(request) || HEALTH_ROUTES.has(request.routeOptions.url ?? ''),
      waiting: letConnectionGo,
    });
    // the request id (taken or made by the server's genReqId, app.ts) goes back with the answer
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
  },
  { name: 'request-intake' },
);
