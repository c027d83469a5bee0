import { describe, expect, it } from 'vitest';
import { accountBalance, isOwed } from './account-balance.ts';

describe('what an account owes (issue 31)', () => {
  it('an invoice is owed while not paid (0) or part paid (3) with a balance above 0', () => {
    expect(isOwed({ paystatus: 0, balance: '10.00' })).toBe(true);
    expect(isOwed({ paystatus: 3, balance: '69.58' })).toBe(true);
    expect(isOwed({ paystatus: 1, balance: '0.00' })).toBe(false);
    expect(isOwed({ paystatus: 4, balance: '-25.00' })).toBe(false);
    expect(isOwed({ paystatus: 0, balance: '0.00' })).toBe(false);
    expect(isOwed({ paystatus: 3, balance: null })).toBe(false);
    expect(isOwed({ paystatus: null, balance: '5.00' })).toBe(false);
  });

  it('the part-paid invoice counts: $2,309.56 of four unpaid invoices and $69.58 left on a fifth', () => {
    const invoices = [
      { paystatus: 0, balance: '1000.00' },
      { paystatus: 0, balance: '800.00' },
      { paystatus: 0, balance: '400.00' },
      { paystatus: 0, balance: '109.56' },
      { paystatus: 3, balance: '69.58' },
      { paystatus: 1, balance: '0.00' },
    ];
    expect(accountBalance(invoices, [])).toEqual({
      invoicesDue: '2379.14',
      invoiceCount: 5,
      creditsOpen: '0.00',
      totalDue: '2379.14',
    });
  });

  it('open credits are taken off by their size, whatever sign they are kept with', () => {
    const invoices = [{ paystatus: 0, balance: '100.10' }];
    const negative = accountBalance(invoices, [{ balance: '-20.05' }, { balance: '0.00' }]);
    const positive = accountBalance(invoices, [{ balance: '20.05' }]);
    expect(negative).toEqual({
      invoicesDue: '100.10',
      invoiceCount: 1,
      creditsOpen: '20.05',
      totalDue: '80.05',
    });
    expect(positive).toEqual(negative);
  });

  it('exact to the cent, and more credit than owed leaves a negative total (the supplier owes)', () => {
    const invoices = Array.from({ length: 10 }, () => ({ paystatus: 0, balance: '0.10' }));
    expect(accountBalance(invoices, []).totalDue).toBe('1.00');
    expect(accountBalance([], [{ balance: '-5.00' }]).totalDue).toBe('-5.00');
    expect(accountBalance([], [])).toEqual({
      invoicesDue: '0.00',
      invoiceCount: 0,
      creditsOpen: '0.00',
      totalDue: '0.00',
    });
  });
});
