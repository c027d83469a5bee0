import { readFileSync } from 'node:fs';
import path from 'node:path';
import { frameMessages, messages } from '@mitrebox/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './cart-helpers.ts';
import { PHONE, REPO_ROOT, useApp } from './harness.ts';
import { live, visible } from './helpers.ts';

const app = useApp();
const MOULDING = 'FER-133-0412';
const MAT = 'MAT-B8601';
const GLASS = 'GL-CC-1620';
const PHOTO = readFileSync(path.join(REPO_ROOT, 'apps/api/assets/frame-presets/garden.jpg'));

const POLL = { timeout: 20_000 };
/** A button of the page itself (a closing dialog may still hold one of the same name). */
const mainButton = (p: Page, name: string) => p.locator('#main').getByRole('button', { name, exact: true });
const savedLabel = (p: Page) => p.getByTestId('saved-label');

async function pick(p: Page, part: 'Frame' | 'Mat' | 'Glazing', code: string) {
  await p.getByRole('button', { name: `Select ${part}`, exact: true }).click();
  const modal = p.getByRole('dialog');
  await modal.getByLabel('Item #').fill(code);
  await modal.getByRole('button', { name: `Select ${code}`, exact: true }).click();
  // a part with no stock anywhere asks first
  const ask = p.getByRole('dialog', { name: 'Back-ordered' });
  if (await ask.isVisible().catch(() => false)) await ask.getByRole('button', { name: 'Yes' }).click();
  await visible(
    p.getByTestId(`card-${part === 'Frame' ? 'moulding' : part === 'Mat' ? 'mat' : 'glass'}`).getByText(code),
  );
}

describe('a frame shop designs, saves and orders a frame (10001)', () => {
  let p: Page;

  beforeAll(async () => {
    p = await app.page();
    await signIn(p, '10001');
  });

  it('step 1: refuses a file that is not a picture, takes one that is', async () => {
    await p.goto('/FrameBuilder');
    // the server's page (with the shop's photographs) comes first, inert until the app runs
    await live(p);
    await visible(p.getByRole('heading', { name: 'Frame Creator' }));
    await visible(p.getByRole('button', { name: 'Saved Frames' }));
    await visible(p.getByRole('button', { name: 'Continue Without Image' }));
    await visible(p.getByRole('button', { name: /Use the photograph/ }));
    const input = p.locator('input[type=file]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    expect(await (await visible(p.getByTestId('image-error'))).first().textContent()).toBe(
      frameMessages.selectImage,
    );
    await input.setInputFiles({
      name: 'fake.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('not a jpeg at all'),
    });
    await visible(p.getByTestId('image-error'));
    expect(await p.getByTestId('image-error').textContent()).toBe(frameMessages.selectImage);
    await app.shot(p, 'frame-builder-step1');
    await input.setInputFiles({ name: 'garden.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
    await visible(p.getByTestId('crop-area'));
  });

  it('step 2: sizes keep digits only, over 90 becomes 90; the crop box follows the aspect', async () => {
    const width = p.getByTestId('frame-width');
    expect(await width.inputValue()).toBe('20');
    await width.fill('95');
    expect(await width.inputValue()).toBe('90');
    await width.fill('1e3');
    expect(await width.inputValue()).toBe('13');
    // small enough for the 16 × 20 glazing sheet once matted (the server checks the sheet covers the inside)
    await width.fill('10');
    await p.getByTestId('frame-height').fill('14');
    await p.getByTestId('frame-width-frac').selectOption({ label: '1/2' });
    const area = p.getByTestId('crop-area');
    const box = await area.boundingBox();
    if (box) {
      await p.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await p.mouse.down();
      await p.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 10, { steps: 4 });
      await p.mouse.up();
    }
    await app.shot(p, 'frame-builder-step2');
    await p.getByRole('button', { name: 'Next: frame, mat and glazing' }).click();
    await visible(p.getByTestId('frame-size'));
  });

  it('step 3: picks a moulding, a mat and glass; the preview is to scale and the price is live', async () => {
    expect(await savedLabel(p).textContent()).toBe('Not saved');
    await pick(p, 'Frame', MOULDING);
    // 10 1/2 × 14 of 2 1/4" moulding, no mat yet: 15" x 18 1/2"
    await expect.poll(() => p.getByTestId('frame-size').textContent(), POLL).toBe('15" x 18 1/2"');
    await pick(p, 'Mat', MAT);
    await pick(p, 'Glazing', GLASS);
    // mat borders 3" all round, locked; 1/4" overlap: 10 1/2 − 1/2 + 6 + 4 1/2 = 20 1/2 wide
    await expect.poll(() => p.getByTestId('frame-size').textContent(), POLL).toBe('20 1/2" x 24"');
    await p.getByTestId('mat-tb').fill('2');
    expect(await p.getByTestId('mat-lr').inputValue()).toBe('2');
    await expect.poll(() => p.getByTestId('frame-size').textContent(), POLL).toBe('18 1/2" x 22"');
    await visible(p.getByTestId('frame-total'));
    expect(await p.getByTestId('frame-total').textContent()).toMatch(/^Total \$\d[\d,]*\.\d\d$/);
    await visible(
      p
        .getByTestId('price-panel')
        .getByText(/New Orleans \d+/)
        .first(),
    );
    // every part is priced: the join of the moulding, the mat and the glass
    for (const part of [`Frame ${MOULDING}`, `Mat ${MAT}`, `Glazing ${GLASS}`])
      await visible(p.getByTestId('price-panel').getByText(part, { exact: true }));
    await app.shot(p, 'frame-builder-step3');
  });

  it('saves (Name is required), reloads, loads it from Saved Frames, Save As, and overwrites', async () => {
    await mainButton(p, 'Save').click();
    const dialog = p.getByRole('dialog', { name: 'Save Frame As' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText(frameMessages.nameRequired));
    await dialog.getByLabel('Name').fill('Garden, gold');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => savedLabel(p).textContent(), POLL).toBe('Saved: Garden, gold');

    // a pending build survives a reload and comes back at step 3
    await p.reload();
    await live(p);
    await visible(p.getByTestId('frame-size'));
    await expect.poll(() => p.getByTestId('frame-size').textContent(), POLL).toBe('18 1/2" x 22"');

    await p.getByRole('button', { name: 'Picture' }).click();
    await p.getByRole('button', { name: 'Saved Frames' }).click();
    const list = p.getByRole('dialog', { name: 'Saved Frames' });
    await list.getByRole('button', { name: 'Open Garden, gold' }).click();
    await expect.poll(() => savedLabel(p).textContent(), POLL).toBe('Saved: Garden, gold');
    await visible(mainButton(p, 'Save As'));

    await mainButton(p, 'Save As').click();
    const as = p.getByRole('dialog', { name: 'Save Frame As' });
    await as.getByLabel('Name').fill('Garden, copy');
    await as.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => savedLabel(p).textContent(), POLL).toBe('Saved: Garden, copy');

    await p.getByLabel('Notes').fill('Hang at 60 inches');
    expect(await savedLabel(p).textContent()).toBe('Not saved');
    await mainButton(p, 'Save').click();
    const over = p.getByRole('dialog', { name: 'Save Frame' });
    await visible(over.getByText(frameMessages.overwrite));
    await over.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => savedLabel(p).textContent(), POLL).toBe('Saved: Garden, copy');
  });

  it('prints a design sheet', async () => {
    await p.emulateMedia({ media: 'print' });
    const sheet = p.getByTestId('print-sheet');
    await visible(sheet);
    expect(await sheet.textContent()).toContain(MOULDING);
    expect(await sheet.textContent()).toContain('Hang at 60 inches');
    expect(await sheet.textContent()).toContain('Total');
    await app.shot(p, 'frame-builder-print');
    await p.emulateMedia({ media: 'screen' });
  });

  it('adds the design to the cart as a join, the mat and the glass', async () => {
    await p.getByRole('button', { name: 'Add to Cart' }).click();
    const ask = p.getByRole('dialog', { name: 'Back-ordered' });
    const done = p.getByRole('dialog', { name: 'Frame added' });
    await Promise.race([visible(ask), visible(done)]);
    if (await ask.isVisible()) await ask.getByRole('button', { name: 'Yes' }).click();
    await visible(done.getByText(messages.itemsAdded));
    await done.getByRole('button', { name: 'Keep designing' }).click();
    const cart = await p.evaluate(async () => {
      const token = localStorage.getItem('token');
      const r = await fetch('/api/getCart', { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      return r.ok ? r.json() : null;
    });
    const codes = cart.data.map((l: { Code: string }) => l.Code);
    expect(codes).toEqual(expect.arrayContaining([MOULDING, MAT, GLASS]));
    expect(cart.data.find((l: { Code: string }) => l.Code === MOULDING).productSelection.type).toBe('join');
  });

  it('asks before leaving unsaved work', async () => {
    await p.getByLabel('Notes').fill('changed again');
    await p
      .getByRole('banner')
      .getByRole('link', { name: /^Shop$/ })
      .first()
      .click();
    const leave = p.getByRole('dialog', { name: 'Leave the Frame Creator?' });
    await visible(leave.getByText(frameMessages.leaveUnsaved));
    await leave.getByRole('button', { name: 'No' }).click();
    expect(new URL(p.url()).pathname).toBe('/FrameBuilder');
  });

  it('links to the photograph credits', async () => {
    await p.goto('/FrameBuilder/credits');
    await visible(p.getByRole('heading', { name: 'Photograph credits' }));
    await visible(p.getByRole('cell', { name: 'CC0-1.0' }));
  });
});

describe('on a phone, without signing in', () => {
  it('designs freely: no price, no save, no cart; the page fits the screen', async () => {
    const p = await app.page({ viewport: PHONE, isMobile: true, hasTouch: true });
    await p.goto('/FrameBuilder');
    await p.getByRole('button', { name: 'Continue Without Image' }).click();
    await visible(p.getByTestId('frame-size'));
    await pick(p, 'Frame', MOULDING);
    await visible(p.getByText('Sign in to see your price and stock'));
    expect(await p.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await p.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await app.shot(p, 'frame-builder-phone');
  });
});
