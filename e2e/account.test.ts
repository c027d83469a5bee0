import { accountSecurityMessages, formatMoney, invoiceStatusText, payButton, sum } from '@mitrebox/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  amountOf,
  apiAs,
  atPath,
  type ListRow,
  listOrders,
  openMenu,
  signInAs,
  tableRows,
} from './account-helpers.ts';
import { PHONE, useApp } from './harness.ts';
import { accountMenu, live, visible } from './helpers.ts';

const app = useApp();
const page = app.page;
/** 10001, signed in once for the desktop journeys (they run one after another). */
let p: Page;

interface InvoiceAnswer {
  data: { data: { Invnum: number; paystatus: number; balance: string; Ordnum: number }[] };
}

const invoice = async (pg: Page, n: number) =>
  (await apiAs<InvoiceAnswer>(pg, `/api/admin/invoices?Invoicenum=${n}`)).data.data[0];

/** The 'Showing 1–25 of 33' line → 33. */
async function shownTotal(pg: Page): Promise<number> {
  const text = await pg.getByText(/^Showing \d+–\d+ of \d+$/).textContent();
  return Number(/of (\d+)/.exec(text ?? '')?.[1]);
}

async function waitForRows(pg: Page, count: number) {
  await pg.waitForFunction((n) => document.querySelectorAll('main table tbody tr').length === n, count, {
    timeout: 20_000,
  });
}

/** On paper: no header, footer, account menu or buttons; the document in 12 px. */
async function printedWithoutFrame(pg: Page) {
  expect(await pg.getByRole('banner').isVisible()).toBe(false);
  expect(await pg.getByRole('contentinfo').isVisible()).toBe(false);
  expect(await pg.getByRole('navigation', { name: 'My Account' }).isVisible()).toBe(false);
  expect(await pg.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
  const fontSize = await pg
    .locator('main table')
    .first()
    .locator('td')
    .first()
    .evaluate((el) => getComputedStyle(el).fontSize);
  expect(fontSize).toBe('12px');
}

/** Runs an action that reloads the orders list and waits until the new page of rows is shown. */
async function reloadsList(pg: Page, action: () => Promise<unknown>) {
  const answered = pg.waitForResponse((r) => r.url().endsWith('/api/accountOrders') && r.ok());
  await action();
  await answered;
  await pg.waitForFunction(() => !document.querySelector('main table[data-busy]'));
}

beforeAll(async () => {
  p = await page();
  await signInAs(p, '10001');
});

describe('account area, desktop (10001)', () => {
  it('opens My Account from the header and shows the account, discounts and saved cards', async () => {
    await accountMenu(p).click();
    await p.getByRole('menuitem', { name: 'My Account' }).click();
    await atPath(p, '/Admin');
    await visible(p.getByRole('heading', { level: 1, name: 'My Account' }));
    const nav = p.getByRole('navigation', { name: 'My Account' });
    expect(await nav.getByRole('link', { name: 'My Account' }).getAttribute('aria-current')).toBe('page');
    await visible(p.getByTestId('account-10001').getByText('Crescent City Frame Works'));
    await visible(p.getByTestId('account-10001').getByText('New Orleans', { exact: true }));
    const discounts = p.getByRole('table', { name: 'Discounts' });
    await visible(discounts.getByRole('row', { name: /Length/ }));
    const cards = p.getByRole('table', { name: 'Billing methods' });
    await visible(cards.getByRole('row', { name: /Shop Visa/ }));
    expect(await cards.getByRole('row', { name: /Shop Visa/ }).textContent()).toContain('1111');
    await visible(p.getByRole('button', { name: 'Add card' }));
    await app.shot(p, 'account-my-account');
  });

  it('asks for the current password to change the e-mail, which waits for its link; refuses a taken one', async () => {
    await p.goto('/Admin/userSettings');
    const form = p.getByRole('form', { name: 'Update e-mail address' });
    const email = form.getByLabel('E-mail', { exact: true });
    const password = form.getByLabel('Current password', { exact: true });
    await email.fill('books@crescentcity.example');
    await form.getByRole('button', { name: 'Update', exact: true }).click();
    await visible(form.getByText(accountSecurityMessages.currentPasswordRequired));
    await password.fill('framing-demo');
    await form.getByRole('button', { name: 'Update', exact: true }).click();
    await visible(p.getByText(accountSecurityMessages.emailLinkSent('books@crescentcity.example')));
    // the sign-in e-mail changes only when the new address opens its link
    expect(await p.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').email)).toBe(
      'marie@crescentcityframes.example',
    );

    await email.fill('sam@milehighframes.example');
    await password.fill('framing-demo');
    await form.getByRole('button', { name: 'Update', exact: true }).click();
    await visible(p.getByText('The email has already been taken.'));
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await app.shot(p, 'account-email-taken', { fullPage: false });
  });

  it('lists Orders Invoiced: the last 6 months by default, newest order first, payable rows ticked only', async () => {
    await openMenu(p, 'Orders Invoiced');
    await atPath(p, '/Admin/userListOrders');
    await visible(p.locator('main table tbody tr'));
    // The default invoice-date range is set in the filters.
    expect(await p.getByLabel('Invoice date from').textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(await p.getByLabel('Invoice date to').textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    const orderDate = p.locator('thead th').filter({ hasText: 'Order date' });
    expect(await orderDate.getAttribute('aria-sort')).toBe('descending');

    const rows = await tableRows(p);
    expect(rows.length).toBe(Math.min(25, await shownTotal(p)));
    // Order dates (column 9) never rise down the page.
    const dates = rows.map((r) => {
      const [m, d, y] = r[8].split('/');
      return `${y}-${m}-${d}`;
    });
    expect([...dates].sort().reverse()).toEqual(dates);
    // A checkbox only on 'Not Paid' rows (isPayableRow); paid rows are green.
    const trs = p.locator('main table tbody tr');
    for (let i = 0; i < rows.length; i++) {
      const hasBox = (await trs.nth(i).locator('input[type=checkbox]').count()) > 0;
      // Paid (1 and 4) and the blank label of 3 are never payable; Not Paid (or its batch status) is.
      expect(hasBox, `row ${i}: ${rows[i].join(' | ')}`).toBe(rows[i][7] !== 'Paid' && rows[i][7] !== '');
      if (rows[i][7] === 'Paid') expect(await trs.nth(i).getAttribute('data-tone')).toBe('green');
    }
    await app.shot(p, 'account-orders-invoiced');
  });

  it('sorts by a column and flips the direction', async () => {
    const header = p.locator('thead').getByRole('button', { name: 'Total', exact: true });
    await reloadsList(p, () => header.click());
    await p.waitForURL(/sort=OrderInvTotal&dir=desc/);
    let totals = (await tableRows(p)).map((r) => amountOf(r[4]));
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
    expect(
      await p
        .locator('thead th')
        .filter({ hasText: /^Total$/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');

    await reloadsList(p, () => header.click());
    await p.waitForURL(/sort=OrderInvTotal&dir=asc/);
    totals = (await tableRows(p)).map((r) => amountOf(r[4]));
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
    // A credit shows in red in parentheses.
    const credit = p.locator('main table tbody tr[data-tone=green]').filter({ hasText: '(' }).first();
    if (await credit.count()) {
      const color = await credit
        .locator('td')
        .nth(4)
        .locator('span')
        .first()
        .evaluate((el) => getComputedStyle(el).color);
      expect(color).toBe('rgb(166, 30, 30)');
    }
    await app.shot(p, 'account-orders-sorted', { fullPage: false });
  });

  it('changes the page size and pages; Back restores the list', async () => {
    await p.goto('/Admin/userListOrders?invFrom=');
    await live(p); // the server's page is taken over (its select does nothing before)
    await visible(p.locator('main table tbody tr'));
    const total = await shownTotal(p);
    expect(total).toBeGreaterThan(50);
    await waitForRows(p, 25);

    await p.getByLabel('Rows per page').click();
    await p.getByRole('option', { name: '50', exact: true }).click();
    await p.waitForURL(/per=50/);
    await waitForRows(p, 50);
    await visible(p.getByText(`Showing 1–50 of ${total}`));

    await p.getByRole('button', { name: 'Page 2' }).click();
    await p.waitForURL(/page=2/);
    await waitForRows(p, Math.min(50, total - 50));
    await visible(p.getByText(`Showing 51–${Math.min(100, total)} of ${total}`));

    await p.goBack();
    await waitForRows(p, 50);
    await p.goBack();
    await waitForRows(p, 25);
    expect(new URL(p.url()).searchParams.get('per')).toBeNull();
  });

  it('finds an old invoice by its number (Enter), opens it, and Back restores the filters', async () => {
    await p.goto('/Admin/userListOrders');
    await visible(p.locator('main table tbody tr'));
    // The oldest invoice is far outside the default 6 months: the number alone is searched.
    const oldest = (await listOrders(p, { orderCol: 'InvDate', orderDir: 'asc', perPage: 25 })).data.find(
      (r: ListRow) => r.invoices.length > 0,
    );
    expect(oldest).toBeDefined();
    const number = oldest!.invoices[0];

    await p.getByLabel('Invoice number').fill(String(number));
    await visible(p.getByText(`Searching by invoice number ${number} only`));
    await p.getByLabel('Invoice number').press('Enter');
    await p.waitForURL(new RegExp(`inv=${number}`));
    await waitForRows(p, 1);
    const link = p.locator('main table tbody').getByRole('link', { name: String(number), exact: true });
    await app.shot(p, 'account-orders-by-invoice', { fullPage: false });

    await link.click();
    await atPath(p, `/Admin/InvoiceDetails/${number}`);
    await visible(p.getByRole('heading', { level: 1, name: `Invoice ${number}` }));

    await p.goBack();
    await atPath(p, '/Admin/userListOrders');
    expect(await p.getByLabel('Invoice number').inputValue()).toBe(String(number));
    await waitForRows(p, 1);
    await p.goBack();
    await waitForRows(p, 25);
    expect(await p.getByLabel('Invoice number').inputValue()).toBe('');
  });

  it('shows an invoice with its status, payments and totals, and prints it without the page frame', async () => {
    const partPaid = (await listOrders(p, { paystatus: '', invDateFrom: '' })).data.find(
      (r) => r.paystatus === 3,
    );
    expect(partPaid).toBeDefined();
    const number = partPaid!.invoices[0];
    const expected = await invoice(p, number);

    await p.goto(`/Admin/InvoiceDetails/${number}`);
    await visible(p.getByRole('heading', { level: 1, name: `Invoice ${number}` }));
    expect(await p.getByTestId('invoice-status').textContent()).toBe(
      invoiceStatusText(expected.paystatus, expected.balance),
    );
    const pay = payButton(expected.paystatus, expected.balance);
    const submit = p.getByRole('button', { name: 'Submit Payment' });
    expect(await submit.count()).toBe(pay.shown ? 1 : 0);
    if (pay.shown) expect(await submit.isEnabled()).toBe(pay.enabled);
    await visible(p.getByLabel('From', { exact: true }));
    await visible(p.getByLabel('To', { exact: true }));
    await visible(p.getByRole('table', { name: 'Items' }));
    await visible(p.getByLabel('Totals').getByText('Balance due'));

    // The payments table opens and closes.
    const toggle = p.getByRole('button', { name: /^Payments/ });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await visible(p.getByRole('columnheader', { name: 'Pay Amt' }));
    await app.shot(p, 'account-invoice');

    await p.emulateMedia({ media: 'print' });
    try {
      await printedWithoutFrame(p);
      await app.shot(p, 'account-invoice-print');
    } finally {
      await p.emulateMedia({ media: 'screen' });
    }
  });

  it('shows an order with its invoice notice and totals', async () => {
    const order = (await listOrders(p, { invDateFrom: '' })).data.find((r) => r.invoices.length === 1)!;
    await p.goto(`/Admin/OrderDetails/${order.Ordnum}`);
    await visible(p.getByRole('heading', { level: 1, name: `Order ${order.Ordnum}` }));
    await visible(p.getByText('This order has been invoiced'));
    await visible(p.getByRole('alert').getByRole('link', { name: String(order.invoices[0]) }));
    const total = p
      .getByLabel('Totals')
      .locator('div', { has: p.locator('dt', { hasText: /^Total$/ }) })
      .locator('dd');
    expect(await total.textContent()).toBe(formatMoney(order.OrderInvTotal));
    await visible(p.getByRole('button', { name: 'Print' }));
    await app.shot(p, 'account-order');
    await p.emulateMedia({ media: 'print' });
    try {
      await printedWithoutFrame(p);
      await app.shot(p, 'account-order-print');
    } finally {
      await p.emulateMedia({ media: 'screen' });
    }
  });

  it('lists credits: 5000… numbers plain, credit memos linked to their invoice', async () => {
    await openMenu(p, 'Credits');
    const table = p.getByRole('table', { name: 'Credits' });
    await visible(table.locator('tbody tr'));
    const rows = await table.locator('tbody tr').all();
    let linked: string | null = null;
    let plain = 0;
    for (const row of rows) {
      const first = row.locator('td').first();
      const text = (await first.textContent())?.trim() ?? '';
      const links = await first.getByRole('link').count();
      if (text.startsWith('5000')) {
        expect(links, text).toBe(0);
        plain++;
      } else {
        expect(links, text).toBe(1);
        linked ??= text;
      }
    }
    expect(plain).toBeGreaterThan(0);
    expect(linked).not.toBeNull();
    await app.shot(p, 'account-credits');

    await table.getByRole('link', { name: linked! }).click();
    await visible(p.getByRole('heading', { level: 1, name: `Invoice ${linked}` }));
    expect(await p.getByTestId('invoice-status').textContent()).toBe('View Credit Memo');
  });

  it('opens a pending order: only the thank-you, the Pending label and the number', async () => {
    await openMenu(p, 'Orders Pending');
    await waitForRows(p, 2);
    const rows = await tableRows(p);
    for (const r of rows) expect(r[7]).toBe('Pending');
    const ordnum = rows[0][1];
    await p.locator('main table tbody').getByRole('link', { name: ordnum, exact: true }).click();
    await atPath(p, `/Admin/OrderDetails/${ordnum}`);
    await visible(p.getByRole('heading', { level: 1, name: 'Thank you for your order' }));
    await visible(p.getByText('Pending', { exact: true }));
    expect(await p.getByTestId('order-number').textContent()).toBe(ordnum);
    await visible(p.getByText(/confirmation will be sent to you by e-mail/));
    await visible(p.getByRole('link', { name: 'Pending Orders' }));
    expect(await p.getByRole('button', { name: 'Print' }).count()).toBe(0);
    expect(await p.getByRole('table').count()).toBe(0);
    await app.shot(p, 'account-order-pending');
  });

  it('Payments: ticks unpaid invoices, totals them, and opens the batch summary and the payment modal', async () => {
    await openMenu(p, 'Payments');
    await atPath(p, '/Admin/userListOrders/payments');
    await visible(p.locator('main table tbody tr'));
    const unpaid = (await listOrders(p, { paystatus: '0' })).data;
    await waitForRows(p, unpaid.length);
    const boxes = p.locator('main table tbody input[type=checkbox]');
    expect(await boxes.count()).toBe(unpaid.length);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await visible(p.getByText('2 invoices selected'));
    const byOrd = new Map(unpaid.map((r) => [r.Ordnum, r]));
    const rows = await tableRows(p);
    const due = sum([0, 1].map((i) => byOrd.get(Number(rows[i][1]))!.balance ?? '0'));
    expect(await p.getByTestId('selection-total').textContent()).toBe(`$${formatMoney(due)}`);

    await app.shot(p, 'account-payments-selected', { fullPage: false });
    await p.getByRole('button', { name: 'Make Payment' }).click();
    const summary = p.getByRole('dialog', { name: 'Batch Summary' });
    await visible(summary.getByText('Your Card ending in 1111 will be billed for'));
    await summary.getByRole('button', { name: 'Close', exact: true }).click();
    await summary.waitFor({ state: 'hidden' });

    // An unpaid invoice's Submit Payment opens the Billing Method modal (paying is e2e/payments.test.ts).
    const number = unpaid[0].invoices[0];
    await p.goto(`/Admin/InvoiceDetails/${number}`);
    const submit = p.getByRole('button', { name: 'Submit Payment' });
    await visible(submit);
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    const dialog = p.getByRole('dialog', { name: `Pay invoice ${number}` });
    await visible(dialog);
    await app.shot(p, 'account-submit-payment', { fullPage: false });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('PaymentBatch: filters by batch number, New York times, invoice links', async () => {
    await p.goto('/Admin/userListOrders/payments');
    await p.getByRole('link', { name: 'Payment batches' }).click();
    await atPath(p, '/Admin/PaymentBatch');
    await visible(p.getByRole('heading', { level: 1, name: 'Payment Batches' }));
    const table = p.getByRole('table', { name: 'Batch payments' });
    await visible(table.locator('tbody tr'));
    const created = await table.locator('tbody tr td').nth(5).textContent();
    expect(created).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [AP]M E[DS]T$/);
    const batchId = (await table.locator('tbody tr td').nth(1).textContent())?.trim() ?? '';

    await p.getByLabel('Batch number').fill(batchId);
    await p.getByLabel('Batch number').press('Enter');
    await p.waitForURL(new RegExp(`batch=${batchId}`));
    for (const cell of await table.locator('tbody tr td:nth-child(2)').allTextContents())
      expect(cell.trim()).toBe(batchId);
    await app.shot(p, 'account-payment-batch');

    await p.getByLabel('Batch number').fill('999999');
    await p.getByRole('button', { name: 'Search' }).click();
    await visible(p.getByText('No payments in batch 999999'));

    await p.goBack();
    await visible(table.locator('tbody tr'));
    const invoiceLink = table.locator('tbody tr').first().getByRole('link').nth(1);
    const invnum = (await invoiceLink.textContent())?.trim();
    await invoiceLink.click();
    await visible(p.getByRole('heading', { level: 1, name: `Invoice ${invnum}` }));
  });

  it('Frequently Purchased: Shop and Buy again for each product', async () => {
    await p.goto('/Admin/FrequentlyPurchased');
    await visible(p.getByRole('heading', { level: 1, name: 'Frequently Purchased' }));
    const first = p.getByRole('list', { name: 'Purchased products' }).getByRole('listitem').first();
    await visible(first);
    const shop = first.getByRole('link', { name: /^Shop / });
    const code = ((await shop.getAttribute('aria-label')) ?? '').replace(/^Shop /, '');
    expect(await shop.getAttribute('href')).toBe(`/Shop/${encodeURIComponent(code)}`);
    expect(await first.getByRole('link', { name: /again$/ }).getAttribute('href')).toBe(
      `/Shop/${encodeURIComponent(code)}/Y`,
    );
    await app.shot(p, 'account-frequently-purchased', { fullPage: false });
  });
});

describe('another account', () => {
  it('10005 cannot open 10001’s invoice or order: a friendly not-found', async () => {
    const mine = (await listOrders(p, { invDateFrom: '' })).data.find((r) => r.invoices.length > 0)!;
    const other = await page();
    await signInAs(other, '10005');
    await other.goto(`/Admin/InvoiceDetails/${mine.invoices[0]}`);
    await visible(other.getByRole('heading', { name: "We couldn't find that invoice" }));
    expect(await other.getByRole('table').count()).toBe(0);
    await app.shot(other, 'account-invoice-not-found');
    await other.goto(`/Admin/OrderDetails/${mine.Ordnum}`);
    await visible(other.getByRole('heading', { name: "We couldn't find that order" }));
  });
});

describe('phone (390 × 844)', () => {
  it('shows the orders list as cards and an invoice without sideways scrolling', async () => {
    const phone = await page({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signInAs(phone, '10001');
    await phone.goto('/Admin/userListOrders');
    const cards = phone.getByRole('list', { name: 'Orders' });
    await visible(cards.getByRole('listitem'));
    expect(await cards.getByRole('listitem').count()).toBe(25);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The filters fold away on a phone; the menu is a row of tabs with the current one marked.
    const filters = phone.getByRole('button', { name: /^Filters/ });
    await visible(filters);
    const tab = phone
      .getByRole('navigation', { name: 'My Account' })
      .getByRole('link', { name: 'Orders Invoiced' });
    expect(await tab.getAttribute('aria-current')).toBe('page');
    await app.shot(phone, 'account-phone-orders', { fullPage: false });

    await filters.click();
    await visible(phone.getByLabel('Invoice number'));
    await app.shot(phone, 'account-phone-filters', { fullPage: false });

    const number = (await cards.getByRole('listitem').first().getByRole('link').nth(1).textContent())?.trim();
    await cards.getByRole('listitem').first().getByRole('link', { name: number, exact: true }).click();
    await visible(phone.getByRole('heading', { level: 1, name: `Invoice ${number}` }));
    await visible(phone.getByRole('list', { name: 'Items' }).getByRole('listitem'));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await app.shot(phone, 'account-phone-invoice');
  });
});
