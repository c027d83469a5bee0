import type { Order } from '@mitrebox/api-contract';
import { like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { emailOutbox } from '../../schema.ts';
import { testAppWithMail } from '../../testing/mail-app.ts';
import { linkAfter, readableMail } from '../../testing/mail-text.ts';
import type { ReceivedMail } from '../../testing/smtp.ts';
import { bearer, signIn } from '../../testing/test-app.ts';
import { backorderText, footageText, lineSummary, lineType } from './order-lines.ts';

/**
 * The order confirmation through a real SMTP server: placed as 10001, it reaches the account's own address with
 * the order's lines as stored; the user's choice in My Account and the mail's unsubscribe link turn it off.
 */
const shop = testAppWithMail();
let token: string;
let other: string;
let codes: { chop: string; length: string; item: string };

beforeAll(async () => {
  token = await signIn(shop.t.app, '10001');
  other = await signIn(shop.t.app, '10005');
  const one = async (type: number) =>
    (
      await queryRows<{ code: string }>(
        shop.t.database.db,
        sql`select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
            where p.type = ${type} and s.onhand - s.commit_amt > 200 order by p.code limit 1`,
      )
    )[0].code;
  codes = { chop: await one(4), length: await one(4), item: await one(2) };
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, who = token, payload?: unknown) =>
  shop.t.app.inject({ method, url, headers: bearer(who), payload: payload as Record<string, unknown> });

/** Fills the cart with a chop, a length and glass by quantity, places it with the PO; the order as stored. */
async function placeOrder(po: string): Promise<Order> {
  const cart = await inject('POST', '/api/updateCart', token, {
    cartdata: [
      {
        Code: codes.chop,
        productSelection: {
          type: 'chop',
          quantity: 2,
          location: 'C',
          dimension: { length: 16, length_fraction: 8, width: 20, width_fraction: 3 },
          instructions: 'Corners <b>tight</b>',
        },
        backtype: 'backremq',
      },
      {
        Code: codes.length,
        productSelection: { type: 'length', length: 30, location: 'C' },
        backtype: 'backremq',
      },
      {
        Code: codes.item,
        productSelection: { type: 'item', quantity: 3, location: 'C' },
        backtype: 'backremq',
      },
    ],
  });
  expect(cart.statusCode, cart.body).toBe(200);
  const placed = await inject('POST', '/api/admin/orders', token, { poNumber: po });
  expect(placed.statusCode, placed.body).toBe(200);
  const details = await inject('GET', `/api/admin/ordersDetails?Ordernum=${placed.json().orderNumber}`);
  expect(details.statusCode, details.body).toBe(200);
  return details.json().data;
}

const mailsTo = (address: string) => shop.smtp.received.filter((m) => m.to.includes(address));
const OWNER = 'marie@crescentcityframes.example';

/** The stored addresses of 10001's users: the only ones any mail of the account may go to. */
async function storedAddresses() {
  const rows = await queryRows<{ email: string }>(
    shop.t.database.db,
    sql`select u.email from users u join user_accounts ua on ua.user_id = u.id where ua.acctnum = '10001'`,
  );
  return new Set(rows.map((r) => r.email.toLowerCase()));
}

const unsubscribeLink = (mail: ReceivedMail) => linkAfter(mail, 'Unsubscribe from these e-mails');

describe('the order confirmation', () => {
  let order: Order;
  let mail: ReceivedMail;

  it('goes to the account after the order is placed, its lines as the order holds them', async () => {
    order = await placeOrder('PO4471');
    await shop.t.app.services.notifications.idle();
    const mails = mailsTo(OWNER).filter((m) => m.subject.includes(String(order.Ordnum)));
    expect(mails).toHaveLength(1);
    mail = mails[0];
    const text = readableMail(mail);
    const warehouse = (await shop.t.app.services.catalogue.locations()).find((l) => l.Loc === 'C')!.Name;
    expect(mail.subject).toBe(`Order ${order.Ordnum} (PO PO4471) received`);
    expect(order.items).toHaveLength(3);
    // each line read back from the message: code, type, what was ordered (inches and sixteenths), footage, warehouse
    for (const item of order.items) {
      const row = text.split('\r\n').find((l) => l.startsWith(item.Code) && l.includes(lineSummary(item)));
      expect(row, `${item.Code} ${lineSummary(item)}`).toBeTruthy();
      // the type as the cart names it starts what was ordered (a line sold by quantity says 'Qty')
      expect(lineSummary(item).startsWith(item.Pcode ? lineType(item) : 'Qty')).toBe(true);
      expect(row).toContain(footageText(item));
      expect(row).toContain(warehouse);
    }
    const chop = order.items.find((i) => i.Pcode === 'C')!;
    expect(lineSummary(chop)).toBe('Chop 2 × 16 1/2" × 20 3/16"');
    // in stock: no back-order choice applies (a short line's is in the ERP mails' test)
    expect(backorderText(chop)).toBeNull();
    expect(order.items.find((i) => i.Pcode === 'L')).toMatchObject({ Footage: 30 });
    expect(text).toContain('Length 30 ft');
    expect(text).toContain('Qty 3');
    expect(text).toMatch(/Order total\s+\$[\d,]+\.\d\d/);
    expect(text).toContain(`Ship via:`);
    expect(text).toContain(order.Shipvia ?? '—');
    // when it leaves New Orleans and arrives, as the confirmation screen says it (modules/shipping)
    expect(text).toMatch(/Ships (today|\w+day(, \w{3} \d{1,2})?) from New Orleans/);
    // the HTML part escapes what a buyer typed
    const html = text.slice(text.indexOf('Content-Type: text/html'));
    expect(html).toContain('Instructions: Corners &lt;b&gt;tight&lt;/b&gt;');
    expect(html).not.toContain('<b>tight</b>');
    expect(text).toContain('Instructions: Corners <b>tight</b>'); // the plain-text part says it as typed
    // the one-click unsubscribe headers
    expect(mail.raw).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/shop\.example\/api\/mail\/unsubscribe\?u=\d+&k=orderConfirmation&s=/m,
    );
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  });

  it("is written once per order: the outbox keeps it under the order's event key", async () => {
    const rows = await shop.t.database.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.eventKey, `order-confirmation:${order.Ordnum}:%`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', to: OWNER });
    // the placement job run again for the same order (a retry): nothing more is sent
    const before = shop.smtp.received.length;
    const user = (await shop.t.app.services.auth.authenticate(token))!.user;
    shop.t.app.services.notifications.orderPlaced(user, order.Ordnum);
    await shop.t.app.services.notifications.idle();
    expect(shop.smtp.received.length).toBe(before);
  });

  it('is not sent when the user turned it off in My Account', async () => {
    const off = await inject('PUT', '/api/account/mail-preferences', token, { orderConfirmation: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({
      orderConfirmation: false,
      invoiceIssued: true,
      monthlyStatement: false,
    });
    const before = shop.smtp.received.length;
    const second = await placeOrder('');
    await shop.t.app.services.notifications.idle();
    expect(shop.smtp.received.length).toBe(before);
    const rows = await shop.t.database.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.eventKey, `order-confirmation:${second.Ordnum}:%`));
    expect(rows).toEqual([]);
    await inject('PUT', '/api/account/mail-preferences', token, { orderConfirmation: true });
  });

  it('goes to no address the account did not give', async () => {
    const stored = await storedAddresses();
    for (const m of shop.smtp.received)
      for (const to of m.to) expect(stored.has(to.toLowerCase())).toBe(true);
  });
});

describe('mail preferences', () => {
  it("are each user's own: another account changes and reads only its own", async () => {
    const mine = await inject('GET', '/api/account/mail-preferences');
    expect(mine.json().data).toEqual({
      orderConfirmation: true,
      invoiceIssued: true,
      orderShipped: true,
      backorderReleased: true,
      monthlyStatement: false,
    });
    const theirs = await inject('PUT', '/api/account/mail-preferences', other, {
      invoiceIssued: false,
      monthlyStatement: true,
    });
    expect(theirs.json().data).toMatchObject({ invoiceIssued: false, monthlyStatement: true });
    expect((await inject('GET', '/api/account/mail-preferences')).json().data).toEqual(mine.json().data);
    const anonymous = await shop.t.app.inject({ method: 'GET', url: '/api/account/mail-preferences' });
    expect(anonymous.statusCode).toBe(401);
    const bad = await inject('PUT', '/api/account/mail-preferences', token, { orderShipped: 'yes' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the unsubscribe link', () => {
  it('shows a button, and the button (or a one-click POST) turns that kind off without a sign-in', async () => {
    const mail = mailsTo(OWNER).find((m) => m.subject.includes('(PO PO4471)'))!;
    const link = unsubscribeLink(mail);
    const page = await shop.t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Order confirmation');
    expect(page.body).toContain('<form method="post"');
    // opening the page changed nothing (a mail scanner may follow links)
    expect((await inject('GET', '/api/account/mail-preferences')).json().data.orderConfirmation).toBe(true);

    const forged = link.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const refused = await shop.t.app.inject({ method: 'POST', url: forged });
    expect(refused.statusCode).toBe(403);
    const otherKind = link.replace('k=orderConfirmation', 'k=invoiceIssued');
    expect((await shop.t.app.inject({ method: 'POST', url: otherKind })).statusCode).toBe(403);
    const otherUser = link.replace(/u=\d+/, 'u=2');
    expect((await shop.t.app.inject({ method: 'GET', url: otherUser })).statusCode).toBe(403);
    expect((await inject('GET', '/api/account/mail-preferences')).json().data.orderConfirmation).toBe(true);

    const done = await shop.t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    const prefs = (await inject('GET', '/api/account/mail-preferences')).json().data;
    expect(prefs).toMatchObject({ orderConfirmation: false, invoiceIssued: true });
    await inject('PUT', '/api/account/mail-preferences', token, { orderConfirmation: true });
  });
});
