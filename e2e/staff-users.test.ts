import { startSmtpServer } from '@mitrebox/api/testing/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, useApp } from './harness.ts';
import { visible } from './helpers.ts';
import { staffSignIn } from './staff-helpers.ts';
import { totp } from './totp.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

// the mail server starts first (its beforeAll is registered first), so its address is known when the app starts
const app = useApp({ env: () => ({ SMTP_URL: smtp.url }) });

describe('back office: staff users', () => {
  it('admin adds a staff user, who sets up from the e-mailed link; disabled, their next action signs them out', async () => {
    const admin = await app.page();
    await staffSignIn(admin, 'admin@mitrebox.example');
    const nav = admin.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Staff users' }).click();
    await visible(admin.getByRole('heading', { level: 1, name: 'Staff users' }));
    await visible(admin.getByRole('cell', { name: 'sales@mitrebox.example' }));
    await app.shot(admin, 'staff-users');

    await admin.getByRole('link', { name: 'New staff user' }).click();
    await admin.getByRole('textbox', { name: 'Name' }).fill('Ines Okafor');
    await admin.getByRole('textbox', { name: 'E-mail' }).fill('ines@mitrebox.example');
    await admin.getByRole('combobox', { name: 'Role' }).click();
    await admin.getByRole('option', { name: 'Accounting' }).click();
    await admin.getByRole('button', { name: 'Create and send the set-up link' }).click();
    await visible(admin.getByRole('heading', { level: 1, name: 'Ines Okafor' }));
    await visible(admin.getByText('Ines Okafor is added. A set-up link was sent to ines@mitrebox.example.'));
    await visible(admin.getByText('set-up pending'));

    // the new staff member, in their own browser, follows the link of the real SMTP conversation
    const mails = await smtp.waitFor(1, 15_000);
    const mail = mails.find((m) => m.to.includes('ines@mitrebox.example'))!;
    expect(mail.subject).toMatch(/Set up your .* staff sign-in/);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/staff\/enrol\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const ines = await app.page();
    await ines.goto(link!);
    await visible(ines.getByRole('heading', { level: 1, name: 'Set up your staff sign-in' }));
    await visible(ines.getByRole('img', { name: 'QR code to set up ines@mitrebox.example' }));
    const secret = (await ines.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await ines.getByLabel(/^New password/).fill('linen-liner-2026');
    await ines.getByLabel('Repeat the password').fill('linen-liner-2026');
    await ines.getByLabel('Code from your authenticator app').fill(totp(secret));
    await app.shot(ines, 'staff-enrol');
    await ines.getByRole('button', { name: 'Set up and sign in' }).click();
    await visible(ines.getByTestId('staff-user').getByText('ines@mitrebox.example', { exact: false }));
    // accounting sees the audit log, not the staff users
    const inesNav = ines.getByRole('navigation', { name: 'Back office' });
    await visible(inesNav.getByRole('link', { name: 'Audit log' }));
    expect(await inesNav.getByRole('link', { name: 'Staff users' }).count()).toBe(0);

    // the admin sees the sign-in and disables it
    await admin.reload();
    await visible(admin.getByText('authenticator set up'));
    await admin.getByRole('button', { name: 'Disable the sign-in' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await visible(admin.getByText('Ines Okafor is disabled and signed out.'));
    await app.shot(admin, 'staff-user-disabled');

    // her next action: the API answers 401 and the back office shows the sign-in again
    await inesNav.getByRole('link', { name: 'Audit log' }).click();
    await visible(ines.getByRole('heading', { level: 1, name: 'Mitrebox back office' }));
    await visible(ines.getByRole('button', { name: 'Sign in' }));
    expect(await ines.evaluate(() => localStorage.getItem('staffToken'))).toBeNull();
    // and her password no longer signs in
    await ines.getByLabel('E-mail').fill('ines@mitrebox.example');
    await ines.locator('input[autocomplete="current-password"]').fill('linen-liner-2026');
    await ines.getByRole('button', { name: 'Sign in' }).click();
    await visible(ines.getByText('This staff sign-in has been disabled.'));
  });

  it('staff open the orders of any account and an order with its lines (desktop and phone)', async () => {
    const p = await app.page();
    await staffSignIn(p, 'sales@mitrebox.example');
    await p.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
    await visible(p.getByRole('heading', { level: 1, name: 'Orders' }));
    await p.getByRole('textbox', { name: 'Account', exact: true }).fill('10001');
    await visible(p.getByRole('cell', { name: /Crescent City Frame Works/ }).first());
    const rows = p.getByRole('table', { name: /Orders of all accounts/ }).locator('tbody tr');
    await p.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('tbody tr td:nth-child(2)')).every((td) =>
          td.textContent?.startsWith('10001'),
        ),
      undefined,
      { timeout: 15_000 },
    );
    await p.getByRole('button', { name: /^Total/ }).click();
    await visible(p.locator('th[aria-sort="ascending"]', { hasText: 'Total' }));
    await app.shot(p, 'staff-orders');
    const first = rows.first().getByRole('link');
    const ordnum = (await first.innerText()).trim();
    await first.click();
    await visible(p.getByRole('heading', { level: 1, name: `Order ${ordnum}` }));
    const lines = p.getByRole('table', { name: `Lines of order ${ordnum}` }).locator('tbody tr');
    await visible(lines.first());
    expect(await lines.count()).toBeGreaterThan(0);
    await app.shot(p, 'staff-order');

    const phone = await app.page({ viewport: PHONE });
    await phone.goto('/staff');
    await phone.evaluate(
      (t) => localStorage.setItem('staffToken', t),
      await p.evaluate(() => localStorage.getItem('staffToken')!),
    );
    await phone.goto(`/staff/orders/${ordnum}`);
    await visible(phone.getByRole('heading', { level: 1, name: `Order ${ordnum}` }));
    await app.shot(phone, 'staff-order-phone');
  });
});
