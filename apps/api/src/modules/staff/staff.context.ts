import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../audit/audit.service.ts';
import { staffOf } from '../auth/auth.guard.ts';

/** The audit actor of a /api/staff call: the signed-in staff member and the request's id. */
export function actorOf(request: FastifyRequest): AuditActor {
  const staff = staffOf(request);
  return { kind: 'staff', id: staff.id, name: staff.email, requestId: request.id };
}
