import type { PaymentBatchSearchResponse } from '@mitrebox/api-contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

export type PaymentBatchPage = z.infer<typeof PaymentBatchSearchResponse>;
export type BatchPaymentRow = PaymentBatchPage['data'][number];

export const PAYMENT_BATCH_PAGE_SIZE = 25;

export interface PaymentBatchQuery {
  page: number;
  /** A batch number, or '' for every batch. */
  batchId: string;
}

/** POST /api/searchPaymentBatch {page, perPage, batchId}: the user's batch payments, newest first. */
export function usePaymentBatches(q: PaymentBatchQuery) {
  const body = { page: q.page, perPage: PAYMENT_BATCH_PAGE_SIZE, batchId: q.batchId };
  return useQuery({
    queryKey: ['payments', 'batches', body],
    queryFn: ({ signal }) => api.post<PaymentBatchPage>('/api/searchPaymentBatch', body, { signal }),
    placeholderData: keepPreviousData,
  });
}
