import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../staff-api.ts';

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
      staffCall('GET /api/staff/invoices', {
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
    queryFn: ({ signal }) => staffCall('GET /api/staff/invoices/:invnum', { params: { invnum }, signal }),
    enabled: invnum !== null,
  });
}

/** Refund or void one payment; the key is the attempt's (a repeated click sends the same key: once). */
export function useAdjustPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { paymentId: number; kind: 'refund' | 'void'; amount?: string; key: string }) => {
      const params = { id: a.paymentId };
      const headers = { 'Idempotency-Key': a.key };
      return a.kind === 'refund'
        ? staffCall('POST /api/staff/payments/:id/refund', {
            params,
            body: a.amount ? { amount: a.amount } : {},
            headers,
          })
        : staffCall('POST /api/staff/payments/:id/void', { params, headers });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['staff'] }),
  });
}
