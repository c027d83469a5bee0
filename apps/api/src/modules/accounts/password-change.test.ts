import { accountSecurityMessages, messages } from '@mitrebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../testing/smtp.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ config: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const changePassword = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/userPassword', headers: bearer(token), payload });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
const login = (password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username: '10005', password } });

describe('changing the password from My Account', () => {
  const fresh = { password: 'mile-high-mouldings', password_confirmation: 'mile-high-mouldings' };

  it('needs the current password: none or a wrong one is refused and the password stays', async () => {
    const session = await signIn(t.app, '10005');
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
    const session = await signIn(t.app, '10005');
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
    const here = await signIn(t.app, '10005');
    const elsewhere = await signIn(t.app, '10005');
    const before = smtp.received.length;
    const res = await changePassword(here, { ...fresh, currentPassword: 'framing-demo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: accountSecurityMessages.passwordChanged });
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await login(fresh.password)).statusCode).toBe(200);
    expect((await login('framing-demo')).statusCode).toBe(401);

    const mails = await smtp.waitFor(before + 1);
    const notice = mails.slice(before).find((m) => m.to.includes('sam@milehighframes.example'));
    expect(notice?.subject).toMatch(/password was changed/);
  });
});
