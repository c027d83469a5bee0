import type {
  StaffAccount,
  StaffAccountCreate,
  StaffAccountPatch,
  StaffAccountRow,
  StaffPage,
  StaffPasswordReset,
  ViewAsResponse,
} from '@mitrebox/api-contract';
import type { DataTableQuery } from '../../components/DataTable.tsx';
import { staffApi } from '../../staff-api.ts';

type Done = { success: true; message: string };

export const accountsApi = {
  list: (q: DataTableQuery) =>
    staffApi.get<StaffPage<StaffAccountRow>>('/api/staff/accounts', { query: { ...q } }),
  get: (acctnum: string) => staffApi.get<StaffAccount>(`/api/staff/accounts/${encodeURIComponent(acctnum)}`),
  create: (body: StaffAccountCreate) => staffApi.post<StaffAccount>('/api/staff/accounts', body),
  update: (acctnum: string, patch: StaffAccountPatch) =>
    staffApi.patch<StaffAccount>(`/api/staff/accounts/${encodeURIComponent(acctnum)}`, patch),
  resetPassword: (userId: number, body: StaffPasswordReset) =>
    staffApi.post<Done>(`/api/staff/users/${userId}/password`, body),
  unlock: (userId: number) => staffApi.post<Done>(`/api/staff/users/${userId}/unlock`),
  viewAs: (acctnum: string) =>
    staffApi.post<ViewAsResponse>(`/api/staff/accounts/${encodeURIComponent(acctnum)}/view-as`),
};
