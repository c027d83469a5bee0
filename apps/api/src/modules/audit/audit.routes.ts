import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import type { StaffDeps } from '../staff/staff-section.ts';
import { listAudit } from './audit.service.ts';

const DAY_MS = 86_400_000;
/** A bare date (2026-11-23) as `to` means the end of that day. */
const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** GET /api/staff/audit: the audit log, newest first, filtered and paged (admins and accounting). */
export const staffAuditRoutes =
  ({ db }: StaffDeps): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, contract.audit.list, { docs: { security: [{ bearer: [] }] } }, async (request) => {
      const q = request.query;
      const to = q.to ? new Date(Date.parse(q.to) + (dateOnly.test(q.to) ? DAY_MS : 0)) : undefined;
      const { rows, total } = await listAudit(db, {
        actorKind: q.actorKind,
        actorName: q.actor?.trim() || undefined,
        action: q.action?.trim() || undefined,
        entity: q.entity?.trim() || undefined,
        entityId: q.entityId?.trim() || undefined,
        from: q.from ? new Date(q.from) : undefined,
        to,
        page: q.page,
        pageSize: q.pageSize,
      });
      return {
        rows: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    });
  };
