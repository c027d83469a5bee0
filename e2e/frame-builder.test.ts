import { readFileSync } from 'node:fs';
import path from 'node:path';
import { frameMessages, messages } from '@mitrebox/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './cart-helpers.ts';
import { PHONE, REPO_ROOT, SHOTS_DIR, useApp } from './harness.ts';
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

  it('step 2: a size is read as typed or refused, over 90 becomes 90; the crop box follows the aspect', async () => {
    const width = p.getByTestId('frame-width');
    expect(await width.inputValue()).toBe('20');
    await width.fill('95');
    await width.blur();
    expect(await width.inputValue()).toBe('90');
    expect(await p.getByTestId('frame-width-note').textContent()).toBe(frameMessages.sizeCapped(90));
    await width.fill('1e3');
    expect(await p.getByTestId('frame-width-error').textContent()).toBe(frameMessages.sizeFormat);
    expect(await width.inputValue()).toBe('1e3');
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
    await p.getByRole('button', { name: 'Next: frame, mat and glazing' }).click();
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

/** A phone of the narrowest common width. */
const NARROW_PHONE = { width: 360, height: 780 } as const;

/**
 * Most frames are designed for art the customer brought without a photograph: step 1 → the size (typed as a framer
 * writes it, or refused with what to type) → the design, and back to the size from the design.
 */
async function sizeWithoutPicture(p: Page, shot: string) {
  await p.goto('/FrameBuilder');
  await live(p);
  await p.getByRole('button', { name: 'Continue Without Image' }).click();
  const width = p.getByTestId('frame-width');
  const height = p.getByTestId('frame-height');
  const next = p.getByRole('button', { name: 'Next: frame, mat and glazing' });
  await visible(width);
  expect(await p.getByTestId('crop-area').count()).toBe(0);

  await width.fill('16.3');
  await width.blur();
  expect(await p.getByTestId('frame-width-error').textContent()).toBe(frameMessages.sizeFormat);
  expect(await width.inputValue()).toBe('16.3');
  expect(await next.isDisabled()).toBe(true);
  await app.shot(p, `${shot}-refused`);

  await width.fill('16.5');
  expect(await p.getByTestId('frame-width-error').count()).toBe(0);
  await width.blur();
  expect(await width.inputValue()).toBe('16');
  expect(await p.getByTestId('frame-width-frac').inputValue()).toBe('8');
  await height.fill('24 1/4');
  await height.blur();
  expect(await height.inputValue()).toBe('24');
  expect(await p.getByTestId('frame-height-frac').inputValue()).toBe('4');
  await app.shot(p, `${shot}-size`);

  await next.click();
  await expect.poll(() => p.getByTestId('frame-size').textContent(), POLL).toBe('16 1/2" x 24 1/4"');
  await app.shot(p, `${shot}-design`);

  // the size stays reachable from the design without a picture: the button and the stepper
  await p.getByRole('button', { name: 'Edit Size' }).click();
  await visible(width);
  expect(await width.inputValue()).toBe('16');
  expect(await p.getByTestId('frame-width-frac').inputValue()).toBe('8');
  await next.click();
  await visible(p.getByTestId('frame-size'));
  await p.getByRole('button', { name: /Size/ }).first().click();
  await visible(width);
  expect(await p.getByTestId('frame-height-frac').inputValue()).toBe('4');
}

describe('a frame for art without a photograph: the size typed as a framer writes it', () => {
  it('at a desk', async () => {
    const p = await app.page();
    await sizeWithoutPicture(p, 'frame-size-desktop');
  });

  it('on a 360 px phone, with a thumb: one row of steps, tall fields, nothing wider than the screen', async () => {
    const p = await app.page({ viewport: NARROW_PHONE, isMobile: true, hasTouch: true });
    await sizeWithoutPicture(p, 'frame-size-phone');
    for (const field of ['frame-width', 'frame-width-frac', 'frame-height', 'frame-height-frac'])
      expect((await p.getByTestId(field).boundingBox())?.height, field).toBeGreaterThanOrEqual(44);
    // the three steps side by side, within the screen
    const steps = await p.locator('.mantine-Stepper-stepIcon').evaluateAll((icons) =>
      icons.map((i) => {
        const r = i.getBoundingClientRect();
        return { top: Math.round(r.top), right: r.right };
      }),
    );
    expect(steps).toHaveLength(3);
    expect(new Set(steps.map((s) => s.top)).size).toBe(1);
    for (const s of steps) expect(s.right).toBeLessThanOrEqual(NARROW_PHONE.width);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      NARROW_PHONE.width,
    );
    await p.getByRole('button', { name: 'Next: frame, mat and glazing' }).click();
    await visible(p.getByTestId('frame-size'));

    // a mat border of 2.5 is 2 1/2 each side, both borders while locked; 2.3 is refused with what to type
    await pick(p, 'Mat', MAT);
    const tb = p.getByTestId('mat-tb');
    await tb.fill('2.3');
    expect(await p.getByTestId('mat-tb-error').textContent()).toBe(frameMessages.sizeFormat);
    await tb.fill('2.5');
    await tb.blur();
    expect([await tb.inputValue(), await p.getByTestId('mat-tb-frac').inputValue()]).toEqual(['2', '8']);
    expect(await p.getByTestId('mat-lr').inputValue()).toBe('2');
    expect(await p.getByTestId('mat-lr-frac').inputValue()).toBe('8');
    // 16 1/2 x 24 1/4 less a 1/4" overlap each side, plus 2 1/2" each side
    await expect.poll(() => p.getByTestId('frame-size').textContent(), POLL).toBe('21" x 28 3/4"');
    for (const field of ['mat-tb', 'mat-lr-frac'])
      expect((await p.getByTestId(field).boundingBox())?.height, field).toBeGreaterThanOrEqual(44);
    const small = await p
      .locator('#main button:visible')
      .evaluateAll((buttons) =>
        buttons
          .filter((b) => b.getBoundingClientRect().height < 44)
          .map((b) => b.textContent || b.getAttribute('aria-label')),
      );
    expect(small, 'buttons under 44 px').toEqual([]);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      NARROW_PHONE.width,
    );
    await app.shot(p, 'frame-size-phone-mat');
  });
});

describe('each part its own picker; a part that does not fit is named, the others are priced (10001)', () => {
  let p: Page;
  const picker = () => p.getByRole('dialog');
  /** Chooses an option of one of the picker's filters (a Mantine select: its options open in a list). */
  async function filterBy(label: string, option: RegExp) {
    await picker().getByRole('combobox', { name: label, exact: true }).click();
    await p.getByRole('option', { name: option }).first().click();
  }
  const count = async () =>
    Number(
      (
        await picker()
          .getByText(/^\d+ \w+$/)
          .textContent()
      )?.split(' ')[0],
    );

  beforeAll(async () => {
    p = await app.page();
    await signIn(p, '10001');
    await p.goto('/FrameBuilder');
    await live(p);
    await p.getByRole('button', { name: 'Continue Without Image' }).click();
    // 20 × 36 with 3" borders: the mat is 25 1/2 × 41 1/2, taller than its 32 × 40 board
    await p.getByTestId('frame-width').fill('20');
    await p.getByTestId('frame-height').fill('36');
    await p.getByTestId('frame-height').blur();
    await p.getByRole('button', { name: 'Next: frame, mat and glazing' }).click();
    await visible(p.getByTestId('frame-size'));
  });

  it('the frame picker filters mouldings by collection and pages past the first 24', async () => {
    await p.getByRole('button', { name: 'Select Frame', exact: true }).click();
    await visible(picker().getByRole('button', { name: /^Select / }));
    for (const group of ['Collection', 'Finish', 'Width', 'Colour'])
      await visible(picker().getByRole('combobox', { name: group, exact: true }));
    const every = await count();
    expect(every).toBeGreaterThan(24);
    // pages: the second page lists other mouldings
    const first = await picker()
      .getByRole('button', { name: /^Select / })
      .first()
      .getAttribute('aria-label');
    await picker().getByRole('button', { name: '2', exact: true }).click();
    await expect
      .poll(
        () =>
          picker()
            .getByRole('button', { name: /^Select / })
            .first()
            .getAttribute('aria-label'),
        POLL,
      )
      .not.toBe(first);
    await filterBy('Collection', /^Ferrara \(\d+\)$/);
    await expect.poll(count, POLL).toBeLessThan(every);
    await visible(picker().getByRole('button', { name: 'Clear filters' }));
    await picker().getByLabel('Item #').fill(MOULDING);
    await visible(picker().getByRole('button', { name: `Select ${MOULDING}`, exact: true }));
    await app.shot(p, 'frame-picker-collection');
    await picker()
      .getByRole('button', { name: `Select ${MOULDING}`, exact: true })
      .click();
    const ask = p.getByRole('dialog', { name: 'Back-ordered' });
    if (await ask.isVisible().catch(() => false)) await ask.getByRole('button', { name: 'Yes' }).click();
    await visible(p.getByTestId('card-moulding').getByText(MOULDING));
  });

  it("the mat picker starts afresh, with a mat's filters; mats by core; Clear filters", async () => {
    await p.getByRole('button', { name: 'Select Mat', exact: true }).click();
    await visible(picker().getByRole('button', { name: /^Select MAT-/ }));
    expect(await picker().getByLabel('Item #').inputValue()).toBe('');
    expect(await picker().getByText('No products found').count()).toBe(0);
    expect(await picker().getByRole('button', { name: 'Clear filters' }).count()).toBe(0);
    expect(await picker().getByRole('combobox', { name: 'Collection', exact: true }).count()).toBe(0);
    for (const group of ['Colour', 'Core', 'Ply', 'Sheet size'])
      await visible(picker().getByRole('combobox', { name: group, exact: true }));
    await app.shot(p, 'frame-picker-mat-fresh');
    const every = await count();
    await filterBy('Core', /^Black core \(\d+\)$/);
    await expect.poll(count, POLL).toBeLessThan(every);
    await visible(picker().getByRole('button', { name: 'Select MAT-K7001', exact: true }));
    await app.shot(p, 'frame-picker-mat-core');
    await picker().getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(count, POLL).toBe(every);
    expect(await picker().getByRole('combobox', { name: 'Core', exact: true }).inputValue()).toBe('');
    await filterBy('Core', /^Black core/);
    await picker().getByLabel('Item #').fill('K7001');
    await picker().getByRole('button', { name: 'Select MAT-K7001', exact: true }).click();
    const ask = p.getByRole('dialog', { name: 'Back-ordered' });
    if (await ask.isVisible().catch(() => false)) await ask.getByRole('button', { name: 'Yes' }).click();
    await visible(p.getByTestId('card-mat').getByText('MAT-K7001'));
  });

  it('glazing by kind and sheet; a mat too small for its board is named, the frame and glazing are priced', async () => {
    await p.getByRole('button', { name: 'Select Glazing', exact: true }).click();
    await visible(picker().getByRole('button', { name: /^Select GL-/ }));
    for (const group of ['Kind', 'Sheet size'])
      await visible(picker().getByRole('combobox', { name: group, exact: true }));
    // the largest sheet covers the frame's inside (25 1/2 × 41 1/2)
    await picker().getByRole('combobox', { name: 'Sheet size', exact: true }).click();
    await p.getByRole('option').last().click();
    const sheet = await picker().getByRole('combobox', { name: 'Sheet size', exact: true }).inputValue();
    await expect.poll(count, POLL).toBeGreaterThan(0);
    await app.shot(p, 'frame-picker-glazing-sheet');
    await picker()
      .getByRole('button', { name: /^Select GL-/ })
      .first()
      .click();
    const ask = p.getByRole('dialog', { name: 'Back-ordered' });
    if (await ask.isVisible().catch(() => false)) await ask.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => picker().count(), POLL).toBe(0);

    const panel = p.getByTestId('price-panel');
    // the price follows the glazing (the mat's reason was already there before it)
    await expect.poll(() => panel.getByText(/^Glazing GL-/).count(), POLL).toBe(1);
    const tooLarge = frameMessages.borderTooLarge(32, 40);
    await expect.poll(() => panel.getByTestId('price-reason-mat').textContent(), POLL).toBe(tooLarge);
    // the glazing's row shows before its price arrives (the quote follows the design after a pause)
    await expect.poll(() => panel.getByText('Not priced').count(), POLL).toBe(1);
    expect(await panel.getByTestId('price-reason-moulding').count()).toBe(0);
    expect(await panel.getByTestId('price-reason-glass').count(), `glazing ${sheet}`).toBe(0);
    const rows = await panel.locator('tr').allTextContents();
    expect(rows[0]).toMatch(new RegExp(`^Frame ${MOULDING}.*\\$\\d[\\d,]*\\.\\d\\d$`));
    expect(rows[2]).toMatch(/^Glazing GL-.*\$\d[\d,]*\.\d\d$/);
    expect(await p.getByTestId('frame-total').textContent()).toMatch(/^Total of the priced parts \$\d/);
    // the two footages, each with what it is: the join's charged feet, the frame's length to the whole foot
    const [charged, builder] = await panel.getByTestId('moulding-footage').locator('p').allTextContents();
    expect(charged).toMatch(
      /^Charged for the join: \d+(\.5)? ft \(the four sides to the next ½ ft, 4 ft at least\)$/,
    );
    expect(builder).toMatch(
      /^Moulding length of this frame: \d+ ft \(the four sides to the next whole foot\)$/,
    );
    const feet = (text: string) => Number(/: ([\d.]+) ft/.exec(text)?.[1]);
    expect(feet(builder)).toBe(Math.ceil(feet(charged)));
    expect(rows[0]).toContain(`Join: ${feet(charged)} ft × $`);
    // Add to Cart says why it is not available, to the eye and to a screen reader
    const add = p.getByRole('button', { name: 'Add to Cart' });
    expect(await add.isDisabled()).toBe(true);
    const reason = p.getByTestId('add-to-cart-reason');
    expect(await reason.textContent()).toBe(`Add to Cart is not available: Mat: ${tooLarge}`);
    expect(await add.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'));
    await panel.scrollIntoViewIfNeeded();
    await app.shot(p, 'frame-price-mat-too-small', { fullPage: false });

    // narrower borders fit the board: every part is priced and the design may go to the cart
    await p.getByTestId('mat-lr').fill('2');
    await p.getByTestId('mat-lr').blur();
    await expect.poll(() => p.getByTestId('frame-total').textContent(), POLL).toMatch(/^Total \$\d/);
    expect(await panel.getByText('Not priced').count()).toBe(0);
    expect(await add.isDisabled()).toBe(false);
    expect(await p.getByTestId('add-to-cart-reason').count()).toBe(0);
  });

  it('on a phone, signed out: the glazing picker fills the screen and finds museum glass by kind', async () => {
    const phone = await app.page({ viewport: PHONE, isMobile: true, hasTouch: true });
    await phone.goto('/FrameBuilder');
    await live(phone);
    await phone.getByRole('button', { name: 'Continue Without Image' }).click();
    await phone.getByRole('button', { name: 'Next: frame, mat and glazing' }).click();
    await phone.getByRole('button', { name: 'Select Glazing', exact: true }).click();
    const dialog = phone.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Kind', exact: true }).click();
    await phone.getByRole('option', { name: /^Museum \(\d+\)$/ }).click();
    await visible(dialog.getByRole('button', { name: 'Select GL-MU-1620', exact: true }));
    // the unfiltered page may still show a moment (it holds GL-MU-1620 too): wait for the museum list
    await expect.poll(() => dialog.getByRole('button', { name: /^Select GL-(?!MU-)/ }).count(), POLL).toBe(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // a thumb's tap target in the picker too: its fields, filters, Select buttons and pages at least 44 px high
    const short = await dialog.evaluate(
      (d) =>
        Array.from(
          d.querySelectorAll('.mantine-Modal-body button, .mantine-Modal-body input:not([type="checkbox"])'),
        )
          .map((e) => e.getBoundingClientRect())
          .filter((r) => r.width > 0 && r.height < 44).length,
    );
    expect(short).toBe(0);
    await app.shot(phone, 'frame-picker-glazing-phone', { fullPage: false });
  });
});

describe('what a framer designs every day: two mouldings, a fillet, two mats (10001)', () => {
  const LINER = 'MOD-132-0105'; // Modena 1" Black Lacquer, as the inner moulding
  const FILLET = 'FIL-133-0301'; // Ferrara 3/8" gold fillet
  const LOWER_MAT = 'MAT-K7001'; // a black-core board under the white one
  let p: Page;
  let quoted = '';

  /** Picks a product into a slot of the design by its button ('Select Fillet', 'Add a mat below'…). */
  async function pickInto(button: string, code: string) {
    await p.getByRole('button', { name: button, exact: true }).click();
    const modal = p.getByRole('dialog');
    await modal.getByLabel('Item #').fill(code);
    await modal.getByRole('button', { name: `Select ${code}`, exact: true }).click();
    const ask = p.getByRole('dialog', { name: 'Back-ordered' });
    if (await ask.isVisible().catch(() => false)) await ask.getByRole('button', { name: 'Yes' }).click();
    await modal.waitFor({ state: 'hidden' });
  }

  beforeAll(async () => {
    p = await app.page();
    await signIn(p, '10001');
    // the cart holds this design alone, so that its total is the design's
    await p.evaluate(async () => {
      const token = localStorage.getItem('token');
      await fetch('/api/updateCart', {
        method: 'POST',
        headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ cartdata: [] }),
      });
    });
  });

  it('no picture, 16 x 20: moulding, liner, fillet in the mat, two mats 1/4" apart, glazing; each line priced', async () => {
    await p.goto('/FrameBuilder');
    await live(p);
    await p.getByRole('button', { name: 'Continue Without Image' }).click();
    await p.getByTestId('frame-width').fill('16');
    await p.getByTestId('frame-height').fill('20');
    await p.getByRole('button', { name: 'Next: frame, mat and glazing' }).click();
    await visible(p.getByTestId('frame-size'));

    await pickInto('Select Frame', MOULDING);
    await pickInto('Select Inner moulding (liner)', LINER);
    await visible(p.getByTestId('card-innerMoulding').getByText(LINER));
    await pickInto('Select Fillet', FILLET);
    await p.getByLabel('Fillet position').selectOption({ label: 'Inside the mat opening' });
    await pickInto('Select Mat', MAT);
    await pickInto('Add a mat below', LOWER_MAT);
    await visible(p.getByTestId('card-lowerMat-0').getByText(LOWER_MAT));
    await p.getByLabel('Reveal of the bottom mat').selectOption({ label: '1/4"' });
    // a 24 x 30 sheet of glazing covers the 22 3/4 x 26 3/4 inside
    await p.getByRole('button', { name: 'Select Glazing', exact: true }).click();
    const modal = p.getByRole('dialog');
    await modal.getByRole('combobox', { name: 'Sheet size', exact: true }).click();
    await p
      .getByRole('option', { name: /^24 x 30/ })
      .first()
      .click();
    await modal
      .getByRole('button', { name: /^Select GL-/ })
      .first()
      .click();
    const ask = p.getByRole('dialog', { name: 'Back-ordered' });
    if (await ask.isVisible().catch(() => false)) await ask.getByRole('button', { name: 'Yes' }).click();
    await modal.waitFor({ state: 'hidden' });

    // 16 x 20 less 1/4" each side shows; the 1/4" reveal, the 3/8" fillet, 3" borders: 22 3/4 x 26 3/4 inside;
    // the 1" liner and the 2 1/4" moulding around it
    await expect.poll(() => p.getByTestId('frame-size').textContent(), POLL).toBe('29 1/4" x 33 1/4"');
    const panel = p.getByTestId('price-panel');
    // the price follows the last part picked (the glazing) a moment later: six lines
    await expect.poll(() => panel.locator('[data-testid^="price-line-"]').count(), POLL).toBe(6);
    await expect
      .poll(() => p.getByTestId('frame-total').textContent(), POLL)
      .toMatch(/^Total \$\d[\d,]*\.\d\d$/);
    for (const part of ['innerMoulding', 'moulding', 'fillet', 'glass'])
      expect(await panel.getByTestId(`price-line-${part}`).count()).toBe(1);
    expect(await panel.getByTestId('price-line-mat').count()).toBe(2);
    for (const name of [
      `Inner moulding ${LINER}`,
      `Frame ${MOULDING}`,
      `Fillet ${FILLET}`,
      `Top mat ${MAT}`,
      `Bottom mat ${LOWER_MAT}`,
    ])
      await visible(panel.getByText(name, { exact: true }));
    await visible(panel.getByText('Bottom mat 22 3/4 x 26 3/4, opening 15 1/2 x 19 1/2 (1/4" reveal)'));
    quoted = ((await p.getByTestId('frame-total').textContent()) ?? '').replace(/^Total /, '');
    await app.shot(p, 'frame-builder-layers');
    await app.shot(p, 'frame-builder-layers-view', { fullPage: false });
    // the drawing alone, to look at the bevels, the fillet and the liner
    await p
      .getByRole('img', { name: /^Preview of the frame/ })
      .screenshot({ path: path.join(SHOTS_DIR, 'frame-builder-layers-preview.png') });
  });

  it('at 360 px the cards and the drawing fit, every control a 44 px target', async () => {
    await p.setViewportSize({ width: 360, height: 780 });
    await visible(p.getByTestId('card-lowerMat-0'));
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const small = await p
      .locator('#main [data-testid^="card-"] button:visible, #main [data-testid^="card-"] select:visible')
      .evaluateAll((els) =>
        els.filter((e) => e.getBoundingClientRect().height < 44).map((e) => e.outerHTML.slice(0, 80)),
      );
    expect(small).toEqual([]);
    await app.shot(p, 'frame-builder-layers-360');
    await p.setViewportSize({ width: 1280, height: 900 });
  });

  it('prints every layer with its size', async () => {
    await p.emulateMedia({ media: 'print' });
    const sheet = p.getByTestId('print-sheet');
    await visible(sheet);
    const text = (await sheet.textContent()) ?? '';
    for (const s of [
      `${LINER}`,
      'joined at 22 3/4" x 26 3/4"',
      'Bottom mat',
      'opening 15 1/2" x 19 1/2", 1/4" reveal',
      'inside the mat opening',
    ])
      expect(text).toContain(s);
    expect(text).toContain(quoted);
    await app.shot(p, 'frame-builder-layers-print');
    await p.emulateMedia({ media: 'screen' });
  });

  it('saves the layered design and opens it again as it was', async () => {
    await mainButton(p, 'Save').click();
    const dialog = p.getByRole('dialog', { name: 'Save Frame As' });
    await dialog.getByLabel('Name').fill('Two mats, liner');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => savedLabel(p).textContent(), POLL).toBe('Saved: Two mats, liner');
    // back to the picture step, and open it from Saved Frames
    await p.getByRole('button', { name: 'Picture' }).click();
    await p.getByRole('button', { name: 'Saved Frames' }).click();
    const list = p.getByRole('dialog', { name: 'Saved Frames' });
    await list.getByRole('button', { name: 'Open Two mats, liner' }).click();
    await expect.poll(() => savedLabel(p).textContent(), POLL).toBe('Saved: Two mats, liner');
    await expect.poll(() => p.getByTestId('frame-size').textContent(), POLL).toBe('29 1/4" x 33 1/4"');
    await visible(p.getByTestId('card-lowerMat-0').getByText(LOWER_MAT));
    await visible(p.getByTestId('card-innerMoulding').getByText(LINER));
    expect(await p.getByLabel('Fillet position').inputValue()).toBe('mat');
    expect(await p.getByLabel('Reveal of the bottom mat').inputValue()).toBe('4');
    await expect.poll(() => p.getByTestId('frame-total').textContent(), POLL).toBe(`Total ${quoted}`);
  });

  it('goes to the cart with the same lines and total, and the order is placed', async () => {
    await p.getByRole('button', { name: 'Add to Cart' }).click();
    const ask = p.getByRole('dialog', { name: 'Back-ordered' });
    const done = p.getByRole('dialog', { name: 'Frame added' });
    await Promise.race([visible(ask), visible(done)]);
    if (await ask.isVisible()) await ask.getByRole('button', { name: 'Yes' }).click();
    await visible(done.getByText(messages.itemsAdded));
    await done.getByRole('link', { name: 'Go to cart' }).click();
    await visible(p.getByTestId('cart-line').first());
    await live(p);
    expect(await p.getByTestId('cart-line').count()).toBe(6);
    expect(await p.getByTestId('cart-total').textContent()).toBe(quoted);
    await app.shot(p, 'frame-builder-layers-cart');
    await p.getByLabel('PO #').fill('FRAME1');
    await p.getByRole('button', { name: 'Place Order' }).click();
    const review = p.getByRole('dialog', { name: 'Review your order' });
    await visible(review);
    expect(await review.getByTestId('review-line').count()).toBe(6);
    await review.getByRole('button', { name: 'Place Order' }).click();
    await expect.poll(() => new URL(p.url()).pathname, POLL).toMatch(/^\/Admin\/OrderDetails\/\d+$/i);
    expect(await (await visible(p.getByTestId('order-total'))).textContent()).toBe(quoted);
  });
});

describe('a diptych, on a desktop without signing in', () => {
  it('two windows side by side, each with its own picture; the second can be removed again', async () => {
    const p = await app.page();
    await p.goto('/FrameBuilder');
    await live(p);
    await p
      .locator('input[type=file]')
      .setInputFiles({ name: 'garden.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
    await visible(p.getByTestId('crop-area'));
    await p.getByTestId('frame-width').fill('8');
    await p.getByTestId('frame-height').fill('10');
    await p.getByRole('button', { name: 'Next: frame, mat and glazing' }).click();
    await visible(p.getByTestId('frame-size'));
    await pick(p, 'Frame', MOULDING);
    await pick(p, 'Mat', MAT);
    await p.getByLabel('Opening shape').selectOption('double');
    const preview = p.getByRole('img', { name: /^Preview of the frame/ });
    // one picture in both windows until a second is added
    await expect.poll(() => preview.locator('image').count(), POLL).toBe(2);
    const images = () =>
      preview.locator('image').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
    expect(new Set(await images()).size).toBe(1);
    const chooser = p.waitForEvent('filechooser');
    await p.getByRole('button', { name: 'Add a second picture' }).click();
    const second = readFileSync(path.join(REPO_ROOT, 'apps/api/assets/frame-presets/dune.jpg'));
    await (await chooser).setFiles({ name: 'dune.jpg', mimeType: 'image/jpeg', buffer: second });
    await visible(p.getByRole('img', { name: 'The right-hand picture' }));
    await expect.poll(async () => new Set(await images()).size, POLL).toBe(2);
    await app.shot(p, 'frame-builder-diptych');
    await p.getByRole('button', { name: 'Remove the right-hand picture' }).click();
    await expect.poll(async () => new Set(await images()).size, POLL).toBe(1);
  });
});
