import { describe, expect, it } from 'vitest';
import { addAndConfirm, FERRARA, openAddDialog, signIn } from './cart-helpers.ts';
import { useApp } from './harness.ts';
import { visible } from './helpers.ts';

const app = useApp();

/**
 * The cut-off line in the cart: with the browser's clock on Tuesday 1 December 2026 at 12:50 in New Orleans, an
 * order from New Orleans (the demo's 15:00 cut-off) ships today, and 10001 (our truck, ZIP 70130) gets Tuesday's
 * run; once the cut-off has passed, it ships Wednesday and arrives with Thursday's truck.
 */
describe('when the order ships', () => {
  it('counts down to the cut-off in the cart, then names the next ship day', async () => {
    const page = await app.page();
    await page.clock.install({ time: new Date('2026-12-01T18:50:00Z') });
    await page.goto('/login');
    // the painted page asks for the app after its load, by timers the installed clock holds: let them run
    await page.clock.runFor(5_000);
    await signIn(page, '10001');
    const dialog = await openAddDialog(page, FERRARA);
    await dialog.getByLabel('Length (ft)').fill('20');
    await addAndConfirm(page, dialog);

    const line = page.getByTestId('ship-by-line').filter({ hasText: 'New Orleans' });
    await visible(line.getByText('Order within 2 h 10 min to ship today from New Orleans'));
    await visible(line.getByText('Expected delivery Tuesday, Dec 1 by our truck'));
    await app.shot(page, 'ship-by-cart');

    // an hour later (the clock is now 5 s past 12:50: still 2 h 10 min rounded up, then 1 h 10 min), the line has counted down by itself
    await page.clock.runFor(60 * 60_000);
    await visible(line.getByText('Order within 1 h 10 min to ship today from New Orleans'));

    // past the cut-off: tomorrow's shipment, Thursday's truck
    await page.clock.runFor(71 * 60_000);
    await visible(line.getByText('Ships Wednesday from New Orleans'));
    await visible(line.getByText('Expected delivery Thursday, Dec 3 by our truck'));
    expect(await page.getByTestId('ship-by-line').count()).toBe(1);

    await page.setViewportSize({ width: 360, height: 780 });
    await app.shot(page, 'ship-by-cart-360');
  });

  it('comes with the cart page the server sends, so it does not push the cart down when it arrives', async () => {
    const page = await app.page();
    await signIn(page, '10001');
    const dialog = await openAddDialog(page, FERRARA);
    await dialog.getByLabel('Length (ft)').fill('12');
    await addAndConfirm(page, dialog);
    const html = await (await page.context().request.get('/Cart')).text();
    expect(html).toContain('data-testid="ship-by"');
    expect(html).toMatch(/data-testid="ship-by-line" data-location="[A-Z]"/);
  });
});
