import type { ImportReport, StaffProduct, StaffProductUpdate } from '@mitrebox/api-contract';
import type { DataTableQuery } from '../../components/DataTable.tsx';
import { downloadStaffFile, staffApi, staffSession } from '../../staff-api.ts';

export interface ProductPage {
  rows: StaffProduct[];
  total: number;
  page: number;
  pageSize: number;
  locations: { code: string; name: string }[];
}
export interface CollectionRow {
  id: number;
  name: string;
  description: string | null;
  parent_id: number | null;
  products: number;
}

export const loadProducts = (q: DataTableQuery) =>
  staffApi.get<ProductPage>('/api/staff/products', {
    query: { page: q.page, pageSize: q.pageSize, sort: q.sort, dir: q.dir, q: q.q },
  });

export const loadCollections = (q: DataTableQuery) =>
  staffApi.get<{ rows: CollectionRow[]; total: number; page: number; pageSize: number }>(
    '/api/staff/collections',
    { query: { page: q.page, pageSize: q.pageSize, sort: q.sort, dir: q.dir, q: q.q } },
  );

export const saveProduct = (code: string, body: StaffProductUpdate) =>
  staffApi.put<{ data: StaffProduct }>(`/api/staff/products/${encodeURIComponent(code)}`, body);

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
