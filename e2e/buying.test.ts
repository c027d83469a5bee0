import { addToCartMessages, BACKORDER_LABELS, messages, PO_MESSAGE } from '@mitrebox/domain';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addAndConfirm,
  addDialog,
  amount,
  cartLines,
  chooseType,
  clickAdd,
  dialogError,
  FERRARA,
  fillSize,
  OUT_OF_STOCK,
  openAddDialog,
  previewTotal,
  signIn,
  unitPricePerFoot,
  waitForBadge,
} from './cart-helpers.ts';
import { PHONE, useApp } from './harness.ts';
import { atPath, live, visible } from './helpers.ts';

/**
 * Buying without surprises (docs/decisions/007-typed-quantities-and-charged-amounts.md): typed lengths, back-order
 * estimates that charge only what ships or is back-ordered, cart lines changed in place, the PO rule said as it is
 * typed, and a last look before Place Order.
 */
const app = useApp();
const page = app.page;

/** Available feet at a warehouse, from the dialog's stock table. */
async function availableAt(dialog: Locator, warehouse: string): Promise<number> {
  const row = dialog.getByRole('row').filter({ hasText: warehouse });
  return amount(await row.getByRole('cell').nth(2).textContent());
}

const review = (p: Page) => p.getByRole('dialog', { name: 'Review your order' });

describe('a buyer at a desktop (10001, New Orleans)', () => {
  let p: Page;
  beforeAll(async () => {
    p = await page();
    await signIn(p, '10001');
  });

  it('the back-order choice changes the estimate: cancelled feet are never charged', async () => {
    const d = await openAddDialog(p, FERRARA);
    const available = await availableAt(d, 'New Orleans');
    const want = available + 20;
    await d.getByLabel('Length (ft)').fill(String(want));
    await visible(d.getByText(/^Back-ordered:/));
    const unit = await unitPricePerFoot(d);
    const price = (ft: number) => Math.round(unit * ft * 100) / 100;

    await d.getByRole('radio', { name: BACKORDER_LABELS.backcancel }).check();
    await visible(d.getByTestId('charged-amount').getByText(`${available.toFixed(2)} ft`));
    expect(await previewTotal(d)).toBeCloseTo(price(available), 2);
    await app.shot(p, 'buying-backorder-cancel-rest');

    await d.getByRole('radio', { name: BACKORDER_LABELS.backremq }).check();
    await visible(d.getByTestId('charged-amount').getByText(`${want.toFixed(2)} ft`));
    expect(await previewTotal(d)).toBeCloseTo(price(want), 2);

    await d.getByRole('radio', { name: BACKORDER_LABELS.backcancel }).check();
    const estimate = await previewTotal(d);
    await addAndConfirm(p, d);
    await p.goto('/Cart');
    await visible(cartLines(p).first());
    expect(amount(await p.getByTestId('cart-line-total').textContent())).toBe(estimate);
    expect(await p.getByTestId('cart-line-charged').textContent()).toBe(
      `${available.toLocaleString('en-US')} ft`,
    );
    await visible(
      p.getByText(`${BACKORDER_LABELS.backcancel} — ship ${available.toFixed(2)}, cancelled 20.00`),
    );
    await app.shot(p, 'buying-cart-charged');
  });

  it('nothing in stock and "cancel the rest" adds nothing: there would be nothing to ship', async () => {
    const d = await openAddDialog(p, OUT_OF_STOCK);
    await d.getByLabel('Length (ft)').fill('20');
    await d.getByRole('radio', { name: BACKORDER_LABELS.backcancel }).check();
    expect(await previewTotal(d)).toBe(0);
    await clickAdd(d);
    expect(await dialogError(d).textContent()).toBe(addToCartMessages.nothingShips);
    await d.getByRole('radio', { name: BACKORDER_LABELS.backallq }).check();
    expect(await previewTotal(d)).toBeGreaterThan(0);
    await d.getByRole('button', { name: 'Cancel' }).click();
    await addDialog(p).waitFor({ state: 'hidden' });
  });

  it('a cart line is changed in place with the same dialog and re-priced by the server', async () => {
    const d = await openAddDialog(p, FERRARA);
    await d.getByLabel('Length (ft)').fill('10');
    await addAndConfirm(p, d);
    await waitForBadge(p, 2);
    await p.goto('/Cart');
    await visible(p.getByText('Length 10 ft'));
    const before = (await p.getByTestId('cart-line-total').allTextContents()).map(amount);

    await p.getByRole('button', { name: /^Change FER-133-0412 \(Length 10 ft\)/ }).click();
    const edit = p.getByRole('dialog', { name: 'Change cart line' });
    await visible(edit.getByRole('button', { name: 'Update line' }));
    expect(await edit.getByLabel('Length (ft)').inputValue()).toBe('10');
    await edit.getByLabel('Length (ft)').fill('12 1/2');
    const estimate = await previewTotal(edit);
    await app.shot(p, 'buying-change-line');
    await edit.getByRole('button', { name: 'Update line' }).click();
    await edit.waitFor({ state: 'hidden' });
    await visible(p.getByText('Length 12.5 ft'));
    expect(await p.getByText('Length 10 ft').count()).toBe(0);
    expect(await cartLines(p).count()).toBe(2);
    const after = (await p.getByTestId('cart-line-total').allTextContents()).map(amount);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(estimate);

    // the type, quantity and sizes of a line too: the length becomes a chop of 2 × 16 1/2" × 20"
    await p.getByRole('button', { name: /^Change FER-133-0412 \(Length 12.5 ft\)/ }).click();
    await visible(edit.getByRole('button', { name: 'Update line' }));
    await chooseType(edit, 'Chop');
    await edit.getByLabel('Quantity').fill('2');
    await fillSize(edit, 'Length', '16', '1/2');
    await fillSize(edit, 'Width', '20');
    await edit.getByRole('button', { name: 'Update line' }).click();
    await edit.waitFor({ state: 'hidden' });
    await visible(p.getByText('Chop 2 × 16 1/2" × 20"'));
    expect(await cartLines(p).count()).toBe(2);
    await waitForBadge(p, 2);
  });

  it('says the PO rule as it is typed, then shows a last look before placing the order', async () => {
    await p.goto('/Cart');
    await visible(cartLines(p).first());
    await live(p); // the server's page is painted before the app runs (ADR 013)
    // the home page's latest orders, read once in this visit (the app keeps them a minute), then back to the cart
    await p.getByRole('banner').getByRole('link', { name: 'Mitrebox home' }).click();
    await visible(p.getByTestId('home-orders').getByRole('link', { name: /^Order \d+$/ }));
    await p.getByRole('link', { name: /^Cart, \d+ items?$/ }).click();
    await visible(cartLines(p).first());
    const po = p.getByLabel('PO #');
    await po.fill('PO-2024/117');
    await visible(p.getByText(PO_MESSAGE));
    expect(await po.inputValue()).toBe('PO-2024/117');
    await app.shot(p, 'buying-po-message', { fullPage: false });
    await p.getByRole('button', { name: 'Place Order' }).click();
    expect(await review(p).count()).toBe(0);
    await po.fill('PO2024117');
    expect(await p.getByText(PO_MESSAGE).count()).toBe(0);
    const total = await p.getByTestId('cart-total').textContent();

    await p.getByRole('button', { name: 'Place Order' }).click();
    const r = review(p);
    await visible(r);
    expect(await r.getByTestId('review-line').count()).toBe(2);
    expect(await r.getByTestId('review-total').textContent()).toBe(total);
    expect(await r.getByTestId('review-po').textContent()).toBe('PO2024117');
    await visible(r.getByTestId('review-ship-to').getByText('Crescent City Frame Works'));
    await visible(r.getByText('Ships now').first());
    await visible(r.getByText('Cancelled').first());
    await app.shot(p, 'buying-review');
    // Back returns to the cart with nothing placed
    await r.getByRole('button', { name: 'Back' }).click();
    await r.waitFor({ state: 'hidden' });
    await waitForBadge(p, 2);

    await p.getByRole('button', { name: 'Place Order' }).click();
    await r.getByRole('button', { name: 'Place Order' }).click();
    await atPath(p, /^\/Admin\/OrderDetails\/\d+$/i);
    const ordnum = new URL(p.url()).pathname.split('/').pop();
    await visible(p.getByTestId('order-number').getByText(String(ordnum)));
    expect(await p.getByTestId('order-po').textContent()).toBe('PO2024117');
    expect(await p.getByTestId('order-total').textContent()).toBe(total);
    expect(await p.getByText(messages.cartReminder).count()).toBe(0);
    await waitForBadge(p, 0);
    await app.shot(p, 'buying-order-confirmation');
    // back on the home page in the same visit, the new order heads its latest orders
    await p.getByRole('banner').getByRole('link', { name: 'Mitrebox home' }).click();
    await visible(p.getByTestId('home-orders').getByRole('link', { name: `Order ${ordnum}` }));
  });
});

describe('on a phone (390 × 844)', () => {
  it('types "3 1/2", changes the line, reviews and places the order', async () => {
    const p = await page({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(p, '10005');
    const d = await openAddDialog(p, FERRARA);
    await d.getByLabel('Length (ft)').fill('3 1/2');
    await visible(d.getByTestId('price-preview').getByText('3.5 ft', { exact: true }));
    const unit = await unitPricePerFoot(d);
    expect(await previewTotal(d)).toBeCloseTo(Math.round(unit * 350) / 100, 2);
    await d.getByLabel('Length (ft)').fill('1.5.');
    await d.getByLabel('Length (ft)').blur();
    await visible(d.getByText(addToCartMessages.lengthFormat));
    await app.shot(p, 'buying-phone-length-refused', { fullPage: false });
    await d.getByLabel('Length (ft)').fill('3 1/2');
    await addAndConfirm(p, d);
    await p.goto('/Cart');
    await visible(p.getByText('Length 3.5 ft'));
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await p.getByRole('button', { name: /^Change FER-133-0412/ }).click();
    const edit = p.getByRole('dialog', { name: 'Change cart line' });
    await visible(edit.getByRole('button', { name: 'Update line' }));
    await edit.getByLabel('Length (ft)').fill('4-1/4');
    await app.shot(p, 'buying-phone-change-line', { fullPage: false });
    await edit.getByRole('button', { name: 'Update line' }).click();
    await edit.waitFor({ state: 'hidden' });
    await visible(p.getByText('Length 4.25 ft'));
    await app.shot(p, 'buying-phone-cart');

    await p.getByLabel('PO #').fill('RUSH 1');
    await visible(p.getByText(PO_MESSAGE));
    await p.getByLabel('PO #').fill('RUSH1');
    await p.getByRole('button', { name: 'Place Order' }).click();
    const r = review(p);
    await visible(r.getByTestId('review-line'));
    expect(await r.evaluate((el) => el.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await app.shot(p, 'buying-phone-review', { fullPage: false });
    await r.getByRole('button', { name: 'Place Order' }).click();
    await atPath(p, /^\/Admin\/OrderDetails\/\d+$/i);
    expect(await p.getByTestId('order-po').textContent()).toBe('RUSH1');
    await app.shot(p, 'buying-phone-confirmation', { fullPage: false });
  });
});
