import type { ShopApiScope } from '@mitrebox/api-contract';
import { isCreditHold, messages } from '@mitrebox/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../../platform/errors.ts';
import { bearerToken } from '../auth/auth.guard.ts';
import type { PosPrincipal, ShopApiService } from './shop-api.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requirePosScope: the account's key that calls. */
    pos?: PosPrincipal;
  }
}

const NEED_KEY = 'An API key of your account is required (Authorization: Bearer mbs_…).';

/** The OpenAPI security of a point-of-sale route. */
export const posSecurity = [{ shopKey: [] }];

/**
 * A guard, on onRequest (before the body is read and before the key's rate limit counts the call): a valid,
 * unrevoked key of the account (401; a sign-in is no key), of an account not on credit hold (403, as a sign-in
 * is refused), that carries the scope (403).
 */
export const requirePosScope =
  (keys: Pick<ShopApiService, 'authenticate'>, scope: ShopApiScope, phone: string) =>
  async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    const principal = token ? await keys.authenticate(token) : undefined;
    if (!principal) throw unauthorized(NEED_KEY);
    request.pos = principal;
    if (isCreditHold(principal.user.accounts[0]))
      throw new AppError('credit_hold', 403, messages.creditHold.message(phone));
    if (!principal.scopes.includes(scope)) throw forbidden(`This key does not have the scope ${scope}.`);
  };

/** The key's holder on a guarded route. */
export function posOf(request: FastifyRequest): PosPrincipal {
  if (!request.pos) throw unauthorized(NEED_KEY);
  return request.pos;
}
