import type { ContractRoutes, RouteAnswer } from '@mitrebox/api-contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call.ts';

export type BatchPaymentRow = RouteAnswer<ContractRoutes['POST /api/searchPaymentBatch']>['data'][number];

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
    queryFn: ({ signal }) => call('POST /api/searchPaymentBatch', { body, signal }),
    placeholderData: keepPreviousData,
  });
}
