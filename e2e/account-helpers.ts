import type { Page } from 'playwright-core';
import { atPath, DEMO_PASSWORD, fillSignIn } from './helpers.ts';

/** Signs in on a fresh page and waits to leave the login screen. */
export async function signInAs(page: Page, account: string): Promise<void> {
  await page.goto('/login');
  await fillSignIn(page, account, DEMO_PASSWORD);
  await page.waitForURL((url) => !url.pathname.toLowerCase().startsWith('/login'), { timeout: 20_000 });
}

/**
 * A call to the API with the page's own session token — to learn facts of the demo history (an old
 * invoice's number, an order's status) without hard-coding generated numbers.
 */
export async function apiAs<T>(page: Page, path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const res =
    body === undefined
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { headers, data: body });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

export interface ListRow {
  Ordnum: number;
  invoices: number[];
  paystatus: number | null;
  synced: number;
  invamt: string | null;
  balance: string | null;
  OrderInvTotal: string;
  InvDate: string | null;
}

export async function listOrders(page: Page, body: Record<string, unknown>) {
  const answer = await apiAs<{ data: { total: number; data: ListRow[] } }>(page, '/api/accountOrders', {
    page: 1,
    perPage: 400,
    ...body,
  });
  return answer.data;
}

/** The rows of the account area's orders table (desktop) as the text of each cell. */
export async function tableRows(page: Page): Promise<string[][]> {
  return page
    .locator('main table tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
    );
}

/** '1,234.50' or a credit '(35.70)' (with its hidden 'credit' word) → a number. */
export function amountOf(text: string): number {
  const credit = text.includes('(');
  const n = Number(text.replace(/credit|[(),\s$]/g, ''));
  return credit ? -n : n;
}

/** Opens an account-area menu item and waits for its heading. */
export async function openMenu(page: Page, item: string, heading: string | RegExp = item): Promise<void> {
  await page.getByRole('navigation', { name: 'My Account' }).getByRole('link', { name: item }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

export { atPath };
