import { describe, expect, it } from 'vitest';
import {
  AMOUNT_DECIMALS_MESSAGE,
  batchStatusText,
  creditAmountText,
  invoiceStatusText,
  isLinkedCreditInvoice,
  isPayableRow,
  orderRowTone,
  orderStatusLabel,
  partPaidNotice,
  payButton,
  paymentAmountProblem,
} from './invoice-status.ts';

describe('order list status label and colour (account-area §4)', () => {
  it.each([
    [1, null, 'Paid', 'green'],
    [4, null, 'Paid', 'green'],
    [0, null, 'Not Paid', 'black'],
    [3, null, '', 'pink'],
    [null, null, '', 'black'],
    [0, 'In-Process', 'In-Process', 'black'],
    [3, 'Approved', 'Approved', 'pink'],
    [4, 'Declined', 'Declined', 'green'],
    // a paid row keeps its label whatever the batch says
    [1, 'Declined', 'Paid', 'green'],
  ])('paystatus %j, batch %j → %j, %s', (paystatus, batch, label, tone) => {
    expect(orderStatusLabel(paystatus, batch)).toBe(label);
    expect(orderRowTone(paystatus)).toBe(tone);
  });

  it("batch status reads 'In-Process' while none exists", () => {
    expect(batchStatusText({ exists: true, status: null })).toBe('In-Process');
    expect(batchStatusText({ exists: true, status: 'Approved' })).toBe('Approved');
    expect(batchStatusText({ exists: false, status: null })).toBeNull();
  });
});

describe('invoice status text and pay button', () => {
  it.each([
    [0, '1234.5', 'Balance $1,234.50'],
    [1, '0', 'Paid in full'],
    [2, '10', ''],
    [3, '99.99', 'Balance $99.99'],
    [4, '-20', 'View Credit Memo'],
  ])('paystatus %i → %j', (paystatus, balance, text) => {
    expect(invoiceStatusText(paystatus, balance)).toBe(text);
  });

  it.each([
    [0, '10.00', true, true],
    [0, '0.00', true, false],
    [3, '10.00', true, false],
    [1, '0.00', false, false],
    [4, '-5.00', true, false],
  ])('paystatus %i balance %s → shown %s enabled %s', (paystatus, balance, shown, enabled) => {
    expect(payButton(paystatus, balance)).toEqual({ shown, enabled });
  });
});

describe('rows, credits and payment amounts', () => {
  it('only unpaid rows with an amount and invoice numbers are payable', () => {
    expect(isPayableRow({ paystatus: 0, invamt: '10.00', invoiceNumbers: [1] })).toBe(true);
    expect(isPayableRow({ paystatus: 0, invamt: '0.00', invoiceNumbers: [1] })).toBe(false);
    expect(isPayableRow({ paystatus: 0, invamt: '10.00', invoiceNumbers: [] })).toBe(false);
    expect(isPayableRow({ paystatus: 3, invamt: '10.00', invoiceNumbers: [1] })).toBe(false);
    expect(isPayableRow({ paystatus: 1, invamt: '10.00', invoiceNumbers: [1] })).toBe(false);
  });

  it('credit invoices starting 5000 are not linked; amounts in parentheses', () => {
    expect(isLinkedCreditInvoice(500012)).toBe(false);
    expect(isLinkedCreditInvoice('412345')).toBe(true);
    expect(creditAmountText('-1234.5')).toBe('(1,234.50)');
  });

  it('payment amount: digits and a dot, 2 decimals, not above the balance', () => {
    expect(paymentAmountProblem('100', '150.00')).toBeNull();
    expect(paymentAmountProblem('150.00', '150.00')).toBeNull();
    expect(paymentAmountProblem('150.01', '150.00')).toBe('Amount should be less than or equal to 150.00');
    expect(paymentAmountProblem('1.234', '150.00')).not.toBeNull();
    expect(paymentAmountProblem('abc', '150.00')).not.toBeNull();
    expect(paymentAmountProblem('-5', '150.00')).not.toBeNull();
    expect(paymentAmountProblem('0', '150.00')).not.toBeNull();
  });

  it('an amount with three decimals is told about the cents, not the balance (issue 31)', () => {
    expect(AMOUNT_DECIMALS_MESSAGE).toBe('Enter the amount in dollars and cents (at most two decimals).');
    expect(paymentAmountProblem('1.005', '89.58')).toBe(AMOUNT_DECIMALS_MESSAGE);
    expect(paymentAmountProblem('.123', '89.58')).toBe(AMOUNT_DECIMALS_MESSAGE);
    expect(paymentAmountProblem('90.001', '89.58')).toBe(AMOUNT_DECIMALS_MESSAGE);
    // the specification's message stays for an amount above the balance and for anything else
    expect(paymentAmountProblem('89.59', '89.58')).toBe('Amount should be less than or equal to 89.58');
    expect(paymentAmountProblem('1e2', '89.58')).toBe('Amount should be less than or equal to 89.58');
  });

  it('a part-paid invoice says why it has no Pay button and what to do (issue 31)', () => {
    expect(payButton(3, '69.58')).toEqual({ shown: true, enabled: false });
    expect(partPaidNotice(3, '69.58', '(800) 640-2467')).toBe(
      'This invoice is part paid. To pay the remaining $69.58, call us at (800) 640-2467.',
    );
    expect(partPaidNotice(3, '1234.5', '555')).toBe(
      'This invoice is part paid. To pay the remaining $1,234.50, call us at 555.',
    );
    expect(partPaidNotice(0, '69.58', '555')).toBeNull();
    expect(partPaidNotice(3, '0.00', '555')).toBeNull();
    expect(partPaidNotice(1, '0.00', '555')).toBeNull();
  });
});
