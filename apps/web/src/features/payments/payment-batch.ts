import { batchStatusText } from '@mitrebox/domain';
import type { BatchPaymentRow, PaymentBatchQuery } from './payments-api.ts';

/** The PaymentBatch screen's URL: ?batch=12&page=2 (both optional). Malformed values are dropped. */
export function readBatchQuery(params: URLSearchParams): PaymentBatchQuery {
  const batch = (params.get('batch') ?? '').trim();
  const page = Number(params.get('page'));
  return {
    batchId: /^\d{1,10}$/.test(batch) && Number(batch) > 0 ? batch : '',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

export function writeBatchQuery(q: PaymentBatchQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (q.batchId) params.set('batch', q.batchId);
  if (q.page > 1) params.set('page', String(q.page));
  return params;
}

/** A batch payment's status: the payment status's name, else the row's status ('In-Process' until one exists). */
export function batchRowStatus(row: Pick<BatchPaymentRow, 'status' | 'payment_status'>): string {
  const status =
    row.status?.trim() && row.status !== 'In-Process'
      ? row.status
      : row.payment_status?.name?.trim() || row.status;
  return batchStatusText({ exists: true, status }) ?? '';
}

export type StatusTone = 'green' | 'red' | 'yellow';

export function statusTone(status: string): StatusTone {
  const s = status.toLowerCase();
  if (s === 'approved' || s === 'paid' || s === 'completed') return 'green';
  if (s === 'declined' || s === 'failed' || s === 'error') return 'red';
  return 'yellow';
}
