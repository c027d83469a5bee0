import { messages } from '@mitrebox/domain';
import { describe, expect, it } from 'vitest';
import { testAppWithMail } from '../../testing/mail-app.ts';
import { bearer, createTestApp, signIn } from '../../testing/test-app.ts';

const shop = testAppWithMail();

const post = (url: string, payload?: object) => shop.t.app.inject({ method: 'POST', url, payload });

describe('forgot and reset password, through a real SMTP conversation', () => {
  it('mails a reset link that sets a new password once, ends old sessions and lifts the lock', async () => {
    const oldToken = await signIn(shop.t.app, '10001');
    const res = await post('/forgot-password', { email: 'Marie@CrescentCityFrames.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'sent', message: messages.forgotPassword.sent } });

    const [mail] = await shop.smtp.waitFor(1);
    expect(mail.to).toEqual(['marie@crescentcityframes.example']);
    expect(mail.subject).toBe('Reset your Mitrebox password');
    const match = /https:\/\/shop\.example\/reset-password\/([A-Za-z0-9_-]+)\/([^\s]+)/.exec(mail.text);
    expect(match).toBeTruthy();
    const [, token, emailPart] = match!;
    const email = decodeURIComponent(emailPart);

    expect((await post(`/reset-password-check/${token}/${encodeURIComponent(email)}`)).statusCode).toBe(200);
    expect((await post(`/reset-password-check/${token}/other%40example.com`)).statusCode).toBe(404);
    expect((await post(`/reset-password-check/not-a-token/${encodeURIComponent(email)}`)).statusCode).toBe(
      404,
    );

    const mismatch = await post('/reset-password', {
      token,
      email,
      password: 'brand-new-pass',
      password_confirmation: 'other-pass-123',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().data.data.password).toContain('The password confirmation does not match.');
    const empty = await post('/reset-password', { token, email, password: '', password_confirmation: '' });
    expect(empty.json().data.data.password).toEqual(['The password field is required.']);

    const ok = await post('/reset-password', {
      token,
      email,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { status: 'passwords.reset' } });

    // the link works once, the old session is gone, the new password signs in
    const reuse = await post('/reset-password', {
      token,
      email,
      password: 'another-pass-1',
      password_confirmation: 'another-pass-1',
    });
    expect(reuse.statusCode).toBe(422);
    expect(
      (await shop.t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(oldToken) })).statusCode,
    ).toBe(401);
    expect((await post('/api/login', { username: '10001', password: 'brand-new-pass' })).statusCode).toBe(
      200,
    );
    expect((await post('/api/login', { username: '10001', password: 'framing-demo' })).statusCode).toBe(401);
  });

  it('a newer reset link voids the older one before either is used', async () => {
    const email = 'marie@crescentcityframes.example';
    const tokenOf = (text: string) => /\/reset-password\/([A-Za-z0-9_-]+)\//.exec(text)![1];
    const check = (token: string) => post(`/reset-password-check/${token}/${encodeURIComponent(email)}`);
    const before = shop.smtp.received.length;
    await post('/forgot-password', { email });
    const older = tokenOf((await shop.smtp.waitFor(before + 1))[before].text);
    expect((await check(older)).statusCode).toBe(200);
    await post('/forgot-password', { email });
    const newer = tokenOf((await shop.smtp.waitFor(before + 2))[before + 1].text);
    expect((await check(older)).statusCode).toBe(404);
    expect((await check(newer)).statusCode).toBe(200);
    const withOlder = await post('/reset-password', {
      token: older,
      email,
      password: 'older-link-pass',
      password_confirmation: 'older-link-pass',
    });
    expect(withOlder.json().data.status).toBe('passwords.token');
  });

  it('the older path /forgotEmail and the login-problem reset behave alike', async () => {
    const before = shop.smtp.received.length;
    expect((await post('/forgotEmail', { email: 'sam@milehighframes.example' })).json().data.status).toBe(
      'sent',
    );
    expect(
      (await post('/loginProblems/sendPasswordReset', { email: 'sam@milehighframes.example' })).json().data
        .status,
    ).toBe('sent');
    await shop.smtp.waitFor(before + 2);
  });

  it('an unknown address answers not found; a malformed one the format message', async () => {
    const res = await post('/forgot-password', { email: 'nobody@nowhere.example' });
    expect(res.json()).toEqual({ data: { status: 'not found', message: messages.forgotPassword.notFound } });
    const bad = await post('/forgot-password', { email: 'nobody' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Email format incorrect');
    expect((await post('/forgot-password', {})).statusCode).toBe(400);
  });

  it('login problems: active-account check and a report mailed to customer service', async () => {
    expect(
      (await post('/loginProblems/checkUserActive', { email: 'sam@milehighframes.example' })).json(),
    ).toEqual({
      data: { active_account: true },
    });
    expect(
      (await post('/loginProblems/checkUserActive', { email: 'luc@bayougallery.example' })).json(),
    ).toEqual({
      data: { active_account: false },
    });
    const before = shop.smtp.received.length;
    const res = await post('/loginProblems/sendLoginProblems', {
      email: 'sam@milehighframes.example',
      problem: 'My password manager lost it',
    });
    expect(res.json()).toEqual({ success: true });
    const mails = await shop.smtp.waitFor(before + 1);
    expect(mails.at(-1)?.text).toContain('My password manager lost it');
  });
});

describe('when the mail server is down', () => {
  it("answers 'Send Error' and keeps the message as failed in the outbox", async () => {
    const down = await createTestApp({ config: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const res = await down.app.inject({
        method: 'POST',
        url: '/forgot-password',
        payload: { email: 'sam@milehighframes.example' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { status: 'error', message: 'Send Error' } });
    } finally {
      await down.close();
    }
  });
});
