import type {
  BillingMethod as BillingMethodShape,
  CreateBillingMethodRequest,
  MakePaymentRequest,
  UpdateBillingMethodRequest,
} from '@mitrebox/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from './call.ts';

export type BillingMethod = z.infer<typeof BillingMethodShape>;

/** The same cache entry My Account's account details use (['account', 'details', acctnum]). */
const detailsKey = (acctnum: string) => ['account', 'details', acctnum] as const;

/** GET /api/admin/accountBToken: which gateway, and where its hosted card fields are. */
export function useGatewayConfig(enabled = true) {
  return useQuery({
    queryKey: ['payments', 'gateway'],
    queryFn: ({ signal }) =>
      call('GET /api/admin/accountBToken', { query: { origin: window.location.origin }, signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** The account's saved cards (from GET /api/admin/accountDetails). */
export function useBillingMethods(acctnum: string | null | undefined) {
  return useQuery({
    queryKey: detailsKey(acctnum ?? ''),
    queryFn: ({ signal }) =>
      call('GET /api/admin/accountDetails', { query: { Acctnum: acctnum ?? undefined }, signal }),
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
      call('POST /api/admin/makePayment', { body, headers: { 'Idempotency-Key': key } }),
  });
}

/** Add, edit (or make default) and delete a billing method; the account details are re-read after each. */
export function useBillingMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['account', 'details'] });
  return {
    add: useMutation({
      mutationFn: (body: CreateBillingMethodRequest) =>
        call('POST /api/admin/accountBillingMethods', { body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateBillingMethodRequest }) =>
        call('PUT /api/admin/accountBillingMethods/:id', { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call('DELETE /api/admin/accountBillingMethods/:id', { params: { id } }),
      onSuccess: refresh,
    }),
  };
}

type Invoices = { invoiceid: number }[];

/** POST /api/sumBatchPayments: the default card's last four and the sum of the ticked invoices. */
export const sumBatchPayments = (invoices: Invoices) =>
  call('POST /api/sumBatchPayments', { body: invoices });

/** POST /api/makeBatchPayments: answers at once; a job charges the batch. */
export const makeBatchPayments = (invoices: Invoices) =>
  call('POST /api/makeBatchPayments', { body: invoices });
