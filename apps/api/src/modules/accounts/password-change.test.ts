import { accountSecurityMessages, messages } from '@mitrebox/domain';
import { describe, expect, it } from 'vitest';
import { testAppWithMail } from '../../testing/mail-app.ts';
import { bearer, signIn } from '../../testing/test-app.ts';

const shop = testAppWithMail();

const changePassword = (token: string, payload: object) =>
  shop.t.app.inject({ method: 'PUT', url: '/api/admin/userPassword', headers: bearer(token), payload });
const me = (token: string) => shop.t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
const login = (password: string) =>
  shop.t.app.inject({ method: 'POST', url: '/api/login', payload: { username: '10005', password } });

describe('changing the password from My Account', () => {
  const fresh = { password: 'mile-high-mouldings', password_confirmation: 'mile-high-mouldings' };

  it('needs the current password: none or a wrong one is refused and the password stays', async () => {
    const session = await signIn(shop.t.app, '10005');
    const none = await changePassword(session, fresh);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.currentPassword).toBe(accountSecurityMessages.currentPasswordRequired);
    const wrong = await changePassword(session, { ...fresh, currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.currentPassword).toBe(accountSecurityMessages.currentPasswordWrong);
    expect((await me(session)).statusCode).toBe(200);
    expect((await login('framing-demo')).statusCode).toBe(200);
    expect((await login(fresh.password)).statusCode).toBe(401);
  });

  it("the new password's own faults are answered on their fields", async () => {
    const session = await signIn(shop.t.app, '10005');
    const mismatch = await changePassword(session, {
      currentPassword: 'framing-demo',
      password: fresh.password,
      password_confirmation: 'something-else-entirely',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toBe(messages.verifyData.passwordsMustMatch);
    const same = await changePassword(session, {
      currentPassword: 'framing-demo',
      password: 'framing-demo',
      password_confirmation: 'framing-demo',
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.password).toBe(accountSecurityMessages.newPasswordSame);
  });

  it('with it: the other sessions end, this one stays, and the account e-mail is told', async () => {
    const here = await signIn(shop.t.app, '10005');
    const elsewhere = await signIn(shop.t.app, '10005');
    const before = shop.smtp.received.length;
    const res = await changePassword(here, { ...fresh, currentPassword: 'framing-demo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: accountSecurityMessages.passwordChanged });
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await login(fresh.password)).statusCode).toBe(200);
    expect((await login('framing-demo')).statusCode).toBe(401);

    const mails = await shop.smtp.waitFor(before + 1);
    const notice = mails.slice(before).find((m) => m.to.includes('sam@milehighframes.example'));
    expect(notice?.subject).toMatch(/password was changed/);
  });
});
