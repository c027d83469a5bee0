import { parseSixteenths } from '@mitrebox/domain';
import type { Locator, Page } from 'playwright-core';
import { atPath, DEMO_PASSWORD, fillSignIn, visible } from './helpers.ts';

/** Catalogue journeys' helpers: the shop's cards, totals and filters as a person sees them. */

const TIMEOUT = 20_000;

export const FERRARA_ID = 133;
export const FERRARA_CODE = 'FER-133-0412';

export async function signInAs(page: Page, account: string): Promise<void> {
  await fillSignIn(page, account, DEMO_PASSWORD);
  await atPath(page, '/');
}

export const cards = (page: Page) => page.getByTestId('product-card');

/** Waits until the grid shows at least `n` cards and answers how many there are. */
export async function cardCount(page: Page, atLeast = 1): Promise<number> {
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="product-card"]').length >= n,
    atLeast,
    { timeout: TIMEOUT },
  );
  return cards(page).count();
}

/** 'Total Results 211' → 211, once the listing has settled on `expected` (when given). */
export async function totalResults(page: Page, expected?: number): Promise<number> {
  const total = page.getByTestId('total-results');
  if (expected !== undefined) {
    await page.waitForFunction(
      (n) =>
        document.querySelector('[data-testid="total-results"]')?.textContent?.trim() === `Total Results ${n}`,
      expected.toLocaleString('en-US'),
      { timeout: TIMEOUT },
    );
  } else {
    await visible(total.getByText(/^Total Results/));
  }
  const text = (await total.textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** The catalogue's own answer for a query (what the screen must agree with). */
export async function apiTotal(baseUrl: string, query: Record<string, string>): Promise<number> {
  const params = new URLSearchParams({ ...query, items_per_page: '1' });
  const res = await fetch(`${baseUrl}/api/Shop/Products?${params}`);
  if (!res.ok) throw new Error(`GET /api/Shop/Products answered ${res.status}`);
  return ((await res.json()) as { total: number }).total;
}

/** The widths the cards show, in inches ('2 1/4″' → 2.25). */
export async function cardWidths(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('product-width').allTextContents();
  return texts.map((t) => (parseSixteenths(t.replace(/″/g, '').trim()) ?? Number.NaN) / 16);
}

export const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Filters' });

/** Sets one end of a size range in the filter panel (whole inches and a fraction like '3/8'). */
export async function setRangeEnd(
  scope: Locator,
  range: 'Width' | 'Height' | 'Rabbet Depth',
  end: 'from' | 'to',
  whole: string,
  fraction?: string,
): Promise<void> {
  await scope.getByLabel(`${range} ${end}, whole inches`).fill(whole);
  if (fraction) {
    await scope.getByLabel(`${range} ${end}, fraction of an inch`).click();
    await scope.page().getByRole('option', { name: fraction, exact: true }).click();
  }
}

export async function applyRange(scope: Locator, range: 'Width' | 'Height' | 'Rabbet Depth'): Promise<void> {
  await scope
    .getByRole('form', { name: `${range} range` })
    .getByRole('button', { name: 'Apply' })
    .click();
}

/** The product-details modal (it names the product; its body holds the item #). */
export const detailsDialog = (page: Page, code: string) => page.getByRole('dialog').filter({ hasText: code });

/** Scrolls to the bottom of the page (infinite scroll). */
export async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/** Waits (up to 15 s, then goes on) until the pictures in view have loaded, for screenshots worth looking at. */
export async function picturesInView(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        Array.from(document.images)
          .filter((img) => {
            const r = img.getBoundingClientRect();
            return r.width > 0 && r.bottom > 0 && r.top < window.innerHeight;
          })
          .every((img) => img.complete),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => {});
}
