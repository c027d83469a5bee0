import type {
  StaffAdjustmentResponse,
  StaffInvoiceResponse,
  StaffInvoicesResponse,
} from '@mitrebox/api-contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffApi } from '../../staff-api.ts';

export interface InvoiceListQuery {
  page: number;
  perPage: number;
  sort: 'invnum' | 'acctnum' | 'invDate' | 'invamt' | 'balance' | 'paystatus';
  dir: 'asc' | 'desc';
  q: string;
  from: string;
  to: string;
}

/** GET /api/staff/invoices: one page of every account's invoices (paged, sorted and searched by the server). */
export function useStaffInvoices(query: InvoiceListQuery) {
  return useQuery({
    queryKey: ['staff', 'invoices', query],
    queryFn: ({ signal }) =>
      staffApi.get<StaffInvoicesResponse>('/api/staff/invoices', {
        query: {
          page: query.page,
          perPage: query.perPage,
          sort: query.sort,
          dir: query.dir,
          q: query.q.trim() || undefined,
          from: query.from || undefined,
          to: query.to || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/staff/invoices/{invnum}: the invoice with its card payments, refunds and voids. */
export function useStaffInvoice(invnum: number | null) {
  return useQuery({
    queryKey: ['staff', 'invoice', invnum],
    queryFn: ({ signal }) => staffApi.get<StaffInvoiceResponse>(`/api/staff/invoices/${invnum}`, { signal }),
    enabled: invnum !== null,
  });
}

/** Refund or void one payment; the key is the attempt's (a repeated click sends the same key: once). */
export function useAdjustPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { paymentId: number; kind: 'refund' | 'void'; amount?: string; key: string }) =>
      staffApi.post<StaffAdjustmentResponse>(
        `/api/staff/payments/${a.paymentId}/${a.kind}`,
        a.kind === 'refund' ? (a.amount ? { amount: a.amount } : {}) : undefined,
        { headers: { 'Idempotency-Key': a.key } },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['staff'] }),
  });
}
