import type {
  AccountDetailsResponse,
  BillingMethodResponse,
  BTokenResponse,
  CreateBillingMethodRequest,
  MakePaymentRequest,
  MakePaymentResponse,
  UpdateBillingMethodRequest,
} from '@mitrebox/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api.ts';

export type BillingMethod = z.infer<typeof AccountDetailsResponse>['data']['billing'][number];

/** The same cache entry My Account's account details use (['account', 'details', acctnum]). */
const detailsKey = (acctnum: string) => ['account', 'details', acctnum] as const;

/** GET /api/admin/accountBToken: which gateway, and where its hosted card fields are. */
export function useGatewayConfig(enabled = true) {
  return useQuery({
    queryKey: ['payments', 'gateway'],
    queryFn: ({ signal }) =>
      api.get<BTokenResponse>('/api/admin/accountBToken', {
        query: { origin: window.location.origin },
        signal,
      }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** The account's saved cards (from GET /api/admin/accountDetails). */
export function useBillingMethods(acctnum: string | null | undefined) {
  return useQuery({
    queryKey: detailsKey(acctnum ?? ''),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof AccountDetailsResponse>>('/api/admin/accountDetails', {
        query: { Acctnum: acctnum },
        signal,
      }),
    select: (answer) => answer.data.billing,
  });
}

/** A fresh idempotency key for one payment attempt. */
export const newAttemptKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

/** POST /api/admin/makePayment with the attempt's Idempotency-Key (a retry of the same attempt reuses it). */
export function useMakePayment() {
  return useMutation({
    mutationFn: ({ body, key }: { body: MakePaymentRequest; key: string }) =>
      api.post<MakePaymentResponse>('/api/admin/makePayment', body, { headers: { 'Idempotency-Key': key } }),
  });
}

/** Add, edit (or make default) and delete a billing method; the account details are re-read after each. */
export function useBillingMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['account', 'details'] });
  return {
    add: useMutation({
      mutationFn: (body: CreateBillingMethodRequest) =>
        api.post<BillingMethodResponse>('/api/admin/accountBillingMethods', body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateBillingMethodRequest }) =>
        api.put<BillingMethodResponse>(`/api/admin/accountBillingMethods/${id}`, body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete<BillingMethodResponse>(`/api/admin/accountBillingMethods/${id}`),
      onSuccess: refresh,
    }),
  };
}

type Invoices = { invoiceid: number }[];

/** POST /api/sumBatchPayments: the default card's last four and the sum of the ticked invoices. */
export const sumBatchPayments = (invoices: Invoices) =>
  api.post<{ lastfour: string; sum: string }[]>('/api/sumBatchPayments', invoices);

/** POST /api/makeBatchPayments: answers at once; a job charges the batch. */
export const makeBatchPayments = (invoices: Invoices) =>
  api.post<{ success: boolean; batchId: number }>('/api/makeBatchPayments', invoices);
