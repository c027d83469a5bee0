import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, signInAs } from './account-helpers.ts';
import { PHONE, useApp } from './harness.ts';
import { atPath, live, visible } from './helpers.ts';

/** Issue 10: plain-language refusals, phone cards, the shop's own account messages and the signed-in home. */

const app = useApp();
const page = app.page;

/** Technical text that must never reach a person's screen. */
const TECHNICAL = /Invoicenum|Ordernum|expected number|Too big|Too small|Invalid input|<=\d/;

async function mainText(p: Page): Promise<string> {
  return (await p.getByRole('main').innerText()).replace(/\s+/g, ' ');
}

describe('plain-language refusals', () => {
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

/** Every labelled cell of a stacked table's first card lies fully on the 390 px screen, its label shown. */
async function everyColumnOnScreen(p: Page, table: ReturnType<Page['getByRole']>, labels: string[]) {
  const cells = table.locator('tbody tr').first().locator('[data-label]');
  expect(await cells.count()).toBe(labels.length);
  for (const [i, label] of labels.entries()) {
    const cell = cells.nth(i);
    expect(await cell.getAttribute('data-label')).toBe(label);
    const box = await cell.boundingBox();
    expect(box, label).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), label).toBeLessThanOrEqual(PHONE.width);
    expect(box?.x ?? -1, label).toBeGreaterThanOrEqual(0);
    const before = await cell.evaluate((el) => getComputedStyle(el, '::before').content);
    expect(before, label).toBe(`"${label}"`);
    expect((await cell.innerText()).trim(), label).not.toBe('');
  }
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Scrolls so that the element's top shows below the header. */
async function showTop(el: ReturnType<Page['getByRole']>) {
  await el.evaluate((node) => window.scrollTo(0, node.getBoundingClientRect().top + window.scrollY - 140));
}

describe('phone cards with every column', () => {
  it('stock on the product page, Credits and Payment batches at 390 px', async () => {
    const p = await page({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signInAs(p, '10001');

    await p.goto('/productDetail/FER-133-0412');
    // the server's page (rendered for the buyer) is painted first; the app then lays it out for this screen
    await live(p);
    const stock = await visible(p.getByTestId('stock-table'));
    await stock.scrollIntoViewIfNeeded();
    await everyColumnOnScreen(p, stock, ['Warehouse', 'On hand', 'Committed', 'Available']);
    await showTop(stock);
    await app.shot(p, 'phone-product-stock', { fullPage: false });

    await p.goto('/Admin/Credits');
    const credits = await visible(p.getByRole('table', { name: 'Credits' }));
    await everyColumnOnScreen(p, credits, [
      'Invoice #',
      'Date',
      'Days Open',
      'Invoice Amount',
      'Payment Amount',
      'Balance Due',
    ]);
    await showTop(credits);
    await app.shot(p, 'phone-credits', { fullPage: false });

    await p.goto('/Admin/PaymentBatch');
    const batches = await visible(p.getByRole('table', { name: 'Batch payments' }));
    await visible(batches.locator('tbody tr'));
    await everyColumnOnScreen(p, batches, [
      'Payment Id',
      'Batch Id',
      'Invoice Id',
      'Status',
      'Amount',
      'Created',
      'Updated',
    ]);
    // the status is shown whole, not cut with an ellipsis
    const status = batches.locator('tbody tr').first().locator('[data-label="Status"] .mantine-Badge-label');
    expect(await status.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await showTop(batches);
    await app.shot(p, 'phone-payment-batches', { fullPage: false });
  });
});

describe('dead ends', () => {
  it('a crafted /accountMsg URL shows no crafted text, only the shop’s own message', async () => {
    const p = await page();
    await p.goto(
      `/accountMsg/${encodeURIComponent('Wire payment to account 123 today')}/${encodeURIComponent('Urgent notice')}`,
    );
    await visible(p.getByRole('heading', { level: 1, name: 'Account Information' }));
    const text = await mainText(p);
    expect(text).not.toContain('Wire payment');
    expect(text).not.toContain('Urgent notice');
    await visible(p.getByText('For questions about your account, call customer service at 800-640-2467.'));
    await app.shot(p, 'account-msg-crafted', { fullPage: false });

    await p.goto('/accountMsg/creditHold/accountInformation');
    await visible(p.getByRole('heading', { level: 1, name: 'Account Information' }));
    await visible(p.getByText('Please contact accounts payable or customer service. 800-640-2467'));
  });

  it('the sign-in page puts the focus on the account field', async () => {
    const p = await page();
    await p.goto('/login');
    await atPath(p, '/login');
    await p.waitForFunction(() => document.activeElement?.getAttribute('name') === 'username', null, {
      timeout: 20_000,
    });
    await p.keyboard.type('10001');
    expect(await p.getByLabel('Username (account #)').inputValue()).toBe('10001');
  });
});

describe('the signed-in home', () => {
  it('shows orders, invoices due with the balance, Buy Again with prices, and a quick order that fills the cart', async () => {
    const p = await page();
    await signInAs(p, '10005');
    await atPath(p, '/');
    await visible(p.getByRole('heading', { level: 1, name: /^Welcome back, / }));
    await visible(p.getByTestId('home-orders').getByRole('link', { name: /^Order \d+$/ }));
    const balance = (await (await visible(p.getByTestId('home-balance'))).textContent())?.trim();
    expect(balance).toMatch(/^\$[\d,]+\.\d{2}$/);
    await visible(p.getByRole('region', { name: 'Buy Again' }).getByTestId('buy-again-price').first());
    // the marketing hero is reduced to the welcome band
    expect(await p.getByText('Best sellers').count()).toBe(0);
    await app.shot(p, 'home-signed-in-glance', { fullPage: false });

    const box = p.getByLabel('Item # and quantity');
    await box.fill('FER-133-0412 12\nNOPE-000 3\nGL-MU-1824 x 2\nFER-133-0412 1.5');
    await p.getByTestId('quick-order').getByRole('button', { name: 'Add to Cart' }).click();
    await visible(p.getByText('2 lines were added to your cart.'));
    const problems = p.getByTestId('quick-order-problems');
    await visible(problems.getByText('Line 2'));
    await visible(problems.getByText('We have no item # NOPE-000.'));
    await visible(problems.getByText('Line 4'));
    // what could not be added stays in the box to be corrected
    expect(await box.inputValue()).toBe('NOPE-000 3\nFER-133-0412 1.5');
    await visible(p.getByRole('link', { name: 'Cart, 2 items' }));
    await p.getByTestId('quick-order').scrollIntoViewIfNeeded();
    await app.shot(p, 'home-quick-order', { fullPage: false });

    await p.goto('/Cart');
    await visible(p.getByText('FER-133-0412').first());
    await visible(p.getByText('GL-MU-1824').first());

    await p.setViewportSize(PHONE);
    await p.goto('/');
    await visible(p.getByTestId('quick-order'));
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await app.shot(p, 'home-signed-in-phone', { fullPage: false });
  });

  it('sends the first row of Buy Again with the page and adds the rest as the row comes near', async () => {
    const p = await page();
    await p.setViewportSize(PHONE);
    await signInAs(p, '10001');
    // the server's page: the first row only (4 slides, the most a row shows), not the buyer's whole list
    const html = await (await p.context().request.get('/')).text();
    expect(html).toContain('Welcome back');
    expect(html.match(/data-testid="buy-again-slide"/g)?.length).toBe(4);
    await p.goto('/');
    await live(p);
    // the carousel itself (its section is a region of the same name)
    const region = p.locator('[aria-roledescription="carousel"][aria-label="Buy Again"]');
    const recent = (await apiAs<{ data: unknown[] }>(p, '/api/recentPurchases?nodate=1&perPage=100')).data
      .length;
    expect(recent).toBeGreaterThan(4);
    await region.scrollIntoViewIfNeeded();
    await expect.poll(() => region.getByTestId('buy-again-slide').count()).toBe(recent);
    // every purchase can be reached with the carousel's own control
    await visible(region.getByRole('button', { name: 'More purchases' }));
  });

  it('anonymous visitors keep the marketing home', async () => {
    const p = await page();
    await p.goto('/');
    await visible(p.getByRole('heading', { level: 1, name: /framing trade/ }));
    expect(await p.getByTestId('quick-order').count()).toBe(0);
  });
});
