import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FERRARA_CODE, signInAs } from './catalogue-helpers.ts';
import { useApp } from './harness.ts';
import { DEMO_PASSWORD, visible } from './helpers.ts';
import { totp } from './totp.ts';

const app = useApp();
const page = app.page;

/** The demo staff's TOTP secret (apps/api/src/demo-data DEMO_STAFF_TOTP_SECRET). */
const STAFF_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

async function staffSignIn(p: Page) {
  await p.goto('/staff');
  await p.getByLabel('E-mail').fill('admin@mitrebox.example');
  await p.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await p.getByRole('button', { name: 'Sign in' }).click();
  await p.getByLabel('Code from your authenticator app').fill(totp(STAFF_TOTP_SECRET));
  await p.getByRole('button', { name: 'Verify' }).click();
}

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

describe('the back-office catalogue', () => {
  it('staff imports a price change from CSV (a bad file first imports nothing) and the customer sees the new price', async () => {
    const p = await page();
    await staffSignIn(p);
    await p.getByRole('link', { name: 'Catalogue' }).click();
    await visible(p.getByRole('heading', { name: 'Catalogue', level: 1 }));
    await p.getByLabel('Search code, name or description').fill(FERRARA_CODE);
    await visible(
      p.getByRole('table', { name: /Products with list prices/ }).getByRole('button', { name: FERRARA_CODE }),
    );
    await app.shot(p, 'staff-catalogue-products');

    await p.getByRole('tab', { name: 'CSV import and export' }).click();
    const fileInput = p.locator('input[type="file"]');

    // a bad file: the errors by row and column, nothing imported
    await fileInput.setInputFiles(
      csvFile('bad.csv', `code,length\n${FERRARA_CODE},-1\nNOPE 1,=HYPERLINK("x")\n`),
    );
    await p.getByRole('button', { name: 'Import', exact: true }).click();
    const report = p.getByRole('status');
    await visible(report.getByText('Nothing was imported: 2 errors in 2 rows.'));
    const errors = p.getByRole('table', { name: 'Errors by row and column' });
    await visible(errors.getByRole('cell', { name: 'length must not be negative.' }));
    expect(await errors.getByRole('row').count()).toBe(3);
    await app.shot(p, 'staff-catalogue-import-errors');

    // the price change: checked, then imported
    await fileInput.setInputFiles(csvFile('prices.csv', `code,length\n${FERRARA_CODE},87.65\n`));
    await p.getByRole('button', { name: 'Check (dry run)' }).click();
    await visible(report.getByText('Dry run, nothing saved: 0 new, 1 changed, 0 unchanged.'));
    await p.getByRole('button', { name: 'Import', exact: true }).click();
    await visible(report.getByText('Imported 1 rows: 0 new, 1 changed, 0 unchanged.'));
    await app.shot(p, 'staff-catalogue-imported');
    // the same file again changes nothing
    await p.getByRole('button', { name: 'Import', exact: true }).click();
    await visible(report.getByText(/^Nothing to change: all 1 rows match the catalogue/));

    // the customer's product page shows the new list price
    const c = await page();
    await signInAs(c, '10001');
    await c.goto(`/productDetail/${FERRARA_CODE}`);
    await visible(c.getByTestId('list-price-value').filter({ hasText: '87.65' }));
    await app.shot(c, 'customer-sees-imported-price');
  });
});
