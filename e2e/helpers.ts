import type { Locator, Page } from 'playwright-core';

/** The demo data's sign-ins (apps/api/src/demo-data/accounts.ts): every account uses this password. */
export const DEMO_PASSWORD = 'framing-demo';
/** Base32 TOTP secret of demo account 10007. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const CUSTOMER_SERVICE_PHONE = '800-640-2467';

const TIMEOUT = 20_000;

export async function visible(locator: Locator, timeout = TIMEOUT): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

/**
 * The home page, the shop's listing and product pages and the signed-in screens come painted from HTML (ADR
 * 013) and the app renders over them a little later (the pages the server renders are inert until then): what a
 * person sees at once is not yet usable. Waits until the app has rendered (main.tsx marks #root `data-live`).
 */
export async function live(page: Page, timeout = TIMEOUT): Promise<void> {
  await page.waitForSelector('#root[data-live]:not([inert])', { state: 'attached', timeout });
  // a page the app took over must have been the app's own first render (apps/web/src/app/stage-render.tsx)
  const hydration = await page.evaluate(() =>
    document.getElementById('root')?.getAttribute('data-hydration'),
  );
  if (hydration === 'mismatch')
    throw new Error(`${page.url()}: the server's HTML differed from the app's first render`);
}

/**
 * Waits until the page has painted twice since now: whatever a key press or click just set going in the app
 * (a state change, a route change) has been committed by then. For asserting that something did *not* happen.
 */
export async function painted(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

export async function atPath(page: Page, path: string | RegExp, timeout = TIMEOUT): Promise<void> {
  await page.waitForURL(
    (url) =>
      typeof path === 'string' ? url.pathname.toLowerCase() === path.toLowerCase() : path.test(url.pathname),
    { timeout },
  );
}

export async function fillSignIn(page: Page, username: string, password: string): Promise<void> {
  if (!/\/login/i.test(new URL(page.url()).pathname)) await page.goto('/login');
  await page.getByLabel('Username (account #)').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** The header's account menu (only there when signed in). */
export const accountMenu = (page: Page) => page.getByRole('button', { name: /account menu$/ });
export const headerSignIn = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true });
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

export async function storedValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}
