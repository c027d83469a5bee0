import { containsCardNumber } from '@mitrebox/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * Card data never reaches our API: a request whose query or body carries text shaped like a card number (a
 * Luhn-valid run of 13–19 digits) is refused before any route sees it, and nothing of it is logged. Paths in
 * `exempt` (imports that check their own cells) are left alone.
 *
 * What it reads: the strings of the parsed query and of a JSON or text body (values and keys), each once, so
 * its work is linear in the request's size. Numbers are not read (a crop's 0.347560975609756 is not a card),
 * and neither is a binary body: an uploaded picture's bytes are no one's typing, and its route checks them.
 */
export function registerCardDataGuard(app: FastifyInstance, opts: { exempt: string[]; message: string }) {
  const exempt = new Set(opts.exempt.map((p) => p.toLowerCase()));
  app.addHook('preValidation', async (request) => {
    const path = request.url.split('?')[0].toLowerCase();
    if (exempt.has(path)) return;
    const text = Buffer.isBuffer(request.body) ? undefined : request.body;
    if (containsCardNumber(request.query) || containsCardNumber(text)) throw badRequest(opts.message);
  });
}
