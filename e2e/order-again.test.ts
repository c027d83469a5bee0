import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, signInAs } from './account-helpers.ts';
import { FERRARA } from './cart-helpers.ts';
import { PHONE, useApp } from './harness.ts';
import { visible } from './helpers.ts';
import { staffSignIn } from './staff-helpers.ts';

const app = useApp();

interface Cart {
  data: { Code: string; calc: { unitPrice: string }; productSelection: { type: string; length: number } }[];
}

/** The buyer orders 12 ft of Ferrara by length through the API (the cart's own route) and answers the order #. */
async function placeLengthOrder(p: Page): Promise<number> {
  await apiAs(p, '/api/updateCart', {
    cartdata: [
      {
        Code: FERRARA,
        productSelection: { type: 'length', length: 12, location: 'C' },
        backtype: 'backremq',
      },
    ],
  });
  const placed = await apiAs<{ orderNumber: number }>(p, '/api/admin/orders', { poNumber: 'AGAIN' });
  return placed.orderNumber;
}

/** Staff raise the product's length price in the back office's product route. */
async function raiseLengthPrice(staff: Page, code: string) {
  const token = await staff.evaluate(() => window.localStorage.getItem('staffToken'));
  const headers = { authorization: `Bearer ${token}` };
  const res = await staff.request.get(`/api/staff/products/${code}`, { headers });
  const product = (await res.json()).data;
  const now = Number(product.prices?.length ?? product.length);
  const put = await staff.request.put(`/api/staff/products/${code}`, {
    headers,
    data: { prices: { length: (now * 2).toFixed(2) } },
  });
  expect(put.ok(), await put.text()).toBe(true);
}

describe('order again and standing lists', () => {
  it('orders again with a changed price: the dialog says so and the cart holds the line', async () => {
    const p = await app.page();
    await signInAs(p, '10001');
    const ordnum = await placeLengthOrder(p);
    const staff = await app.page();
    await staffSignIn(staff);
    await raiseLengthPrice(staff, FERRARA);

    await p.goto(`/Admin/OrderDetails/${ordnum}`);
    await p.getByRole('button', { name: `Order again: order ${ordnum}` }).click();
    const dialog = p.getByRole('dialog', { name: 'Order again' });
    await visible(dialog.getByText(/Price up: \$[\d.,]+ → \$[\d.,]+ per ft/));
    await visible(dialog.getByText('Length 12 ft'));
    await app.shot(p, 'order-again-dialog');
    await dialog.getByRole('link', { name: 'Go to cart' }).click();
    await p.waitForURL(/\/Cart$/);
    const cart = await apiAs<Cart>(p, '/api/getCart');
    expect(cart.data.map((l) => [l.Code, l.productSelection.type, l.productSelection.length])).toEqual([
      [FERRARA, 'length', 12],
    ]);
  });

  it('a list to the cart, at phone width', async () => {
    const p = await app.page({ viewport: PHONE });
    await signInAs(p, '10001');
    await apiAs(p, '/api/updateCart', { cartdata: [] });
    await p.goto('/Admin/Lists');
    await p.getByLabel('New list').fill('Monthly reorder');
    await p.getByRole('button', { name: 'Make list' }).click();
    await visible(p.getByRole('heading', { name: 'Monthly reorder' }));
    await p.getByLabel('Paste item numbers and quantities').fill(`${FERRARA} 20\nNOPE-1 3`);
    await p.getByRole('button', { name: 'Add pasted lines' }).click();
    await visible(p.getByText('Unknown item # — not added'));
    await visible(p.getByLabel(`Feet of ${FERRARA}`));
    await p.getByLabel(`Feet of ${FERRARA}`).fill('24');
    await p.getByLabel(`Feet of ${FERRARA}`).press('Enter');
    await visible(p.getByText('Length 24 ft'));
    await app.shot(p, 'lists-phone');
    await p.getByRole('button', { name: 'Add all to cart' }).click();
    const dialog = p.getByRole('dialog', { name: 'List to cart' });
    await visible(dialog.getByText('1 line was added to your cart', { exact: false }));
    const cart = await apiAs<Cart>(p, '/api/getCart');
    expect(cart.data.map((l) => [l.Code, l.productSelection.length])).toEqual([[FERRARA, 24]]);
  });
});
