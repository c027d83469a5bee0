import { startSmtpServer } from '@mitrebox/api/testing/smtp';
import { messages } from '@mitrebox/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, useApp } from './harness.ts';
import { accountMenu, atPath, DEMO_PASSWORD, fillSignIn, headerSignIn, visible } from './helpers.ts';
import { staffSignIn } from './staff-helpers.ts';

/**
 * A stranger's wrong guesses do not keep the owner out (docs/decisions/008-sign-in-throttling.md). The stranger
 * guesses through the API from other addresses (the server trusts X-Forwarded-For from loopback here, as behind a
 * proxy); the owner uses the browser from a clean address, and past the account-wide limit from a browser that signed
 * in before or one that solves a proof-of-work challenge. Also the resend-verification journey of 10006.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

const app = useApp({
  env: () => ({ SMTP_URL: smtp.url, TRUST_PROXY: '127.0.0.1', LOGIN_MAX_FAILURES_ACCOUNT_TOTAL: '12' }),
});

/** The statuses of the page's sign-in calls, as they come. */
function signInAnswers(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/login') statuses.push(res.status());
  });
  return statuses;
}

/** One wrong password for the account from a stranger's address. */
async function strangerGuess(account: string, address: string): Promise<number> {
  const res = await fetch(`${app.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ username: account, password: `guess-${address}` }),
  });
  return res.status;
}

describe('an account a stranger is guessing at', () => {
  it('still lets its owner sign in from a clean address', async () => {
    // the stranger: three wrong passwords from each of three addresses (slowed down after two)
    const answers: number[] = [];
    for (const address of ['203.0.113.10', '203.0.113.11', '203.0.113.12'])
      for (let i = 0; i < 3; i++) answers.push(await strangerGuess('10001', address));
    expect(answers).toContain(401);
    expect(answers).toContain(429);

    const p = await app.page();
    await fillSignIn(p, '10001', DEMO_PASSWORD);
    await visible(accountMenu(p));
    await atPath(p, '/');
  });

  it('past the account-wide limit: a browser that signed in before goes straight in, a new one checks itself first', async () => {
    const known = await app.page();
    await fillSignIn(known, '10005', DEMO_PASSWORD);
    await accountMenu(known).click();
    await known.getByRole('menuitem', { name: 'Sign out' }).click();
    await visible(headerSignIn(known));

    for (let i = 0; i < 14; i++)
      expect(await strangerGuess('10005', `198.51.100.${i}`)).toBe(i < 12 ? 401 : 428);

    // the browser's device cookie (HttpOnly, sent only to the sign-in): no challenge
    const knownAnswers = signInAnswers(known);
    await fillSignIn(known, '10005', DEMO_PASSWORD);
    await visible(accountMenu(known));
    expect(knownAnswers).toEqual([200]);

    // a new browser: asked for proof of work, solves it ("Checking your browser…") and is let in
    const p = await app.page({ viewport: PHONE });
    const answers = signInAnswers(p);
    await fillSignIn(p, '10005', DEMO_PASSWORD);
    await visible(accountMenu(p));
    expect(answers).toEqual([428, 200]);
  });

  it('the e-mailed reset still clears the account: a new browser then signs in without a check', async () => {
    const p = await app.page({ viewport: PHONE });
    await p.goto('/login');
    await p.getByRole('link', { name: 'Forgot your password?' }).click();
    const before = smtp.received.length;
    await p.getByLabel('Email').fill('sam@milehighframes.example');
    await p.getByRole('button', { name: 'Send Password Reset Link' }).click();
    await visible(p.getByText(messages.forgotPassword.sent));
    const mails = await smtp.waitFor(before + 1, 15_000);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/reset-password\/[A-Za-z0-9_-]+\/[^\s]+)/.exec(
      mails[mails.length - 1].text,
    )?.[1];
    expect(link).toBeTruthy();

    await p.goto(link!);
    // the rule shows as the customer types: a common password is refused before it is sent
    await p.getByLabel(/^New password/).fill('password123');
    await visible(p.getByText(messages.password.tooCommon));
    await app.shot(p, 'reset-password-common', { fullPage: false });
    await p.getByLabel(/^New password/).fill('mile-high-mouldings');
    await p.getByLabel(/^Confirm new password/).fill('mile-high-mouldings');
    await p.getByRole('button', { name: /reset password/i }).click();
    await visible(p.getByText(messages.resetPassword.done));
    await atPath(p, '/login', 10_000);

    const answers = signInAnswers(p);
    await fillSignIn(p, '10005', 'mile-high-mouldings');
    await visible(accountMenu(p));
    expect(answers).toEqual([200]);
  });
});

describe('a staff sign-in strangers are guessing at', () => {
  it('past the account-wide limit, the back office sign-in checks the browser and goes on to the code', async () => {
    for (let i = 0; i < 13; i++) {
      const res = await fetch(`${app.baseUrl}/api/login/staff`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.101.${i}` },
        body: JSON.stringify({ email: 'sales@mitrebox.example', password: `guess-${i}` }),
      });
      expect(res.status).toBe(i < 12 ? 401 : 428);
    }
    const p = await app.page();
    const statuses: number[] = [];
    p.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/login/staff') statuses.push(res.status());
    });
    await staffSignIn(p, 'sales@mitrebox.example');
    expect(statuses).toEqual([428, 200]);
  });
});

describe('an e-mail address not yet verified (10006)', () => {
  it('asks for the link again from the sign-in screen and signs in after following it', async () => {
    const p = await app.page();
    const before = smtp.received.length;
    await fillSignIn(p, '10006', DEMO_PASSWORD);
    await visible(p.getByText(messages.login.emailUnverified));
    await smtp.waitFor(before + 1, 15_000);

    await p.getByRole('button', { name: messages.verifyEmail.resendButton }).click();
    await visible(p.getByText(messages.verifyEmail.resent));
    await app.shot(p, 'sign-in-verification-resent', { fullPage: false });
    const mails = await smtp.waitFor(before + 2, 15_000);
    const mail = mails[mails.length - 1];
    expect(mail.to).toEqual(['ada@lowcountryframes.example']);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/verifyEmail\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();

    await p.goto(link!);
    await visible(p.getByText('Your email is verified. You can now sign in.'));
    await fillSignIn(p, '10006', DEMO_PASSWORD);
    await visible(accountMenu(p));
  });
});
