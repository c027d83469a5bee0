import { CANNOT_BUY_ALERT_DELAY_MS, messages, SHOP_PAGE_SIZE } from '@mitrebox/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiTotal,
  applyRange,
  cardCount,
  cards,
  cardWidths,
  detailsDialog,
  FERRARA_CODE,
  FERRARA_ID,
  picturesInView,
  scrollToBottom,
  setRangeEnd,
  sidebar,
  signInAs,
  totalResults,
} from './catalogue-helpers.ts';
import { PHONE, useApp } from './harness.ts';
import { atPath, CUSTOMER_SERVICE_PHONE, live, visible } from './helpers.ts';

const app = useApp();
const page = app.page;

const search = (p: Page) => new URL(p.url()).searchParams;

describe('the shop, anonymous', () => {
  it('filters by a collection and a width range, and Back restores the filters', async () => {
    const p = await page();
    await p.goto('/Shop');
    const mouldings = await apiTotal(app.baseUrl, { type: '4' });
    expect(await totalResults(p, mouldings)).toBe(mouldings);
    expect(await cardCount(p, SHOP_PAGE_SIZE)).toBe(SHOP_PAGE_SIZE);

    // Collection: Ferrara
    await sidebar(p)
      .getByRole('checkbox', { name: /^Ferrara/ })
      .check();
    const ferrara = await apiTotal(app.baseUrl, {
      type: '4',
      filters: JSON.stringify({ collection: [FERRARA_ID] }),
    });
    await totalResults(p, ferrara);
    expect(search(p).get('collection')).toBe(String(FERRARA_ID));
    await visible(p.getByRole('button', { name: 'Remove filter Collection: Ferrara' }));
    await p.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="product-card"]').length === n,
      Math.min(ferrara, SHOP_PAGE_SIZE),
    );
    for (const line of await cards(p).allTextContents()) expect(line).toContain('Ferrara');

    // Width 2 to 3 inches
    await setRangeEnd(sidebar(p), 'Width', 'from', '2');
    await setRangeEnd(sidebar(p), 'Width', 'to', '3');
    await applyRange(sidebar(p), 'Width');
    const narrowed = await apiTotal(app.baseUrl, {
      type: '4',
      filters: JSON.stringify({ collection: [FERRARA_ID], width: { from: '2', to: '3' } }),
    });
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(ferrara);
    await totalResults(p, narrowed);
    await p.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="product-card"]').length === n,
      narrowed,
    );
    expect(search(p).get('widthFrom')).toBe('2');
    expect(search(p).get('widthTo')).toBe('3');
    const widths = await cardWidths(p);
    expect(widths).toHaveLength(narrowed);
    for (const w of widths) {
      expect(w).toBeGreaterThanOrEqual(2);
      expect(w).toBeLessThanOrEqual(3);
    }
    for (const text of await cards(p).allTextContents()) expect(text).toContain('Ferrara');
    await visible(p.getByRole('button', { name: 'Remove filter Width: 2″ – 3″' }));
    await picturesInView(p);
    await app.shot(p, 'shop-ferrara-width', { fullPage: false });

    // A copied link reproduces the view
    const copied = await page();
    await copied.goto(p.url());
    await totalResults(copied, narrowed);
    await visible(copied.getByRole('button', { name: 'Remove filter Width: 2″ – 3″' }));

    // Back: the width range goes, the collection stays
    await p.goBack();
    await totalResults(p, ferrara);
    expect(search(p).get('widthFrom')).toBeNull();
    expect(search(p).get('collection')).toBe(String(FERRARA_ID));
    expect(await sidebar(p).getByLabel('Width from, whole inches').inputValue()).toBe('');
    await expect(
      sidebar(p)
        .getByRole('checkbox', { name: /^Ferrara/ })
        .isChecked(),
    ).resolves.toBe(true);
    await p.goBack();
    await totalResults(p, mouldings);

    // Forward again, then clear all
    await p.goForward();
    await totalResults(p, ferrara);
    await p.getByRole('list', { name: 'Active filters' }).getByRole('button', { name: 'Clear all' }).click();
    await totalResults(p, mouldings);
    expect(p.url()).toMatch(/\/Shop$/);
  });

  it('reads an exact width when “to” is empty (from = to)', async () => {
    const p = await page();
    await p.goto('/shop?widthFrom=2%201/4');
    const exact = await apiTotal(app.baseUrl, {
      type: '4',
      filters: JSON.stringify({ width: { from: '2 1/4' } }),
    });
    await totalResults(p, exact);
    for (const w of await cardWidths(p)) expect(w).toBe(2.25);
    await visible(p.getByRole('button', { name: 'Remove filter Width: 2 1/4″' }));
    expect(await sidebar(p).getByLabel('Width from, whole inches').inputValue()).toBe('2');
  });

  it('searches from the header, lists the matches, then opens a product', async () => {
    const p = await page();
    await p.goto('/');
    await live(p);
    const box = p.getByPlaceholder('Search by name or Item #');
    await box.fill('Ferrara');
    await visible(p.getByRole('option').first());
    await box.press('Enter');
    await atPath(p, '/shop');
    expect(search(p).get('nameSearch')).toBe('Ferrara');
    const matches = await apiTotal(app.baseUrl, { TopSearch: 'Ferrara' });
    await totalResults(p, matches);
    await visible(p.getByRole('heading', { level: 2, name: 'Results for “Ferrara”' }));
    await visible(p.getByRole('button', { name: 'Remove filter Search: “Ferrara”' }));
    const first = cards(p).first();
    const code = (await first.getAttribute('data-code')) ?? '';
    await first.getByRole('button', { name: 'Details' }).click();
    const dialog = detailsDialog(p, code);
    await visible(dialog);
    expect(new URL(p.url()).pathname).toBe(`/Shop/${code}`);
    await picturesInView(p);
    await app.shot(p, 'shop-search-details', { fullPage: false });
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(search(p).get('nameSearch')).toBe('Ferrara');
    expect(new URL(p.url()).pathname.toLowerCase()).toBe('/shop');

    // Choosing a suggestion opens that product over the shop
    await box.fill(FERRARA_CODE);
    await p.getByRole('option', { name: new RegExp(FERRARA_CODE) }).click();
    await atPath(p, `/Shop/${FERRARA_CODE}`);
    await visible(detailsDialog(p, FERRARA_CODE));
  });

  it('MORE appends the next page', async () => {
    const p = await page();
    await p.goto('/Shop');
    expect(await cardCount(p, SHOP_PAGE_SIZE)).toBe(SHOP_PAGE_SIZE);
    const more = p.getByRole('button', { name: 'MORE' });
    await more.scrollIntoViewIfNeeded();
    await more.click();
    expect(await cardCount(p, 2 * SHOP_PAGE_SIZE)).toBeGreaterThanOrEqual(2 * SHOP_PAGE_SIZE);
    // The first page is still there: appended, not replaced
    const codes = await cards(p).evaluateAll((els) => els.map((e) => e.getAttribute('data-code')));
    expect(new Set(codes).size).toBe(codes.length);
    // infinite scroll may append a further page while the list sits at the bottom: at least two pages shown
    await visible(p.getByText(/^Showing [1-9]\d{2,} of /));
  });

  it('infinite scroll appends pages', async () => {
    const p = await page();
    await p.goto('/Shop');
    expect(await cardCount(p, SHOP_PAGE_SIZE)).toBe(SHOP_PAGE_SIZE);
    await scrollToBottom(p);
    expect(await cardCount(p, 2 * SHOP_PAGE_SIZE)).toBeGreaterThanOrEqual(2 * SHOP_PAGE_SIZE);
    await scrollToBottom(p);
    expect(await cardCount(p, 3 * SHOP_PAGE_SIZE)).toBeGreaterThanOrEqual(3 * SHOP_PAGE_SIZE);
  });

  it('shows anonymous visitors no price anywhere', async () => {
    const p = await page();
    const answers: string[] = [];
    p.on('response', async (res) => {
      if (/\/api\/(shop\/products|getproductdetailsbycode)/i.test(res.url())) answers.push(await res.text());
    });
    await p.goto('/Shop');
    await cardCount(p, SHOP_PAGE_SIZE);
    const main = p.getByRole('main');
    expect(await main.getByText('$').count()).toBe(0);
    expect(await main.textContent()).not.toMatch(/\$\s?\d/);
    expect(await main.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);
    expect(await main.getByText(/available in/).count()).toBe(0);
    await cards(p).first().getByRole('button', { name: 'Details' }).click();
    const code = (await cards(p).first().getAttribute('data-code')) ?? '';
    const dialog = detailsDialog(p, code);
    await visible(dialog.getByText('Item #'));
    expect(await dialog.textContent()).not.toMatch(/\$\s?\d/);
    expect(await dialog.getByTestId('price-table').count()).toBe(0);
    expect(await dialog.getByTestId('stock-table').count()).toBe(0);
    await visible(dialog.getByRole('link', { name: 'Sign in' }));
    expect(answers.length).toBeGreaterThan(0);
    for (const a of answers) expect(a).not.toMatch(/"(Length|Chop|Mat1|Glass1|stock)"/);
    await picturesInView(p);
    await app.shot(p, 'shop-details-anonymous', { fullPage: false });
  });

  it('opens a product’s details at /Shop/{code}, over the shop', async () => {
    const p = await page();
    await p.goto(`/Shop/${FERRARA_CODE}`);
    const dialog = detailsDialog(p, FERRARA_CODE);
    await visible(dialog);
    await visible(dialog.getByText('Ferrara', { exact: true }));
    await visible(dialog.getByText('2 1/4″'));
    await cardCount(p, 1);
    await dialog.getByRole('button', { name: 'Close details' }).click();
    await atPath(p, '/Shop');
    expect(await cardCount(p, 1)).toBeGreaterThan(0);
  });

  it('works from the keyboard: a card’s Details opens and closes back to it', async () => {
    const p = await page();
    await p.goto('/Shop');
    await live(p);
    const first = cards(p).first();
    const code = (await first.getAttribute('data-code')) ?? '';
    const details = first.getByRole('button', { name: 'Details' });
    await details.focus();
    await p.keyboard.press('Enter');
    const dialog = detailsDialog(p, code);
    await visible(dialog);
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await p.waitForFunction(
      (c) => document.activeElement?.closest('[data-testid="product-card"]')?.getAttribute('data-code') === c,
      code,
    );
    // The range inputs apply with Enter
    const whole = sidebar(p).getByLabel('Width from, whole inches');
    await whole.fill('2');
    await whole.press('Enter');
    await p.waitForURL((u) => u.searchParams.get('widthFrom') === '2');
  });

  it('opens a picture in the lightbox', async () => {
    const p = await page();
    await p.goto('/Shop');
    const first = cards(p).first();
    const code = (await first.getAttribute('data-code')) ?? '';
    await first.getByRole('button', { name: `Enlarge picture of ${code}` }).click();
    const box = p.getByRole('dialog', { name: new RegExp(code) });
    await visible(box.getByRole('img'));
    await p.keyboard.press('Escape');
    await box.waitFor({ state: 'hidden' });
  });

  it('offers Select instead of add-to-cart in frame-builder mode', async () => {
    const p = await page();
    await p.goto('/Shop?fb=1');
    const first = cards(p).first();
    const code = (await first.getAttribute('data-code')) ?? '';
    await first.getByRole('button', { name: 'Select' }).click();
    await atPath(p, '/FrameBuilder');
    expect(search(p).get('select')).toBe(code);
  });

  it('empties to a Clear filters action', async () => {
    const p = await page();
    await p.goto('/shop?nameSearch=zzzzqqqq');
    await totalResults(p, 0);
    await visible(p.getByTestId('shop-empty'));
    await p.getByRole('button', { name: 'Clear filters' }).click();
    await totalResults(p, await apiTotal(app.baseUrl, { type: '4' }));
  });
});

describe('the shop on a phone', () => {
  it('keeps the filters off-canvas behind a Filters button', async () => {
    const p = await page({ viewport: PHONE, isMobile: true, hasTouch: true });
    await p.goto('/Shop');
    await cardCount(p, SHOP_PAGE_SIZE);
    expect(await sidebar(p).count()).toBe(0);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await picturesInView(p);
    await app.shot(p, 'shop-phone', { fullPage: false });

    await p.getByRole('button', { name: /^Filters/ }).click();
    const drawer = p.getByRole('dialog', { name: 'Filters' });
    await visible(drawer);
    await drawer.getByRole('checkbox', { name: /^Ferrara/ }).check();
    const ferrara = await apiTotal(app.baseUrl, {
      type: '4',
      filters: JSON.stringify({ collection: [FERRARA_ID] }),
    });
    await visible(drawer.getByRole('button', { name: `Show ${ferrara} results` }));
    await picturesInView(p);
    await app.shot(p, 'shop-phone-filters', { fullPage: false });
    await drawer.getByRole('button', { name: `Show ${ferrara} results` }).click();
    await drawer.waitFor({ state: 'hidden' });
    await totalResults(p, ferrara);
    await visible(p.getByRole('button', { name: 'Remove filter Collection: Ferrara' }));
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await picturesInView(p);
    await app.shot(p, 'shop-phone-ferrara', { fullPage: false });

    await cards(p).first().getByRole('button', { name: 'Details' }).click();
    const code = (await cards(p).first().getAttribute('data-code')) ?? '';
    await visible(detailsDialog(p, code));
    await picturesInView(p);
    await app.shot(p, 'shop-phone-details', { fullPage: false });
  });
});

describe('home and collections', () => {
  it('shows popular collections, what is new and the four locations', async () => {
    const p = await page();
    await p.goto('/');
    const popular = p.getByRole('region', { name: 'Popular collections' });
    await visible(popular.getByRole('link', { name: /^Ferrara/ }));
    expect(await popular.getByTestId('collection-tile').count()).toBe(6);
    // the carousel of every collection, far down the page, is made only as the buyer comes near it
    const all = p.getByRole('region', { name: 'All collections' });
    expect(await all.getByTestId('collection-tile').count()).toBe(0);
    await all.scrollIntoViewIfNeeded();
    await visible(all.getByTestId('collection-tile').first());
    expect(await all.getByTestId('collection-tile').count()).toBeGreaterThan(6);
    await p.evaluate(() => window.scrollTo(0, 0));
    const whatsNew = p.getByRole('region', { name: "What's New" });
    expect(await whatsNew.getByTestId('collection-tile').count()).toBeGreaterThan(0);
    await visible(
      p.getByRole('region', { name: 'Value Line' }).getByRole('link', { name: /Shop the Value Line/ }),
    );
    const locations = p.getByTestId('home-locations');
    for (const city of ['New Orleans', 'Greensboro', 'Tampa', 'Denver']) {
      await visible(locations.getByText(city, { exact: true }));
    }
    await visible(
      p.getByRole('navigation', { name: 'Best sellers' }).getByRole('link', { name: 'Innsbruck' }),
    );
    await visible(p.getByRole('link', { name: 'Mitrebox on Instagram' }).first());
    await visible(p.getByRole('heading', { name: 'Framers supplying framers since 1987' }));
    await picturesInView(p);
    await app.shot(p, 'home-catalogue');

    await popular.getByRole('link', { name: /^Ferrara/ }).click();
    await atPath(p, '/shop');
    expect(search(p).get('collection')).toBe(String(FERRARA_ID));
  });

  it('opens the filtered shop from a /collections tile, and Back returns', async () => {
    const p = await page();
    await p.goto('/collections');
    await visible(p.getByRole('heading', { level: 1, name: 'Collections' }));
    const tiles = p.getByTestId('collection-tile');
    await visible(tiles.first());
    expect(await tiles.count()).toBeGreaterThan(10);
    await picturesInView(p);
    await app.shot(p, 'collections', { fullPage: false });
    await p.getByLabel('Find a collection').fill('ferr');
    await p.waitForFunction(() => document.querySelectorAll('[data-testid="collection-tile"]').length === 1);
    await tiles.first().click();
    await atPath(p, '/shop');
    expect(search(p).get('collection')).toBe(String(FERRARA_ID));
    await visible(p.getByRole('button', { name: 'Remove filter Collection: Ferrara' }));
    const total = await apiTotal(app.baseUrl, {
      type: '4',
      filters: JSON.stringify({ collection: [FERRARA_ID] }),
    });
    await totalResults(p, total);
    await p.goBack();
    await atPath(p, '/collections');
  });

  it('has a simple product search and a product page', async () => {
    const p = await page();
    await p.goto('/productSearch');
    await p.getByLabel('Search by name or Item #').fill('Ferrara');
    await visible(p.getByTestId('search-result').first());
    expect(search(p).get('q')).toBe('Ferrara');
    expect(await p.getByRole('button', { name: /Add To Cart/ }).count()).toBe(0);
    await p.goto(`/productDetail/${FERRARA_CODE}`);
    await visible(p.getByRole('heading', { level: 1, name: /Ferrara/ }));
    await visible(p.getByText(`Item # ${FERRARA_CODE}`));
    await visible(p.getByRole('link', { name: 'Sign in for prices and stock' }));
    await picturesInView(p);
    await app.shot(p, 'product-detail-anonymous');
  });
});

describe('signed-in customers', () => {
  it('see prices, stock, Frequently Purchased and Buy Again (10001)', async () => {
    const p = await page();
    await signInAs(p, '10001');
    await p.goto('/Shop');
    await cardCount(p, SHOP_PAGE_SIZE);
    const first = cards(p).first();
    await visible(first.getByText(/^List \$\d/));
    await visible(first.getByRole('button', { name: 'Add to Cart' }));
    const frequent = p.getByTestId('frequently-purchased');
    await visible(frequent.getByRole('link', { name: `Shop ${FERRARA_CODE}` }));
    await visible(p.getByRole('heading', { name: 'Buy Again' }));
    await picturesInView(p);
    await app.shot(p, 'shop-signed-in', { fullPage: false });

    await frequent.getByRole('link', { name: `Shop ${FERRARA_CODE}` }).click();
    await atPath(p, `/Shop/${FERRARA_CODE}`);
    const dialog = detailsDialog(p, FERRARA_CODE);
    await visible(dialog.getByTestId('price-table'));
    await visible(dialog.getByTestId('stock-table'));
    for (const w of ['New Orleans', 'Greensboro', 'Tampa', 'Denver']) {
      await visible(dialog.getByTestId('stock-table').getByText(w));
    }
    await visible(dialog.getByTestId('price-table').getByText('Straight Cut'));
    await picturesInView(p);
    await app.shot(p, 'shop-details-signed-in', { fullPage: false });
    await p.keyboard.press('Escape');
    await atPath(p, '/Shop');

    // The card's Add to Cart opens the dialog
    await first.getByRole('button', { name: 'Add to Cart' }).click();
    await visible(p.getByRole('dialog', { name: 'Add to Cart' }));
  });

  it('opens the add-to-cart dialog at /Shop/{code}/Y (Buy Again)', async () => {
    const p = await page();
    await signInAs(p, '10001');
    await visible(p.getByRole('region', { name: 'Buy Again' }).getByTestId('buy-again-slide').first());
    await picturesInView(p);
    await app.shot(p, 'home-signed-in-buy-again');
    await p.goto(`/Shop/${FERRARA_CODE}/Y`);
    const dialog = p.getByRole('dialog', { name: 'Add to Cart' });
    await visible(dialog);
    await visible(dialog.getByText(FERRARA_CODE).first());
  });

  it('warns a purchase-blocked customer after a second, without add-to-cart (10002)', async () => {
    const p = await page();
    await signInAs(p, '10002');
    const opened = Date.now();
    await p.goto('/Shop');
    const alert = p.getByTestId('cannot-buy');
    await visible(alert);
    expect(Date.now() - opened).toBeGreaterThanOrEqual(CANNOT_BUY_ALERT_DELAY_MS);
    expect((await alert.textContent())?.trim()).toBe(messages.purchaseBlocked(CUSTOMER_SERVICE_PHONE));
    await picturesInView(p);
    await app.shot(p, 'shop-cannot-buy', { fullPage: false });
    await p.getByRole('button', { name: 'Keep browsing' }).click();
    await cardCount(p, 1);
    expect(await p.getByRole('main').getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);
    await visible(
      cards(p)
        .first()
        .getByText(/^List \$\d/),
    );
  });
});

describe('net prices, sort and the list view', () => {
  type Row = { Code: string; net_price?: { net: string; list: string } };
  async function accountListing(p: Page, query: string): Promise<Row[]> {
    const token = await p.evaluate(() => window.localStorage.getItem('token'));
    const res = await fetch(`${app.baseUrl}/api/Products?${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { data: Row[] }).data;
  }
  const dollars = (v: string) => `$${Number(v).toFixed(2)}`;

  it("a Shop card shows the account's net price beside the list price, as the server computes it", async () => {
    const p = await page();
    await signInAs(p, '10001');
    await p.goto('/Shop');
    await cardCount(p, 1);
    const first = cards(p).first();
    const code = await first.getAttribute('data-code');
    const [row] = (await accountListing(p, 'type=4&items_per_page=1')).filter((r) => r.Code === code);
    expect(row?.net_price).toBeTruthy();
    const net = row?.net_price as { net: string; list: string };
    expect((await first.getByTestId('net-price-value').textContent())?.trim()).toBe(dollars(net.net));
    expect((await first.getByTestId('list-price-value').textContent())?.trim()).toBe(dollars(net.list));
    await picturesInView(p);
    await app.shot(p, 'shop-net-prices', { fullPage: false });

    // the search results and the product page show it too
    await p.goto(`/productSearch?q=${encodeURIComponent(code ?? '')}`);
    await visible(p.getByTestId('search-result').first().getByTestId('net-price-value'));
    await p.goto(`/productDetail/${encodeURIComponent(code ?? '')}`);
    expect((await (await visible(p.getByTestId('net-price-value'))).first().textContent())?.trim()).toBe(
      dollars(net.net),
    );
  });

  it('sorts by price held in the URL, and a remembered list view buys by item number', async () => {
    const p = await page();
    await signInAs(p, '10001');
    await p.goto('/Shop');
    await cardCount(p, 1);
    await p.getByLabel('Sort by').selectOption('price-desc');
    await p.waitForURL((u) => u.searchParams.get('sort') === 'price' && u.searchParams.get('dir') === 'desc');
    const expected = (await accountListing(p, 'type=4&sort=price&dir=desc&items_per_page=3')).map(
      (r) => r.Code,
    );
    await p.waitForFunction(
      (code) => document.querySelector('[data-testid="product-card"]')?.getAttribute('data-code') === code,
      expected[0],
      { timeout: 20_000 },
    );

    await p.getByRole('radiogroup', { name: 'View' }).getByText('List').click();
    const table = await visible(p.getByTestId('product-table'));
    const rows = table.getByTestId('product-row');
    expect(await rows.nth(0).getAttribute('data-code')).toBe(expected[0]);
    expect(await rows.nth(1).getAttribute('data-code')).toBe(expected[1]);
    for (const header of ['Item #', 'Name', 'Width', 'List', 'Your price', 'Stock in New Orleans']) {
      await visible(table.getByRole('columnheader', { name: header, exact: true }));
    }
    await visible(rows.first().getByTestId('row-net-price'));
    await app.shot(p, 'shop-list-view', { fullPage: false });

    // remembered: a reload (and the sort in the URL) keep the list
    await p.reload();
    await visible(p.getByTestId('product-table'));
    expect(search(p).get('sort')).toBe('price');
    await rows
      .first()
      .getByRole('button', { name: /^Add to Cart:/ })
      .click();
    await visible(p.getByRole('dialog', { name: 'Add to Cart' }));
    await p.keyboard.press('Escape');

    await p.setViewportSize(PHONE);
    await visible(p.getByTestId('product-table'));
    await app.shot(p, 'shop-list-view-phone', { fullPage: false });
    await p.getByRole('radiogroup', { name: 'View' }).getByText('Grid').click();
    await cardCount(p, 1);
  });
});
