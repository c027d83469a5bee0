import { describe, expect, it } from 'vitest';
import { isCreditHold, isPurchaseBlocked } from './account-status.ts';

const acct = (ActiveType: string | null, terms: string | null) => ({ ActiveType, terms });

describe('purchase block (storefront §4)', () => {
  it.each([
    [[acct('Y', 'Net 30')], false],
    [[acct('N', 'Net 30')], true],
    [[acct('n', 'Net 30')], true],
    [[acct('Y', 'Do Not Sell')], true],
    [[acct('Y', 'DO NOT SELL')], true],
    [[acct('Y', 'credit hold')], true],
    [[acct('Y', 'Credit Hold')], true],
    [[acct('Y', null)], false],
    // only the first account decides
    [[acct('Y', 'Net 30'), acct('N', 'Credit Hold')], false],
    [[acct('N', 'Net 30'), acct('Y', 'Net 30')], true],
    // no account at all cannot buy
    [[], true],
  ])('%j → blocked %s', (accounts, blocked) => {
    expect(isPurchaseBlocked(accounts)).toBe(blocked);
  });

  it('credit hold is read from the terms, any case', () => {
    expect(isCreditHold(acct('Y', 'CREDIT HOLD'))).toBe(true);
    expect(isCreditHold(acct('Y', 'Net 30'))).toBe(false);
    expect(isCreditHold(undefined)).toBe(false);
  });
});
