import type {
  StaffOrderResponse,
  StaffOrderStatus,
  StaffOrdersResponse,
  StaffPage,
} from '@mitrebox/api-contract';
import type { DataTableQuery } from '../../components/DataTable.tsx';
import { staffApi } from '../../staff-api.ts';

export type StaffOrderRow = StaffOrdersResponse['rows'][number];

/**
 * GET /api/staff/orders in the shape the DataTable reads. It takes the money screens' list query: `perPage`, not
 * `pageSize`, and newest first by default.
 */
async function list(q: DataTableQuery, acctnum: string): Promise<StaffPage<StaffOrderRow>> {
  const res = await staffApi.get<StaffOrdersResponse>('/api/staff/orders', {
    query: {
      page: q.page,
      perPage: q.pageSize,
      sort: q.sort,
      dir: q.dir,
      q: q.q,
      acctnum: acctnum.trim() || undefined,
    },
  });
  return { rows: res.rows, total: res.total, page: res.page, pageSize: res.perPage };
}

export const ordersApi = {
  list,
  get: (ordnum: number) => staffApi.get<StaffOrderResponse>(`/api/staff/orders/${ordnum}`),
};

export const STATUS_LABELS: Record<StaffOrderStatus, string> = {
  pending: 'Pending',
  synced: 'Sent to ERP',
  invoiced: 'Invoiced',
};
export const STATUS_COLORS: Record<StaffOrderStatus, string> = {
  pending: 'walnut',
  synced: 'blue',
  invoiced: 'green',
};
export const day = (iso: string) => iso.slice(0, 10);
