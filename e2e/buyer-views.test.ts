import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAs } from './account-helpers.ts';
import { PHONE, useApp } from './harness.ts';
import { atPath, visible } from './helpers.ts';

/** Issue 10: plain-language refusals, phone cards, the shop's own account messages and the signed-in home. */

const app = useApp();
const page = app.page;

/** Technical text that must never reach a person's screen. */
const TECHNICAL = /Invoicenum|Ordernum|expected number|Too big|Too small|Invalid input|<=\d/;

async function mainText(p: Page): Promise<string> {
  return (await p.getByRole('main').innerText()).replace(/\s+/g, ' ');
}

describe('plain-language refusals (issue 10.7)', () => {
  it('the orders search refuses a huge or non-numeric invoice number in plain words, before sending', async () => {
    const p = await page();
    await signInAs(p, '10001');
    await p.goto('/Admin/userListOrders');
    await visible(p.locator('main table tbody tr'));
    const sent: string[] = [];
    p.on('request', (r) => {
      if (r.url().includes('/api/accountOrders')) sent.push(r.postData() ?? '');
    });

    const box = p.getByLabel('Invoice number');
    await box.fill('99999999999');
    await box.press('Enter');
    await visible(p.getByText('Invoice number is too large. Check the number.'));
    await app.shot(p, 'orders-huge-invoice-number', { fullPage: false });

    await box.fill('12ab');
    await p.getByRole('button', { name: 'Search' }).click();
    await visible(p.getByText('Invoice number must be a number (digits only).'));
    expect(await box.inputValue()).toBe('12ab');
    expect(sent.filter((b) => b.includes('Invoicenum'))).toEqual([]);
    expect(new URL(p.url()).searchParams.get('inv')).toBeNull();
    expect(await mainText(p)).not.toMatch(TECHNICAL);
  });
});
