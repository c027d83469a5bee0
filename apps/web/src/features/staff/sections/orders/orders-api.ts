import type {
  ContractRoutes,
  RouteInput,
  StaffOrderStatus,
  StaffOrdersResponse,
  StaffPage,
} from '@mitrebox/api-contract';
import type { DataTableQuery } from '../../components/DataTable.tsx';
import { staffCall } from '../../staff-api.ts';

export type StaffOrderRow = StaffOrdersResponse['rows'][number];
/** What the orders list sorts by: the sortable columns' keys (OrdersSection) are these. */
type OrderSort = RouteInput<ContractRoutes['GET /api/staff/orders'], 'query'>['sort'];

/**
 * GET /api/staff/orders in the shape the DataTable reads. It takes the money screens' list query: `perPage`, not
 * `pageSize`, and newest first by default.
 */
async function list(q: DataTableQuery, acctnum: string): Promise<StaffPage<StaffOrderRow>> {
  const res = await staffCall('GET /api/staff/orders', {
    query: {
      page: q.page,
      perPage: q.pageSize,
      sort: q.sort as OrderSort,
      dir: q.dir,
      q: q.q,
      acctnum: acctnum.trim() || undefined,
    },
  });
  return { rows: res.rows, total: res.total, page: res.page, pageSize: res.perPage };
}

export const ordersApi = {
  list,
  get: (ordnum: number) => staffCall('GET /api/staff/orders/:ordnum', { params: { ordnum } }),
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
