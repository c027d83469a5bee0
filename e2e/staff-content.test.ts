import { DEMO_STAFF_TOTP_SECRET } from '@mitrebox/api/demo-data';
import { describe, expect, it } from 'vitest';
import { useApp } from './harness.ts';
import { DEMO_PASSWORD, visible } from './helpers.ts';
import { totp } from './totp.ts';

const app = useApp();

describe('back office: content', () => {
  it('staff edit the Terms page in the editor and the public Terms page shows it', async () => {
    const staff = await app.page();
    await staff.goto('/staff');
    await staff.getByRole('textbox', { name: 'E-mail' }).fill('admin@mitrebox.example');
    await staff.locator('input[type="password"]').fill(DEMO_PASSWORD);
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await visible(staff.getByLabel('Code from your authenticator app'));
    await staff.getByLabel('Code from your authenticator app').fill(totp(DEMO_STAFF_TOTP_SECRET));
    await staff.getByRole('button', { name: 'Verify' }).click();

    await staff.getByRole('link', { name: 'Pages and settings' }).click();
    await visible(staff.getByRole('heading', { level: 1, name: 'Pages and settings' }));
    const editor = await visible(staff.getByRole('textbox', { name: 'Terms text' }));
    await editor.click();
    await staff.keyboard.press('Control+End');
    await staff.keyboard.press('Enter');
    await staff.keyboard.type('Holiday orders ship on the next business day.');
    // a heading from the toolbar: the editor's own HTML goes to the server
    await staff.keyboard.press('Enter');
    await staff.getByRole('button', { name: 'Heading 3' }).click();
    await staff.keyboard.type('Gift cards');
    await app.shot(staff, 'staff-terms-editor');
    await staff.getByRole('button', { name: 'Save Terms' }).click();
    await visible(staff.getByRole('status').filter({ hasText: 'Saved.' }));

    const visitor = await app.page();
    await visitor.goto('/Terms');
    await visible(visitor.getByText('Holiday orders ship on the next business day.'));
    await visible(visitor.getByRole('heading', { level: 3, name: 'Gift cards' }));
    // the page's earlier text is still there
    await visible(visitor.getByRole('heading', { name: 'Prices' }));
    await app.shot(visitor, 'public-terms-after-edit');

    // the change is in the audit log with before and after
    const token = await staff.evaluate(() => window.localStorage.getItem('staffToken'));
    const res = await staff.request.get('/api/staff/audit?entity=setting', {
      headers: { authorization: `Bearer ${token}` },
    });
    const entry = (await res.json()).rows[0];
    expect(entry).toMatchObject({ action: 'setting.update', entityId: 'Terms' });
    expect(JSON.stringify(entry.after)).toContain('Holiday orders ship on the next business day.');
    expect(JSON.stringify(entry.before)).not.toContain('Holiday orders');
  });
});
