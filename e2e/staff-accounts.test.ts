import { describe, expect, it } from 'vitest';
import { useApp } from './harness.ts';
import { accountMenu, fillSignIn, visible } from './helpers.ts';
import { staffSignIn } from './staff-helpers.ts';

const app = useApp();

describe('back office: accounts', () => {
  it('staff signs in with TOTP, creates an account, and the customer signs in with it', async () => {
    const p = await app.page();
    await staffSignIn(p, 'sales@mitrebox.example');
    await visible(p.getByTestId('staff-user').getByText('sales@mitrebox.example', { exact: false }));
    await app.shot(p, 'staff-home');

    await p.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Accounts' }).click();
    await visible(p.getByRole('heading', { level: 1, name: 'Accounts' }));
    await visible(p.getByRole('link', { name: '10001' }));
    await p.getByLabel(/Search accounts/).fill('Mile High');
    await visible(p.getByRole('cell', { name: 'Mile High Frame Studio' }));
    await app.shot(p, 'staff-accounts');

    await p.getByRole('link', { name: 'New account' }).click();
    await visible(p.getByRole('heading', { level: 1, name: 'New account' }));
    await p.getByRole('textbox', { name: 'Account number' }).fill('20077');
    await p.getByRole('textbox', { name: 'Company' }).fill('Bluebonnet Frames');
    await p.getByRole('textbox', { name: 'Contact person' }).fill('Rosa Vega');
    await p.getByRole('textbox', { name: 'E-mail' }).fill('rosa@bluebonnet.example');
    await p.getByRole('textbox', { name: 'City' }).fill('Austin');
    await p.locator('input[autocomplete="new-password"]').fill('cedar-rabbet-2026');
    await p.getByLabel(/At the first sign-in/).uncheck();
    await app.shot(p, 'staff-new-account');
    await p.getByRole('button', { name: 'Create the account' }).click();
    await visible(p.getByRole('heading', { level: 1, name: /Bluebonnet Frames/ }));
    await visible(p.getByText('Account 20077 was created.'));
    await visible(p.getByRole('cell', { name: 'rosa@bluebonnet.example' }));
    await app.shot(p, 'staff-account-detail');

    // the customer, in their own browser
    const customer = await app.page();
    await fillSignIn(customer, '20077', 'cedar-rabbet-2026');
    await visible(accountMenu(customer));
    expect(
      await customer.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').accounts?.[0]?.Acctnum),
    ).toBe('20077');
  });
});
