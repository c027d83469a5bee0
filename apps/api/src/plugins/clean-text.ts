// Every text value of every route (path, query, body) is clean text: NUL, other control characters and lone
// surrogates answer 400 before any validation or handler sees them (routes added later are covered too).
import { findUncleanText, UNCLEAN_TEXT_MESSAGE } from '@mitrebox/api-contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../platform/errors.ts';

/** The page routes: the prerendered home page and the static files' wildcard (which falls back to the page frame). */
const PAGE_ROUTES = new Set(['/', '/*']);

export const cleanText = fp(
  async (app: FastifyInstance) => {
    // The page routes are left out: an address typed into the browser gets its screen, which reads the query
    // itself and asks the API, which refuses the text there.
    app.addHook('preValidation', async (request) => {
      if (PAGE_ROUTES.has(request.routeOptions.url ?? '')) return;
      // a binary body (an uploaded picture) is bytes, not text: walking its entries would stall the process
      const body = Buffer.isBuffer(request.body) ? undefined : request.body;
      for (const part of [request.params, request.query, body]) {
        const field = findUncleanText(part);
        if (field !== undefined) {
          const name = field || 'body';
          throw badRequest(`${name}: ${UNCLEAN_TEXT_MESSAGE}`, { [name]: UNCLEAN_TEXT_MESSAGE });
        }
      }
    });
  },
  { name: 'clean-text' },
);
