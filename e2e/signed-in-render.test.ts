import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './harness.ts';
import { accountMenu, atPath, DEMO_PASSWORD, fillSignIn, live, visible } from './helpers.ts';

const app = useApp();
const page = app.page;

/** The page as the server sent it: no script runs. */
async function serverHtmlOf(p: Page, path: string) {
  await p.route('**/*.js', (route) => route.abort());
  try {
    await p.goto(path);
    return {
      inert: await p.evaluate(() => document.getElementById('root')?.hasAttribute('inert') ?? false),
      heading: (await p.locator('h1').allTextContents()).join(' | '),
      // the buyer's own prices are in the HTML (a visitor's shop has none)
      prices: (await p.getByText('Your price').count()) > 0,
    };
  } finally {
    await p.unroute('**/*.js');
  }
}

describe('signed-in screens rendered by the server (ADR 013)', () => {
  it('paints the shop with its prices, the cart, the Frame Builder and the orders list from the HTML, live once the app has run; sign-out ends it', async () => {
    const p = await page();
    await fillSignIn(p, '10001', DEMO_PASSWORD);
    await atPath(p, '/');
    await visible(accountMenu(p));

    // what the sign-in left: the page session cookie (HttpOnly, Lax) and the hint naming the stored user
    const cookies = await p.context().cookies();
    const pageSession = cookies.find((c) => c.name === 'mb_page_session');
    expect(pageSession?.httpOnly).toBe(true);
    expect(pageSession?.sameSite).toBe('Lax');
    const userId = await p.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id);
    expect(cookies.find((c) => c.name === 'mb_session')?.value).toBe(String(userId));

    for (const [path, heading, prices] of [
      ['/Shop', 'Shop', true],
      ['/Cart', 'Shopping Cart', false],
      ['/FrameBuilder', 'Frame Creator', false],
      ['/Admin/userListOrders', 'Orders Invoiced', false],
    ] as const) {
      expect(await serverHtmlOf(p, path), path).toEqual({ inert: true, heading, prices });
      // with its scripts, the app renders over it and the screen works
      await p.goto(path);
      await live(p);
      await visible(p.getByRole('heading', { level: 1, name: heading }));
    }
    await app.shot(p, 'orders-signed-in-rendered');

    await accountMenu(p).click();
    await p.getByRole('menuitem', { name: 'Sign out' }).click();
    await atPath(p, '/');
    expect((await p.context().cookies()).some((c) => c.name === 'mb_page_session')).toBe(false);
    // signed out, the cart is no longer rendered by the server (the frame, then the app's sign-in rule), and the
    // shop is the visitor's: no prices
    expect((await serverHtmlOf(p, '/Cart')).heading).toBe('');
    expect(await serverHtmlOf(p, '/Shop')).toEqual({ inert: true, heading: 'Shop', prices: false });
  });
});
