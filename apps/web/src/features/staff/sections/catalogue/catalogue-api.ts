import type {
  ContractRoutes,
  ImportReport,
  RouteAnswer,
  RouteInput,
  StaffProductUpdate,
} from '@mitrebox/api-contract';
import type { DataTableQuery } from '../../components/DataTable.tsx';
import { downloadStaffFile, staffCall, staffSession } from '../../staff-api.ts';

/** The tables' sort is one of their columns' keys, the columns the server sorts by. */
type ProductsQuery = RouteInput<ContractRoutes['GET /api/staff/products'], 'query'>;
type CollectionsQuery = RouteInput<ContractRoutes['GET /api/staff/collections'], 'query'>;

export type CollectionRow = RouteAnswer<ContractRoutes['GET /api/staff/collections']>['rows'][number];

export const loadProducts = (q: DataTableQuery) =>
  staffCall('GET /api/staff/products', { query: q as ProductsQuery });

export const loadCollections = (q: DataTableQuery) =>
  staffCall('GET /api/staff/collections', { query: q as CollectionsQuery });

export const saveProduct = (code: string, body: StaffProductUpdate) =>
  staffCall('PUT /api/staff/products/:code', { params: { code }, body });

/** The CSV goes as text/csv (not JSON), with the staff token; 422 answers carry the report too. */
export async function importCsv(
  text: string,
  opts: { dryRun: boolean; file?: string },
): Promise<ImportReport> {
  const params = new URLSearchParams({ dry_run: opts.dryRun ? '1' : '0' });
  if (opts.file) params.set('file', opts.file);
  const res = await fetch(`/api/staff/products/import?${params}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${staffSession.token ?? ''}` },
    body: text,
  });
  const body = (await res.json().catch(() => ({}))) as ImportReport & { message?: string };
  if (res.status === 200 || res.status === 422) return body;
  if (res.status === 401) staffSession.set(null);
  throw new Error(body.message ?? 'The import failed. Please try again.');
}

/** Downloads the export with the staff token (a plain link would carry no sign-in). */
export const downloadExport = () =>
  downloadStaffFile(
    '/api/staff/products/export',
    'mitrebox-products.csv',
    'The export failed. Please try again.',
  );
