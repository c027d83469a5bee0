import type { ContractRoutes, RouteInput } from '@mitrebox/api-contract';
import type { DataTableQuery } from '../../components/DataTable.tsx';
import { staffCall } from '../../staff-api.ts';

/** The table's sort is one of its columns' keys, the columns the server sorts by. */
type ListQuery = RouteInput<ContractRoutes['GET /api/staff/accounts'], 'query'>;
type Body<K extends keyof ContractRoutes> = RouteInput<ContractRoutes[K], 'body'>;

export const accountsApi = {
  list: (q: DataTableQuery) => staffCall('GET /api/staff/accounts', { query: q as ListQuery }),
  get: (acctnum: string) => staffCall('GET /api/staff/accounts/:acctnum', { params: { acctnum } }),
  create: (body: Body<'POST /api/staff/accounts'>) => staffCall('POST /api/staff/accounts', { body }),
  update: (acctnum: string, patch: Body<'PATCH /api/staff/accounts/:acctnum'>) =>
    staffCall('PATCH /api/staff/accounts/:acctnum', { params: { acctnum }, body: patch }),
  resetPassword: (id: number, body: Body<'POST /api/staff/users/:id/password'>) =>
    staffCall('POST /api/staff/users/:id/password', { params: { id }, body }),
  unlock: (id: number) => staffCall('POST /api/staff/users/:id/unlock', { params: { id } }),
  viewAs: (acctnum: string) =>
    staffCall('POST /api/staff/accounts/:acctnum/view-as', { params: { acctnum } }),
  colleagues: (acctnum: string) =>
    staffCall('GET /api/staff/accounts/:acctnum/users', { params: { acctnum } }),
  resendInvitation: (acctnum: string, id: number) =>
    staffCall('POST /api/staff/accounts/:acctnum/invitations/:id/resend', { params: { acctnum, id } }),
};
