import { describe, expect, it } from 'vitest';
import { guardRoute, isLoginRequired } from './route-guard.ts';

describe('route guard (storefront §6, account-area §2)', () => {
  it.each([
    // path, verification token held, access token held, decision
    ['/', false, false, 'allow'],
    ['/Shop', false, false, 'allow'],
    ['/Admin', false, false, 'go-login'],
    ['/Admin/userListOrders', false, false, 'go-login'],
    ['/Admin/userListOrders', false, true, 'allow'],
    ['/Cart', false, false, 'go-login'],
    ['/pdflist', false, false, 'go-login'],
    ['/orderComplete', false, false, 'go-login'],
    ['/userListOrders', false, false, 'go-login'],
    ['/orderView/12', false, false, 'go-login'],
    ['/userSettings', false, false, 'go-login'],
    ['/whereToBuy', false, false, 'allow'],
    ['/verifyData', true, false, 'allow'],
    ['/login', true, false, 'allow'],
    ['/login/abc.def', true, false, 'allow'],
    ['/', true, false, 'clear-verification-go-home'],
    ['/Shop', true, false, 'clear-verification-go-home'],
    ['/Admin', true, true, 'clear-verification-go-home'],
  ] as const)('%s (vtoken %s, token %s) → %s', (path, hasVerificationToken, hasAccessToken, decision) => {
    expect(guardRoute({ path, hasVerificationToken, hasAccessToken })).toBe(decision);
  });

  it('does not treat look-alike paths as login-required', () => {
    expect(isLoginRequired('/cartography')).toBe(false);
    expect(isLoginRequired('/administration')).toBe(false);
    expect(isLoginRequired('/admin')).toBe(true);
  });
});
