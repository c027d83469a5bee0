import { describe, expect, it } from 'vitest';
import { signIn } from './cart-helpers.ts';
import { useApp } from './harness.ts';
import { live, visible } from './helpers.ts';

const app = useApp();

/** Collections of the demo data by id (the middle of their item numbers): Ferrara 133, Bellagio 112. */
const FERRARA = 133;
const BELLAGIO = 112;
const VERONA_MOULDING = 'VER-104-0105';

/**
 * Corner samples: on a collection's page in the shop, "Order a sample set" puts one corner of each of its
 * mouldings in the cart, up to the account's monthly limit (10 by default), and says how many it left out; the
 * cart shows them as free corner samples with the ship choice.
 */
describe('corner samples', () => {
  it('a sample set from a collection lands in the cart', async () => {
    const page = await app.page();
    await signIn(page, '10001');
    await page.goto(`/Shop?collection=${FERRARA}`);
    await live(page);
    const total = Number(
      (
        await page
          .getByText(/^Total Results \d+/)
          .first()
          .textContent()
      )?.replace(/\D/g, '') ?? 0,
    );
    expect(total).toBeGreaterThan(1);
    expect(total).toBeLessThan(10);
    await page.getByRole('button', { name: /^Order a sample set/ }).click();
    await visible(page.getByText(`Added ${total} corner samples to your cart.`, { exact: true }));

    // a second set takes what is left of the month's 10, and says how many it left out
    await page.goto(`/Shop?collection=${BELLAGIO}`);
    await live(page);
    await page.getByRole('button', { name: /^Order a sample set/ }).click();
    await visible(
      page.getByText(
        new RegExp(
          `^Added ${10 - total} corner samples? to your cart\\. \\d+ samples? left out: your account's limit is 10 a month\\.$`,
        ),
      ),
    );
    await app.shot(page, 'corner-samples-set');

    await page.goto('/Cart');
    await live(page);
    const samples = page.getByTestId('cart-line').filter({ hasText: 'Corner sample' });
    await visible(samples.first());
    expect(await samples.count()).toBe(10);
    await visible(samples.first().getByText('Free', { exact: true }));
    // the ship choice is the buyer's, line by line, and the server keeps it
    await samples.first().getByText('Ship now').click();
    await expect.poll(() => samples.first().getByRole('radio', { name: 'Ship now' }).isChecked()).toBe(true);
    await app.shot(page, 'corner-samples-cart');
    await page.setViewportSize({ width: 360, height: 780 });
    await app.shot(page, 'corner-samples-cart-360');

    // the month's samples are spent: the product page's button says so
    await page.goto(`/productDetail/${VERONA_MOULDING}`);
    await live(page);
    await page.getByRole('button', { name: /^Order a corner sample/ }).click();
    await visible(
      page.getByText(/^Your account's 10 free corner samples this month are ordered or in your cart\./),
    );
  });
});
