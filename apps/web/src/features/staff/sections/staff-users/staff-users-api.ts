import type { ContractRoutes, RouteInput } from '@mitrebox/api-contract';
import { dateFormatter } from '../../../../lib/format.ts';
import type { DataTableQuery } from '../../components/DataTable.tsx';
import { staffCall } from '../../staff-api.ts';

/** The table's sort is one of its columns' keys, the columns the server sorts by. */
type ListQuery = RouteInput<ContractRoutes['GET /api/staff/staff-users'], 'query'>;
type Body<K extends keyof ContractRoutes> = RouteInput<ContractRoutes[K], 'body'>;

export const staffUsersApi = {
  list: (q: DataTableQuery) => staffCall('GET /api/staff/staff-users', { query: q as ListQuery }),
  get: (id: number) => staffCall('GET /api/staff/staff-users/:id', { params: { id } }),
  create: (body: Body<'POST /api/staff/staff-users'>) => staffCall('POST /api/staff/staff-users', { body }),
  change: (id: number, patch: Body<'PATCH /api/staff/staff-users/:id'>) =>
    staffCall('PATCH /api/staff/staff-users/:id', { params: { id }, body: patch }),
  resetTotp: (id: number) => staffCall('POST /api/staff/staff-users/:id/reset-totp', { params: { id } }),
};

export const ROLE_LABELS = { admin: 'Admin', sales: 'Sales', accounting: 'Accounting' } as const;

export const formatDateTime = (iso: string | null) =>
  iso ? dateFormatter({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : 'Never';
