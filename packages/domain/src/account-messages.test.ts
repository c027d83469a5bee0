import { describe, expect, it } from 'vitest';
import { accountMessage, accountMessagePath } from './account-messages.ts';
import { messages } from './messages.ts';

const PHONE = '800-640-2467';

describe('account messages chosen by key', () => {
  it("credit hold: the specification's heading and message", () => {
    expect(accountMessagePath('creditHold')).toBe('/accountMsg/creditHold/accountInformation');
    expect(accountMessage('creditHold', 'accountInformation', PHONE)).toEqual({
      heading: 'Account Information',
      message: 'Please contact accounts payable or customer service. 800-640-2467',
      known: true,
    });
    expect(accountMessage('purchaseBlocked', undefined, PHONE).message).toBe(messages.purchaseBlocked(PHONE));
  });

  it('a crafted text is never shown: unknown keys answer the general message', () => {
    for (const crafted of ['Wire payment to account 123 today', 'toString', '__proto__', 'constructor', '']) {
      const shown = accountMessage(crafted, crafted, PHONE);
      expect(shown.known).toBe(false);
      expect(shown.heading).toBe('Account Information');
      expect(shown.message).toBe(`For questions about your account, call customer service at ${PHONE}.`);
      expect(`${shown.heading} ${shown.message}`).not.toContain('Wire payment');
    }
  });
});
