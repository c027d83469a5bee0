import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, useApp } from './harness.ts';
import { accountMenu, fillSignIn, visible } from './helpers.ts';
import { staffSignIn } from './staff-helpers.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** axe-core on the page as it stands: the serious and critical findings (WCAG 2 A/AA rules). */
async function seriousViolations(page: Page): Promise<string[]> {
  // a dialog still fading in shows its text at part opacity: measure contrast once transitions have ended
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      timeout: 5000,
    })
    .catch(() => {});
  // evaluated through the browser's debugger protocol: the shop's CSP (rightly) refuses inline scripts
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 140)}`)
          .join(' | ')}`,
    );
}

const app = useApp();

describe('no serious accessibility findings (axe-core, WCAG 2.1 A/AA)', () => {
  const anonymous: [string, string][] = [
    ['home', '/'],
    ['shop', '/Shop'],
    ['collections', '/collections'],
    ['login', '/login'],
    ['forgot password', '/forgot_password'],
    ['not found', '/no-such-page'],
    ['where to buy with results', '/whereToBuy?zip=70115&miles=25'],
    ['careers', '/careers'],
    ['contact us', '/contactUs'],
    ['new account', '/newAccount'],
    ['who we are', '/whoWeAre'],
    ['FAQ', '/FAQ'],
    ['store locations', '/storeLocations'],
  ];
  for (const [name, path] of anonymous) {
    it(`${name} (${path})`, async () => {
      const p = await app.page();
      await p.goto(path);
      await p.waitForLoadState('networkidle');
      // parts far down a page are made as they come near (the home page's carousel of every collection)
      await p.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await p.waitForLoadState('networkidle');
      expect(await seriousViolations(p)).toEqual([]);
    });
  }

  it('the back office: sign-in, accounts, a new account, an account, the audit log, staff users, orders', async () => {
    const p = await app.page();
    await p.goto('/staff');
    await visible(p.getByLabel('E-mail'));
    expect(await seriousViolations(p), 'staff sign-in').toEqual([]);
    await staffSignIn(p, 'admin@mitrebox.example');
    for (const [path, heading] of [
      ['/staff/accounts', 'Accounts'],
      ['/staff/accounts/new', 'New account'],
      ['/staff/accounts/10001', /Crescent City/],
      ['/staff/audit', 'Audit log'],
      ['/staff/staff-users', 'Staff users'],
      ['/staff/staff-users/new', 'New staff user'],
      ['/staff/orders', 'Orders'],
      ['/staff/careers', 'Careers'],
      ['/staff/documents', 'Documents'],
      ['/staff/dealers', 'Dealers'],
    ] as const) {
      await p.goto(path);
      await visible(p.getByRole('heading', { level: 1, name: heading }));
      await p.waitForLoadState('networkidle');
      expect(await seriousViolations(p), path).toEqual([]);
    }
    // the shared edit dialog (a form in a modal), on the dealers screen
    await p.getByRole('button', { name: 'Add a dealer' }).click();
    await visible(p.getByRole('dialog', { name: 'Add a dealer' }));
    expect(await seriousViolations(p), 'edit dialog').toEqual([]);
    await p.keyboard.press('Escape');
    // the CSV import and export of the catalogue
    await p.goto('/staff/catalogue');
    await p.getByRole('tab', { name: 'CSV import and export' }).click();
    await visible(p.getByRole('button', { name: 'Check (dry run)' }));
    expect(await seriousViolations(p), 'catalogue import').toEqual([]);
    // one order with its lines, and one staff user with its actions (opened from their lists)
    await p.goto('/staff/orders');
    const order = p
      .getByRole('table', { name: /Orders of all accounts/ })
      .getByRole('link')
      .first();
    await visible(order);
    await order.click();
    await visible(p.getByRole('table', { name: /Lines of order/ }));
    await p.waitForLoadState('networkidle');
    expect(await seriousViolations(p), 'an order').toEqual([]);
    await p.goto('/staff/staff-users');
    await p.getByRole('link', { name: 'Sam Sales' }).click();
    await visible(p.getByRole('heading', { level: 2, name: 'Role' }));
    await p.waitForLoadState('networkidle');
    expect(await seriousViolations(p), 'a staff user').toEqual([]);
  });

  it('signed-in screens: shop, cart, orders, an invoice, credits, My Account', async () => {
    const p = await app.page();
    await fillSignIn(p, '10001', 'framing-demo');
    await visible(accountMenu(p));
    for (const path of [
      '/Shop',
      '/Cart',
      '/Admin/userListOrders',
      '/Admin/Credits',
      '/Admin/userSettings',
      '/Admin/PaymentBatch',
    ]) {
      await p.goto(path);
      await p.waitForLoadState('networkidle');
      expect(await seriousViolations(p), path).toEqual([]);
    }
    await p.goto('/Admin/userListOrders');
    const invoiceLink = p.locator('main a[href*="InvoiceDetails"]').first();
    await visible(invoiceLink);
    await invoiceLink.click();
    await p.waitForLoadState('networkidle');
    expect(await seriousViolations(p), 'invoice').toEqual([]);
  });

  it("signed-in home, a product page and the Shop's sorted list view", async () => {
    const p = await app.page();
    await fillSignIn(p, '10005', 'framing-demo');
    await visible(accountMenu(p));
    await visible(p.getByTestId('quick-order'));
    // the home as a returning buyer opens it (the sign-in toast is still fading in right after signing in)
    await p.goto('/');
    await visible(p.getByTestId('home-balance'));
    await p.waitForLoadState('networkidle');
    expect(await seriousViolations(p), 'home').toEqual([]);
    await p.goto('/productDetail/FER-133-0412');
    await visible(p.getByTestId('stock-table'));
    expect(await seriousViolations(p), 'product page').toEqual([]);
    await p.evaluate(() => window.localStorage.setItem('mitrebox.shopView', JSON.stringify('list')));
    await p.goto('/Shop?sort=price&dir=desc');
    await visible(p.getByTestId('product-table'));
    await p.waitForLoadState('networkidle');
    expect(await seriousViolations(p), 'shop list view').toEqual([]);
  });

  it('the add-to-cart dialog and the phone layout', async () => {
    const p = await app.page({ viewport: PHONE });
    await fillSignIn(p, '10001', 'framing-demo');
    await visible(accountMenu(p).or(p.getByRole('button', { name: /menu/i })));
    await p.goto('/Shop/FER-133-0412/Y');
    await visible(p.getByRole('dialog'));
    await p.waitForLoadState('networkidle');
    expect(await seriousViolations(p)).toEqual([]);
    // stacked cards on a phone and the signed-in home
    for (const path of ['/', '/productDetail/FER-133-0412', '/Admin/Credits', '/Admin/PaymentBatch']) {
      await p.goto(path);
      await p.waitForLoadState('networkidle');
      expect(await seriousViolations(p), path).toEqual([]);
    }
  });

  for (const [device, phone] of [
    ['desktop', false],
    ['phone', true],
  ] as const) {
    it(`the Frame Creator, each step and the part picker (${device})`, async () => {
      const p = await app.page(phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : {});
      await fillSignIn(p, '10001', 'framing-demo');
      await visible(accountMenu(p).or(p.getByRole('button', { name: /menu/i })));
      await p.goto('/FrameBuilder');
      await visible(p.getByRole('button', { name: 'Continue Without Image' }));
      await visible(p.getByRole('button', { name: /Use the photograph/ }).first());
      await p.waitForLoadState('networkidle');
      expect(await seriousViolations(p), 'step 1').toEqual([]);
      await p
        .getByRole('button', { name: /Use the photograph/ })
        .first()
        .click();
      await visible(p.getByTestId('crop-area'));
      await p.waitForLoadState('networkidle');
      expect(await seriousViolations(p), 'step 2').toEqual([]);
      await p.getByRole('button', { name: 'Next: frame, mat and glazing' }).click();
      await visible(p.getByTestId('frame-size'));
      await p.getByRole('button', { name: 'Select Frame', exact: true }).click();
      const picker = p.getByRole('dialog');
      await picker.getByLabel('Item #').fill('FER-133-0412');
      await visible(picker.getByRole('button', { name: 'Select FER-133-0412', exact: true }));
      expect(await seriousViolations(p), 'part picker').toEqual([]);
      await picker.getByRole('button', { name: 'Select FER-133-0412', exact: true }).click();
      await picker.waitFor({ state: 'hidden' });
      await visible(p.getByTestId('card-moulding').getByText('FER-133-0412'));
      await p.waitForLoadState('networkidle');
      expect(await seriousViolations(p), 'step 3 with a moulding').toEqual([]);
      if (!phone) {
        await p.goto('/FrameBuilder/credits');
        await p.waitForLoadState('networkidle');
        expect(await seriousViolations(p), 'photograph credits').toEqual([]);
      }
    }, 240_000);
  }

  it('a refused length, a cart line being changed, the order review and the confirmation', async () => {
    const p = await app.page();
    await fillSignIn(p, '10005', 'framing-demo');
    await visible(accountMenu(p));
    await p.goto('/Cart?add=FER-133-0412');
    const dialog = p.getByRole('dialog', { name: 'Add to Cart' });
    await visible(dialog.getByRole('button', { name: 'Add to Cart' }));
    await dialog.getByLabel('Length (ft)').fill('12.5.1');
    await dialog.getByLabel('Length (ft)').blur();
    await visible(dialog.getByText(/^Length must be in feet/));
    expect(await seriousViolations(p), 'refused length').toEqual([]);
    await dialog.getByLabel('Length (ft)').fill('3 1/2');
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await p.getByRole('button', { name: /^Change FER-133-0412/ }).click();
    const edit = p.getByRole('dialog', { name: 'Change cart line' });
    await visible(edit.getByRole('button', { name: 'Update line' }));
    expect(await seriousViolations(p), 'change line').toEqual([]);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'hidden' });
    await p.getByLabel('PO #').fill('PO-1');
    expect(await seriousViolations(p), 'PO message').toEqual([]);
    await p.getByLabel('PO #').fill('PO1');
    await p.getByRole('button', { name: 'Place Order' }).click();
    const review = p.getByRole('dialog', { name: 'Review your order' });
    await visible(review.getByTestId('review-line'));
    expect(await seriousViolations(p), 'order review').toEqual([]);
    // the confirmation: its "Pending" badge among the rest
    await review.getByRole('button', { name: 'Place Order' }).click();
    await visible(p.getByRole('heading', { name: 'Thank you for your order' }));
    expect(await seriousViolations(p), 'order confirmation').toEqual([]);
  });
});
