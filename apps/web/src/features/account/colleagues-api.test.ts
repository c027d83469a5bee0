import { describe, expect, it } from 'vitest';
import { activityLink } from './colleagues-api.ts';

describe('activityLink', () => {
  it('leads an order to its details', () => {
    expect(activityLink({ kind: 'order', reference: '500123' })).toBe('/Admin/OrderDetails/500123');
  });
  it('leads a payment to its invoice, or to its batch', () => {
    expect(activityLink({ kind: 'payment', reference: '700456' })).toBe('/Admin/InvoiceDetails/700456');
    expect(activityLink({ kind: 'payment', reference: 'Invoice 700456' })).toBe(
      '/Admin/InvoiceDetails/700456',
    );
    expect(activityLink({ kind: 'payment', reference: 'Batch 12' })).toBe('/Admin/PaymentBatch?batch=12');
  });
  it('leaves an unknown reference as text', () => {
    expect(activityLink({ kind: 'payment', reference: 'card refund' })).toBeNull();
  });
});
