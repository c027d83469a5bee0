import { containsCardNumber } from '@mitrebox/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * Card data never reaches our API: a request whose body or query carries something shaped like a card
 * number (a Luhn-valid run of 13–19 digits) is refused before any route sees it, and nothing of it is
 * logged. Paths in `exempt` (the sandbox gateway's own tokenizer, which stands in for the gateway) are left
 * alone.
 */
export function registerCardDataGuard(app: FastifyInstance, opts: { exempt: string[]; message: string }) {
  const exempt = new Set(opts.exempt.map((p) => p.toLowerCase()));
  app.addHook('preValidation', async (request) => {
    const path = request.url.split('?')[0].toLowerCase();
    if (exempt.has(path)) return;
    if (containsCardNumber(request.body) || containsCardNumber(request.query)) throw badRequest(opts.message);
  });
}
