import type { SessionUser } from '@mitrebox/api-contract';
import { describe, expect, it } from 'vitest';
import { NO_RIGHTS, rightsOf } from './rights.ts';
import { describeSession } from './session.ts';

const account = (rights?: SessionUser['accounts'][number]['rights']) => ({
  Acctnum: '10001',
  Company: 'Crescent City Frame Works',
  Shipvia: null,
  ActiveType: 'Y',
  terms: 'Net 30',
  Location: null,
  rights,
});
const user = (rights?: SessionUser['accounts'][number]['rights']): SessionUser => ({
  id: 1,
  email: null,
  name: 'Clerk',
  accounts: [account(rights)],
  purchaseBlocked: false,
  mfaEnabled: false,
});

describe('rightsOf', () => {
  it('gives every right to a stored user from before rights were sent (the account itself)', () => {
    expect(rightsOf(account())).toEqual({ order: true, pay: true, prices: true, manage: true });
  });
  it('reads the rights as the server sends them (already as they apply)', () => {
    const clerk = { order: true, pay: false, prices: true, manage: false };
    expect(rightsOf(account(clerk))).toEqual(clerk);
  });
  it('gives none without an account', () => {
    expect(rightsOf(null)).toEqual(NO_RIGHTS);
  });
});

describe('the session offers ordering only with the order right', () => {
  const session = (u: SessionUser) => describeSession({ token: 't', user: u, vtoken: null, vuser: null });
  it('a clerk may order', () => {
    expect(session(user({ order: true, pay: false, prices: true, manage: false })).mayOrder).toBe(true);
  });
  it('a bookkeeper has no cart, and is not told the account is on hold', () => {
    const s = session(user({ order: false, pay: true, prices: true, manage: false }));
    expect(s.mayOrder).toBe(false);
    expect(s.purchaseBlocked).toBe(false);
    expect(s.rights.pay).toBe(true);
  });
  it('signed out: no rights', () => {
    expect(describeSession({ token: null, user: null, vtoken: null, vuser: null }).rights).toEqual(NO_RIGHTS);
  });
});
