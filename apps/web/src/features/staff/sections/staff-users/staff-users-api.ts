import type {
  StaffPage,
  StaffUserChangeResponse,
  StaffUserCreate,
  StaffUserPatch,
  StaffUserSummary,
} from '@mitrebox/api-contract';
import type { DataTableQuery } from '../../components/DataTable.tsx';
import { staffApi } from '../../staff-api.ts';

export const staffUsersApi = {
  list: (q: DataTableQuery) =>
    staffApi.get<StaffPage<StaffUserSummary>>('/api/staff/staff-users', { query: { ...q } }),
  get: (id: number) => staffApi.get<StaffUserSummary>(`/api/staff/staff-users/${id}`),
  create: (body: StaffUserCreate) => staffApi.post<StaffUserChangeResponse>('/api/staff/staff-users', body),
  change: (id: number, patch: StaffUserPatch) =>
    staffApi.patch<StaffUserChangeResponse>(`/api/staff/staff-users/${id}`, patch),
  resetTotp: (id: number) =>
    staffApi.post<{ success: true; message: string }>(`/api/staff/staff-users/${id}/reset-totp`),
};

export const ROLE_LABELS = { admin: 'Admin', sales: 'Sales', accounting: 'Accounting' } as const;

export const formatDateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';
