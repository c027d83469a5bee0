import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './harness.ts';
import { accountMenu, atPath, DEMO_PASSWORD, fillSignIn, live, visible } from './helpers.ts';

const app = useApp();
const page = app.page;

/**
 * Loads a page and says whether the app took over the server's HTML (ADR 013): the heading the browser parsed is
 * still the one on screen once the app is live (a render over the page would have replaced it), and React reported
 * no difference between that HTML and its own first render.
 */
async function takenOver(p: Page, path: string): Promise<{ sameHeading: boolean; mismatch: string | null }> {
  await p.goto(path);
  await p.waitForSelector('#root[data-live]:not([inert])', { state: 'attached', timeout: 30_000 });
  return p.evaluate(() => ({
    sameHeading:
      (window as unknown as { parsedHeading?: Element | null }).parsedHeading ===
      document.querySelector('main h1'),
    mismatch: document.getElementById('root')?.getAttribute('data-hydration') ?? null,
  }));
}

/** Notes, before any script of the page runs, the heading the browser parsed from the HTML. */
const noteParsedHeading = (p: Page) =>
  p.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { parsedHeading?: Element | null }).parsedHeading =
        document.querySelector('main h1');
    });
  });

describe('the app takes over the pages the server rendered (ADR 013)', () => {
  it("keeps a visitor's shop, product page and public pages as the server sent them, on a phone and a desktop", async () => {
    for (const width of [412, 1280]) {
      const p = await page();
      await p.setViewportSize({ width, height: 860 });
      await noteParsedHeading(p);
      await p.goto('/Shop');
      await live(p);
      const { data } = await p.evaluate(() =>
        fetch('/api/Shop/Products?type=4&page=1&items_per_page=1').then(
          (r) => r.json() as Promise<{ data: { Code: string }[] }>,
        ),
      );
      const product = `/productDetail/${data[0]?.Code}`;
      for (const path of [
        '/Shop',
        product,
        '/collections',
        '/FrameBuilder',
        '/whereToBuy',
        '/careers',
        '/contactUs',
      ]) {
        expect(await takenOver(p, path), `${path} at ${width} px`).toEqual({
          sameHeading: true,
          mismatch: null,
        });
      }
    }
  });

  it("keeps a buyer's home page, shop, cart, Frame Builder, orders list and My Account as the server sent them", async () => {
    const p = await page();
    await noteParsedHeading(p);
    await fillSignIn(p, '10001', DEMO_PASSWORD);
    await atPath(p, '/');
    await visible(accountMenu(p));
    for (const path of [
      '/Shop',
      '/Cart',
      '/FrameBuilder',
      '/Admin/userListOrders',
      '/Admin',
      '/userSettings',
    ]) {
      expect(await takenOver(p, path), path).toEqual({ sameHeading: true, mismatch: null });
    }
    // a phone says so (the server renders the cart's and the orders list's phone layout, and the app's first render
    // assumes the same width)
    await p.setViewportSize({ width: 412, height: 860 });
    await p.setExtraHTTPHeaders({ 'sec-ch-ua-mobile': '?1' });
    for (const path of ['/Cart', '/Admin/userListOrders']) {
      expect(await takenOver(p, path), `${path} on a phone`).toEqual({ sameHeading: true, mismatch: null });
    }
    await p.setExtraHTTPHeaders({});
    // the home page: its account part comes drawn with the page (its welcome heading, orders and balance), with its
    // stylesheet, and is taken over as sent — before, a placeholder stood in its place and the page jumped when the
    // app drew it
    const home = await (await p.context().request.get('/')).text();
    expect(home).toContain('aria-label="Recent orders"');
    expect(home).toContain('data-testid="home-invoices-due"');
    expect(home).toMatch(/<link rel="stylesheet"[^>]*AccountHome-[\w-]+\.css/);
    expect(await takenOver(p, '/'), '/').toEqual({ sameHeading: true, mismatch: null });
    await live(p);
  });
});
