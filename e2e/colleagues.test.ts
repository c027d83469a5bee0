import { startSmtpServer } from '@mitrebox/api/testing/smtp';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOrders, signInAs } from './account-helpers.ts';
import { addAndConfirm, FERRARA, openAddDialog, waitForBadge } from './cart-helpers.ts';
import { PHONE, useApp } from './harness.ts';
import { accountMenu, atPath, fillSignIn, live, painted, visible } from './helpers.ts';
import { staffSignIn } from './staff-helpers.ts';

/** A real SMTP server the shop delivers to: the colleague follows the link the invitation e-mail carries. */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

const app = useApp({ env: () => ({ SMTP_URL: smtp.url }) });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The invitation link mailed to `email` (the newest). */
async function invitationLink(email: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mail = [...smtp.received]
      .reverse()
      .find((m) => m.to.includes(email) && /\/invitation\//.test(m.text));
    const link = mail && /(https?:\/\/[^\s/]+\/invitation\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (link) return link;
    await sleep(200);
  }
  throw new Error(
    `no invitation mailed to ${email}; received: ${smtp.received.map((m) => m.to).join(' | ')}`,
  );
}

const PASSWORD = 'counter-clerk-2026';

/** The owner of 10001 invites a colleague with the rights ticked in `tick` (Order is ticked at first). */
async function invite(p: Page, name: string, email: string, rights: { order: boolean; pay: boolean }) {
  await p.goto('/Admin/Colleagues');
  const form = p.getByRole('form', { name: 'Invite a colleague' });
  await visible(form.getByLabel('Name'));
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('E-mail').fill(email);
  const box = (label: string) => form.getByRole('checkbox', { name: label, exact: true });
  if ((await box('Order').isChecked()) !== rights.order) await box('Order').click();
  if ((await box('Pay').isChecked()) !== rights.pay) await box('Pay').click();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await visible(form.getByText(`The invitation was sent to ${email}.`));
}

/** The colleague opens the link, chooses a password and reads the sign-in number. */
async function accept(p: Page, link: string): Promise<string> {
  await p.goto(link);
  await visible(p.getByText('Crescent City Frame Works', { exact: false }));
  await p.getByLabel('Choose a password').fill(PASSWORD);
  await p.getByLabel('Repeat the password').fill(PASSWORD);
  await p.getByRole('button', { name: 'Accept the invitation' }).click();
  const number = p.getByTestId('invitation-username').locator('strong');
  await visible(number);
  return (await number.textContent())?.trim() ?? '';
}

describe('colleagues with their own rights', () => {
  let owner: Page;
  let clerkNumber = '';

  beforeAll(async () => {
    owner = await app.page();
    await signInAs(owner, '10001');
  });

  it('the owner invites a counter clerk, who accepts and signs in with the number', async () => {
    await live(owner);
    await accountMenu(owner).click();
    await owner.getByRole('menuitem', { name: 'Colleagues' }).click();
    await atPath(owner, '/Admin/Colleagues');
    await visible(owner.getByRole('heading', { name: 'Colleagues', level: 1 }));
    // the owner's own row: every right ticked, none to untick
    const own = owner.getByTestId('colleague-10001');
    await visible(own);
    expect(await own.getByRole('checkbox', { name: 'Manage users' }).isChecked()).toBe(true);
    expect(await own.getByRole('checkbox', { name: 'Manage users' }).isDisabled()).toBe(true);

    // the server's refusals come back on their fields
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await visible(owner.getByText('Field required').first());

    await invite(owner, 'Cleo Counter', 'cleo@crescentcityframes.example', { order: true, pay: false });
    await visible(
      owner.getByRole('list', { name: 'Invitations not accepted yet' }).getByText('Cleo Counter'),
    );
    await app.shot(owner, 'colleagues-owner');

    const link = await invitationLink('cleo@crescentcityframes.example');
    const clerk = await app.page();
    clerkNumber = await accept(clerk, link);
    expect(clerkNumber).toMatch(/^\d+$/);
    await app.shot(clerk, 'colleagues-accepted', { fullPage: false });
    await clerk.getByRole('link', { name: 'Sign In' }).last().click();
    await atPath(clerk, '/login');
    await fillSignIn(clerk, clerkNumber, PASSWORD);
    await visible(accountMenu(clerk));

    // the link worked once
    const again = await app.page();
    await again.goto(link);
    await visible(again.getByText(/used, withdrawn or has expired/));
  });

  it('a clerk orders, and sees no Pay button', async () => {
    const clerk = await app.page();
    await fillSignIn(clerk, clerkNumber, PASSWORD);
    await atPath(clerk, '/');
    await visible(clerk.getByTestId('cart-button'));
    const d = await openAddDialog(clerk, FERRARA);
    await d.getByLabel('Length (ft)').fill('12');
    await addAndConfirm(clerk, d);
    await waitForBadge(clerk, 1);
    await clerk.goto('/Cart');
    await clerk.getByLabel('PO #').fill('CLERK1');
    await clerk.getByRole('button', { name: 'Place Order' }).click();
    const review = clerk.getByRole('dialog', { name: 'Review your order' });
    await review.getByRole('button', { name: 'Place Order' }).click();
    await atPath(clerk, /^\/Admin\/OrderDetails\/\d+$/i);

    await clerk.goto('/Admin/userListOrders/payments');
    await visible(clerk.locator('main table tbody tr').first());
    await painted(clerk);
    expect(await clerk.getByRole('button', { name: 'Make Payment' }).count()).toBe(0);
    const invoiceLink = clerk.locator('main table tbody a[href*="/Admin/InvoiceDetails/"]').first();
    await invoiceLink.click();
    await visible(clerk.getByTestId('invoice-document'));
    await painted(clerk);
    expect(await clerk.getByRole('button', { name: 'Submit Payment' }).count()).toBe(0);
    // no Colleagues for a clerk, and the page says why when opened
    await clerk.goto('/Admin/Colleagues');
    await visible(clerk.getByText("Only the account's owner can manage colleagues."));

    // the owner sees who placed it
    await owner.goto('/Admin/Colleagues');
    const activity = owner.getByRole('region', { name: 'Activity' });
    await activity.getByLabel('Show').selectOption({ label: `Cleo Counter (${clerkNumber})` });
    await visible(activity.getByRole('cell', { name: 'Cleo Counter' }));
    // only the clerk's rows once the filtered answer is in
    await expect
      .poll(() => activity.getByRole('cell', { name: 'Marie Broussard' }).count(), { timeout: 15_000 })
      .toBe(0);
    await app.shot(owner, 'colleagues-activity');
  });

  it('a bookkeeper pays an invoice, and has no cart', async () => {
    await invite(owner, 'Bea Books', 'bea@crescentcityframes.example', { order: false, pay: true });
    const bookkeeper = await app.page();
    const number = await accept(bookkeeper, await invitationLink('bea@crescentcityframes.example'));
    await bookkeeper.goto('/login');
    await fillSignIn(bookkeeper, number, PASSWORD);
    await visible(accountMenu(bookkeeper));
    await live(bookkeeper);
    expect(await bookkeeper.getByTestId('cart-button').count()).toBe(0);

    // an invoice not paid at all (a part-paid one is paid by calling: the specification's rule)
    const rows = (await listOrders(bookkeeper, { paystatus: '0' })).data;
    const due = rows.find((r) => r.invoices.length > 0 && Number(r.balance) > 0 && Number(r.balance) < 1500);
    expect(due).toBeTruthy();
    await bookkeeper.goto(`/Admin/InvoiceDetails/${due?.invoices[0]}`);
    await bookkeeper.getByRole('button', { name: 'Submit Payment' }).click();
    const dialog = bookkeeper.getByRole('dialog', { name: /^Pay invoice/ });
    await visible(dialog);
    await payWithNewCard(dialog);
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await visible(bookkeeper.getByTestId('invoice-status').getByText('Paid in full'));
    await app.shot(bookkeeper, 'colleagues-bookkeeper-paid', { fullPage: false });
  });

  it('the owner disables a colleague, on a phone', async () => {
    const phone = await app.page({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signInAs(phone, '10001');
    await phone.goto('/Admin/Colleagues');
    const row = phone.getByTestId(`colleague-${clerkNumber}`);
    await visible(row);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await row.getByRole('button', { name: 'Disable Cleo Counter' }).click();
    const confirm = phone.getByRole('dialog', { name: 'Disable Cleo Counter?' });
    await visible(confirm.getByText('They are signed out at once.', { exact: false }));
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await visible(row.getByText('Disabled'));
    await app.shot(phone, 'colleagues-phone');
  });
});

describe('one person, two accounts', () => {
  it('the owner of 10001 invites the owner of 10005, who accepts and switches between the accounts', async () => {
    const owner = await app.page();
    await signInAs(owner, '10001');
    await invite(owner, 'Sam of Mile High', 'sam@milehighframes.example', { order: true, pay: true });
    const sam = await app.page();
    await sam.goto(await invitationLink('sam@milehighframes.example'));
    // an existing sign-in: no password to choose
    await visible(sam.getByText('You already sign in to Mitrebox with this e-mail', { exact: false }));
    expect(await sam.getByLabel('Choose a password').count()).toBe(0);
    await sam.getByRole('button', { name: 'Accept the invitation' }).click();
    await visible(sam.getByTestId('invitation-username').getByText('10005'));

    await signInAs(sam, '10005');
    await live(sam);
    await accountMenu(sam).click();
    await visible(sam.getByRole('menuitem', { name: /Crescent City Frame Works/ }));
    await app.shot(sam, 'colleagues-switcher', { fullPage: false });
    await sam.getByRole('menuitem', { name: /Crescent City Frame Works/ }).click();
    await visible(accountMenu(sam).getByText('Account 10001'));
    await live(sam);
    // in 10001 Sam orders and pays, and does not manage its colleagues
    await visible(sam.getByTestId('cart-button'));
    await accountMenu(sam).click();
    await visible(sam.getByRole('menuitem', { name: /Mile High/ }));
    expect(await sam.getByRole('menuitem', { name: 'Colleagues' }).count()).toBe(0);
  });
});

describe('back office', () => {
  it("staff see an account's users with their rights, and resend an invitation", async () => {
    const owner = await app.page();
    await signInAs(owner, '10001');
    await invite(owner, 'Gus Gallery', 'gus@crescentcityframes.example', { order: true, pay: false });
    const before = smtp.received.length;

    const staff = await app.page();
    await staffSignIn(staff, 'sales@mitrebox.example');
    await staff.goto('/staff/accounts/10001');
    const panel = staff.getByRole('region', { name: 'Rights and invitations' });
    await visible(panel.getByRole('cell', { name: 'gus@crescentcityframes.example' }));
    await panel
      .getByRole('button', { name: 'Resend the invitation to gus@crescentcityframes.example' })
      .click();
    await visible(panel.getByText('A new invitation link was sent to gus@crescentcityframes.example.'));
    await smtp.waitFor(before + 1, 15_000);
    await app.shot(staff, 'colleagues-staff');
  });
});

const cardFrame = (scope: Locator): FrameLocator => scope.frameLocator('[data-testid=card-fields-frame]');

async function payWithNewCard(dialog: Locator) {
  await dialog.getByText('Enter Card', { exact: true }).click();
  await visible(cardFrame(dialog).getByLabel('Card number'));
  await dialog.getByLabel('Name on card').fill('Bea Books');
  await dialog.getByLabel('Billing address').fill('812 Magazine St');
  await dialog.getByLabel('City').fill('New Orleans');
  await dialog.getByLabel('State').selectOption({ label: 'Louisiana (LA)' });
  await dialog.getByLabel('Postal code').fill('70130');
  await dialog.getByLabel('Expiry month').selectOption({ label: '12' });
  await dialog.getByLabel('Expiry year').selectOption({ label: String(new Date().getFullYear() + 2) });
  await cardFrame(dialog).getByLabel('Card number').fill('4111111111111111');
  await cardFrame(dialog).getByLabel('CVV').fill('123');
  await dialog.getByRole('button', { name: /^Pay \$/ }).click();
}
