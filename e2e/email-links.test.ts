import { startSmtpServer } from '@mitrebox/api/testing/smtp';
import { messages } from '@mitrebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './harness.ts';
import { accountMenu, atPath, fillSignIn, visible } from './helpers.ts';

/** A real SMTP server the shop delivers to, so the journey follows the link a customer would get. */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

// the mail server starts first (its beforeAll is registered first), so its address is known when the app starts
const app = useApp({ env: () => ({ SMTP_URL: smtp.url }) });

describe('forgot password, by e-mail, in the browser', () => {
  it('mails a link that sets a new password, then signs in with it', async () => {
    const p = await app.page();
    await p.goto('/forgot_password');
    await p.getByLabel('Email').fill('sam@milehighframes.example');
    await p.getByRole('button', { name: 'Send Password Reset Link' }).click();
    await visible(p.getByText(messages.forgotPassword.sent));

    const [mail] = await smtp.waitFor(1, 15_000);
    expect(mail.to).toEqual(['sam@milehighframes.example']);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/reset-password\/[A-Za-z0-9_-]+\/[^\s]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();

    await p.goto(link!);
    await visible(p.getByLabel(/^New password/));
    await p.getByLabel(/^New password/).fill('short');
    await p.getByLabel(/^Confirm new password/).fill('short');
    await p.getByRole('button', { name: /reset password/i }).click();
    await visible(p.getByText(/at least 10/));

    await p.getByLabel(/^New password/).fill('mile-high-2026');
    await p.getByLabel(/^Confirm new password/).fill('mile-high-2026');
    await p.getByRole('button', { name: /reset password/i }).click();
    await visible(p.getByText(messages.resetPassword.done));
    await app.shot(p, 'reset-password-done', { fullPage: false });
    // after 3 seconds the screen goes to Login on its own
    await atPath(p, '/login', 10_000);

    await fillSignIn(p, '10005', 'mile-high-2026');
    await visible(accountMenu(p));

    // the link worked once
    const again = await app.page();
    await again.goto(link!);
    await atPath(again, '/login');
  });
});

describe('an e-mail address not yet verified', () => {
  it('is refused with the message, mailed a link, and signs in once the link is followed', async () => {
    const p = await app.page();
    const before = smtp.received.length;
    await fillSignIn(p, '10006', 'framing-demo');
    await visible(p.getByText(messages.login.emailUnverified));
    const mails = await smtp.waitFor(before + 1, 15_000);
    const mail = mails[mails.length - 1];
    expect(mail.to).toEqual(['ada@lowcountryframes.example']);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/verifyEmail\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();

    await p.goto(link!);
    await visible(p.getByText('Your email is verified. You can now sign in.'));
    await app.shot(p, 'verify-email-done', { fullPage: false });
    await fillSignIn(p, '10006', 'framing-demo');
    await visible(accountMenu(p));
  });
});
