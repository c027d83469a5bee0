import { describe, expect, it } from 'vitest';
import { batchRowStatus, readBatchQuery, statusTone, writeBatchQuery } from './payment-batch.ts';

describe('PaymentBatch URL', () => {
  it('round-trips the batch number and page', () => {
    const q = { batchId: '12', page: 3 };
    expect(readBatchQuery(writeBatchQuery(q))).toEqual(q);
    expect(writeBatchQuery({ batchId: '', page: 1 }).toString()).toBe('');
  });

  it('drops malformed values', () => {
    expect(readBatchQuery(new URLSearchParams('batch=abc&page=-2'))).toEqual({ batchId: '', page: 1 });
    expect(readBatchQuery(new URLSearchParams('batch=0'))).toEqual({ batchId: '', page: 1 });
  });
});

describe('batch status', () => {
  it('prefers the payment status name, then the row status, then In-Process', () => {
    expect(batchRowStatus({ status: 'Approved', payment_status: { name: 'Approved' } })).toBe('Approved');
    expect(batchRowStatus({ status: 'Declined', payment_status: null })).toBe('Declined');
    expect(batchRowStatus({ status: '', payment_status: null })).toBe('In-Process');
    // the batch job's own words win over the payment status name
    expect(batchRowStatus({ status: 'Completed', payment_status: { name: 'Approved' } })).toBe('Completed');
    expect(statusTone('Completed')).toBe('green');
    expect(statusTone('Failed')).toBe('red');
  });

  it('colours approved green, declined red, the rest as waiting', () => {
    expect(statusTone('Approved')).toBe('green');
    expect(statusTone('Declined')).toBe('red');
    expect(statusTone('In-Process')).toBe('yellow');
    expect(statusTone('Pending')).toBe('yellow');
  });
});
