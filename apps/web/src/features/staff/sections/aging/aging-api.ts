import type { StaffAgingQuery } from '@mitrebox/api-contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataTableQuery } from '../../components/DataTable.tsx';
import { downloadStaffFile, staffCall } from '../../staff-api.ts';

type Sort = NonNullable<StaffAgingQuery['sort']>;

/** GET /api/staff/aging: one page of every account's aging (the DataTable's paging, sort and search). */
export const loadAging = (query: DataTableQuery, over60: boolean) =>
  staffCall('GET /api/staff/aging', {
    query: {
      page: query.page,
      pageSize: query.pageSize,
      sort: query.sort as Sort | undefined,
      dir: query.dir,
      q: query.q,
      over60: over60 ? '1' : undefined,
    },
  });

/** The totals of every account that matches (the first page's answer carries them). */
export function useAgingTotals(over60: boolean) {
  return useQuery({
    queryKey: ['staff', 'aging', 'totals', over60],
    queryFn: () => loadAging({ page: 1, pageSize: 1, dir: 'desc' }, over60),
    select: (answer) => ({ ...answer.totals, accounts: answer.total, statementDay: answer.statementDay }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/staff/aging.csv with the same filter, as a download. */
export const downloadAgingCsv = (over60: boolean) =>
  downloadStaffFile(
    `/api/staff/aging.csv${over60 ? '?over60=1' : ''}`,
    'aging.csv',
    'The export could not be made. Please try again.',
  );

/** GET /api/staff/accounts/{acctnum}/statement: the account's statement as the account sees it. */
export function useAccountStatement(acctnum: string, enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'statement', acctnum],
    queryFn: () => staffCall('GET /api/staff/accounts/:acctnum/statement', { params: { acctnum } }),
    enabled,
  });
}

/** The account's statement PDF, as a download. */
export const downloadAccountStatement = (acctnum: string) =>
  downloadStaffFile(
    `/api/staff/accounts/${encodeURIComponent(acctnum)}/statement.pdf`,
    `statement-${acctnum}.pdf`,
    'The statement could not be made. Please try again.',
  );
