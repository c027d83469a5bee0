import type { ErpScope } from '@mitrebox/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../platform/errors.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { bearerToken } from '../auth/auth.guard.ts';
import type { ErpKeysService, ErpPrincipal } from './erp-keys.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    erp?: ErpPrincipal;
  }
}

const NEED_KEY = 'An ERP API key is required (Authorization: Bearer mbx_…).';

/** The OpenAPI security of a route the ERP calls with its key. */
export const erpSecurity = [{ erpKey: [] }];

/** A guard: a valid, unrevoked key (401) that carries the scope (403). */
export const requireScope =
  (keys: Pick<ErpKeysService, 'authenticate'>, scope: ErpScope) =>
  async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    const principal = token ? await keys.authenticate(token) : undefined;
    if (!principal) throw unauthorized(NEED_KEY);
    if (!principal.scopes.includes(scope)) throw forbidden(`This key does not have the scope ${scope}.`);
    request.erp = principal;
  };

/** The audit actor of an ERP call: the key's name. */
export const erpActor = (request: FastifyRequest): AuditActor => ({
  kind: 'erp',
  id: request.erp?.id,
  name: request.erp?.name ?? 'erp',
  requestId: request.id,
});
