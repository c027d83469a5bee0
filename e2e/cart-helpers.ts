import { messages } from '@mitrebox/domain';
import type { Locator, Page } from 'playwright-core';
import { atPath, DEMO_PASSWORD, fillSignIn, visible } from './helpers.ts';

/** Products of the demo data (apps/api/src/demo-data/products.ts SEED_FIXTURES). */
export const FERRARA = 'FER-133-0412'; // 2 1/4" moulding with a 90 ft box
export const OUT_OF_STOCK = 'FER-133-0977'; // nothing on hand anywhere
export const MAT = 'MAT-B8601'; // Arctic White mat, ManufCode B8601

const TIMEOUT = 20_000;

export async function signIn(page: Page, account: string): Promise<void> {
  await fillSignIn(page, account, DEMO_PASSWORD);
  await atPath(page, '/');
}

export const addDialog = (page: Page) => page.getByRole('dialog', { name: 'Add to Cart' });

/** Opens the add-to-cart dialog through the cart page's deep link and waits for the product to load. */
export async function openAddDialog(page: Page, code: string): Promise<Locator> {
  await page.goto(`/Cart?add=${encodeURIComponent(code)}`);
  const dialog = addDialog(page);
  await visible(dialog.getByText(code, { exact: true }));
  await visible(dialog.getByRole('button', { name: 'Add to Cart' }));
  return dialog;
}

/** Picks an order type in the dialog's segmented control. */
export async function chooseType(dialog: Locator, label: string): Promise<void> {
  await dialog
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();
}

export async function fillSize(
  dialog: Locator,
  side: 'Length' | 'Width',
  whole: string,
  fraction?: string,
): Promise<void> {
  await dialog.getByLabel(`${side} (in)`).fill(whole);
  if (fraction) await dialog.getByLabel(`${side} fraction`).selectOption({ label: fraction });
}

/** The red message under the dialog's fields. */
export const dialogError = (dialog: Locator) => dialog.getByTestId('add-to-cart-error');

export async function clickAdd(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
}

/** Adds and waits for the toast and the dialog to close. */
export async function addAndConfirm(page: Page, dialog: Locator): Promise<void> {
  await clickAdd(dialog);
  await visible(page.getByText(messages.itemsAdded), TIMEOUT);
  await addDialog(page).waitFor({ state: 'hidden', timeout: TIMEOUT });
}

/** The number on the header's cart badge, read from the button's accessible name. */
export async function badgeCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('cart-button').getAttribute('aria-label')) ?? '';
  return Number(/Cart, (\d+)/.exec(label)?.[1] ?? Number.NaN);
}

export async function waitForBadge(page: Page, count: number): Promise<void> {
  await page
    .getByTestId('cart-button')
    .and(page.locator(`[aria-label="Cart, ${count} ${count === 1 ? 'item' : 'items'}"]`))
    .waitFor({ timeout: TIMEOUT });
}

export const cartLines = (page: Page) => page.getByTestId('cart-line');

/** '$1,234.50' → 1234.5 */
export const amount = (text: string | null) => Number((text ?? '').replace(/[$,\s]/g, ''));

/** The computed colour of an element, e.g. 'rgb(166, 30, 30)'. */
export const colorOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).color);

/** Red, as the theme's error text reads (red.7 = #a61e1e). */
export const ERROR_RED = 'rgb(166, 30, 30)';

/** The dialog's live estimate (the domain's priceLine with the account's discounts). */
export async function previewTotal(dialog: Locator): Promise<number> {
  return amount(await dialog.getByTestId('price-preview').locator('strong').textContent());
}

/** The dialog's unit price per foot ('$12.34 / ft' → 12.34). */
export async function unitPricePerFoot(dialog: Locator): Promise<number> {
  const text = await dialog
    .getByTestId('price-preview')
    .getByText(/ \/ ft$/)
    .textContent();
  return amount(/\$([\d,.]+)/.exec(text ?? '')?.[1] ?? '');
}
