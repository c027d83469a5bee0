// Signed-in answers are never stored by the browser or a proxy (orders, invoices, card last four…), nor is any
// answer to a call that changes something (a sign-in's token among them).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const noStore = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply) => {
      if (request.auth || request.headers.authorization || request.method !== 'GET')
        reply.header('cache-control', 'no-store');
    });
  },
  { name: 'no-store' },
);
