import { defineRoute } from '../route.ts';
import { AuditEntry, AuditQuery, staffPage } from '../staff.ts';
import { STAFF_ERRORS } from './staff-errors.ts';

/** The audit log of the back office (admins and accounting). */
export const auditContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/staff/audit',
    tags: ['Back office'],
    summary: 'The audit log of staff and ERP changes: who, when, what, before and after',
    query: AuditQuery,
    response: { 200: staffPage(AuditEntry), ...STAFF_ERRORS },
  }),
};
