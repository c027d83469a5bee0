import { rightRefused } from '@mitrebox/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { chopCart } from '../../testing/cart-lines.ts';
import { testAppWithMail } from '../../testing/mail-app.ts';
import { bearer, signIn, signInStaff } from '../../testing/test-app.ts';
import { colleagueMessages } from './colleagues.service.ts';
import { INVITATION_TTL_MS, invitationMessages } from './invitations.ts';

/**
 * Colleagues with their own rights (docs/decisions/026): the owner invites by e-mail (real SMTP), the colleague
 * accepts with a password and signs in with their own number, the rights apply at once — also through the
 * session cache, which is on here — and a disabled colleague's session ends at once.
 */

const shop = testAppWithMail({ SESSION_CACHE_MS: 60_000 });
const OWNER = '10001';
const PASSWORD = 'mitre-saw-and-glue-42';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  shop.t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

/** The token of the newest invitation link e-mailed to this address. */
async function invitationLink(address: string, after = 0): Promise<string> {
  const pattern = /https:\/\/shop\.example\/invitation\/([A-Za-z0-9_-]+)/;
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = shop.smtp.received
      .slice(after)
      .filter((m) => m.to.includes(address) && pattern.test(m.text))
      .at(-1);
    if (mail) return pattern.exec(mail.text)![1]!;
    if (Date.now() > deadline) throw new Error(`no invitation link to ${address}`);
    await shop.smtp.waitFor(shop.smtp.received.length + 1, deadline - Date.now()).catch(() => undefined);
  }
}

const CLERK = { order: true, pay: false, prices: false, manage: false };

describe('inviting a colleague', () => {
  let owner: string;
  let clerk: string;
  let clerkNumber: string;
  let clerkId: number;
  let usedToken: string;

  it('e-mails a link; the colleague accepts with a password and signs in with their own number', async () => {
    owner = await signIn(shop.t.app, OWNER);
    const sent = shop.smtp.received.length;
    const invited = await call('POST', '/api/account/invitations', owner, {
      email: 'Clerk@CrescentCityFrames.example',
      name: 'Counter Clerk',
      rights: CLERK,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const invitation = invited.json().data;
    expect(invitation).toMatchObject({ email: 'clerk@crescentcityframes.example', state: 'pending' });
    const lasts = Date.parse(invitation.expiresAt) - Date.parse(invitation.sentAt);
    expect(Math.abs(lasts - INVITATION_TTL_MS)).toBeLessThan(5000);
    const token = await invitationLink('clerk@crescentcityframes.example', sent);
    const mail = shop.smtp.received.at(-1)!;
    expect(mail.subject).toContain('Crescent City Frame Works');
    expect(mail.text).toContain('72 hours');

    const view = await call('GET', `/api/invitations/${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json().data).toMatchObject({ acctnum: OWNER, name: 'Counter Clerk', existingUser: false });

    const weak = await call('POST', `/api/invitations/${token}/accept`, undefined, { password: 'password' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toBeTruthy();
    expect((await call('POST', `/api/invitations/${token}/accept`, undefined, {})).statusCode).toBe(422);

    const accepted = await call('POST', `/api/invitations/${token}/accept`, undefined, {
      password: PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    clerkNumber = accepted.json().data.username;
    expect(clerkNumber).toMatch(/^9\d{7}$/);
    expect(accepted.json().data).toMatchObject({ acctnum: OWNER, company: 'Crescent City Frame Works' });
    usedToken = token;

    clerk = await signIn(shop.t.app, clerkNumber, PASSWORD);
    const me = (await call('GET', '/api/me', clerk)).json().user;
    clerkId = me.id;
    expect(me.accounts).toHaveLength(1);
    // ordering shows prices: the right applies with what it implies
    expect(me.accounts[0]).toMatchObject({
      Acctnum: OWNER,
      rights: { order: true, pay: false, prices: true, manage: false },
    });
  });

  it('applies the rights: the clerk orders but may not pay or manage users', async () => {
    const [{ code }] = await queryRows<{ code: string }>(
      shop.t.database.db,
      sql`select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
        where p.type = 4 and s.onhand - s.commit_amt > 100 order by p.code limit 1`,
    );
    const cart = await call('POST', '/api/updateCart', clerk, chopCart(code));
    expect(cart.statusCode, cart.body).toBe(200);
    const order = await call('POST', '/api/admin/orders', clerk, {
      poNumber: 'CLERK1',
      cartVersion: cart.json().version,
    });
    expect(order.statusCode, order.body).toBe(200);

    const pay = await call('POST', '/api/admin/makePayment', clerk, {
      Invnum: 1,
      amount: '1.00',
      accountBillId: 1,
    });
    expect(pay.statusCode).toBe(403);
    expect(pay.json().message).toBe(rightRefused.pay);
    expect((await call('GET', '/api/account/colleagues', clerk)).statusCode).toBe(403);
    // no saved cards shown to a colleague who may not pay
    const details = await call('GET', '/api/admin/accountDetails', clerk);
    expect(details.json().data.billing).toEqual([]);
    expect(
      (await call('GET', '/api/admin/accountDetails', owner)).json().data.billing.length,
    ).toBeGreaterThan(0);

    // the owner sees who did what
    const activity = await call('GET', `/api/account/activity?userId=${clerkId}`, owner);
    expect(activity.statusCode).toBe(200);
    expect(activity.json().data[0]).toMatchObject({ kind: 'order', userName: 'Counter Clerk' });
    expect(activity.json().total).toBe(1);
    const all = (await call('GET', '/api/account/activity?perPage=50', owner)).json();
    expect(all.total).toBeGreaterThan(1);
    const times = all.data.map((r: { at: string }) => Date.parse(r.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('changes rights at once, through the session cache', async () => {
    const changed = await call('PATCH', `/api/account/colleagues/${clerkId}`, owner, {
      rights: { ...CLERK, pay: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.rights.pay).toBe(true);
    const pay = await call('POST', '/api/admin/makePayment', clerk, {
      Invnum: 1,
      amount: '1.00',
      accountBillId: 1,
    });
    expect(pay.statusCode).not.toBe(403);
    const list = (await call('GET', '/api/account/colleagues', owner)).json();
    expect(list.data[0]).toMatchObject({ username: OWNER, owner: true });
    expect(list.data.find((c: { userId: number }) => c.userId === clerkId)).toMatchObject({
      username: clerkNumber,
      disabled: false,
    });
  });

  it('answers a used link 410 and an unknown one 404', async () => {
    expect((await call('GET', `/api/invitations/${usedToken}`)).statusCode).toBe(410);
    const again = await call('POST', `/api/invitations/${usedToken}/accept`, undefined, {
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(invitationMessages.usedLink);
    expect((await call('GET', `/api/invitations/${'x'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('refuses inviting an address twice, or a user of the account', async () => {
    const first = await call('POST', '/api/account/invitations', owner, {
      email: 'twice@example.com',
      name: 'Twice',
      rights: CLERK,
    });
    expect(first.statusCode).toBe(201);
    const second = await call('POST', '/api/account/invitations', owner, {
      email: 'TWICE@example.com',
      name: 'Twice',
      rights: CLERK,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(invitationMessages.alreadyInvited);
    const user = await call('POST', '/api/account/invitations', owner, {
      email: 'clerk@crescentcityframes.example',
      name: 'Again',
      rights: CLERK,
    });
    expect(user.statusCode).toBe(409);
    expect(user.json().message).toBe(invitationMessages.alreadyUser);
    const bad = await call('POST', '/api/account/invitations', owner, {
      email: 'nope',
      name: '',
      rights: CLERK,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      name: invitationMessages.nameRequired,
      email: invitationMessages.emailFormat,
    });
    const staff = await call('POST', '/api/account/invitations', owner, {
      email: 'sales@mitrebox.example',
      name: 'Sam',
      rights: CLERK,
    });
    expect(staff.statusCode).toBe(409);
  });

  it('resending gives a new link for 72 hours and the old one stops working; withdrawn links answer 410', async () => {
    const sent = shop.smtp.received.length;
    const invited = await call('POST', '/api/account/invitations', owner, {
      email: 'books@example.com',
      name: 'Bookkeeper',
      rights: { order: false, pay: true, prices: true, manage: false },
    });
    const id = invited.json().data.id;
    const old = await invitationLink('books@example.com', sent);
    const resent = await call('POST', `/api/account/invitations/${id}/resend`, owner);
    expect(resent.statusCode, resent.body).toBe(200);
    const fresh = await invitationLink('books@example.com', sent + 1);
    expect(fresh).not.toBe(old);
    expect((await call('GET', `/api/invitations/${old}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/invitations/${fresh}`)).statusCode).toBe(200);

    // 72 hours on, the link has expired
    await queryRows(
      shop.t.database.db,
      sql`update account_invitations set expires_at = now() - interval '1 second' where id = ${id}`,
    );
    expect((await call('GET', `/api/invitations/${fresh}`)).statusCode).toBe(410);
    const listed = (await call('GET', '/api/account/colleagues', owner)).json().invitations;
    expect(listed.find((i: { id: number }) => i.id === id).state).toBe('expired');

    const revoked = await call('DELETE', `/api/account/invitations/${id}`, owner);
    expect(revoked.statusCode).toBe(200);
    expect((await call('POST', `/api/account/invitations/${id}/resend`, owner)).statusCode).toBe(409);
    // another account's owner cannot touch it
    const other = await signIn(shop.t.app, '10005');
    expect((await call('DELETE', `/api/account/invitations/${id}`, other)).statusCode).toBe(404);
  });

  it("protects the owner's sign-in and the caller's own", async () => {
    const [{ id: ownerId }] = await queryRows<{ id: number }>(
      shop.t.database.db,
      sql`select id from users where username = ${OWNER}`,
    );
    const onOwner = await call('PATCH', `/api/account/colleagues/${ownerId}`, owner, { disabled: true });
    expect(onOwner.statusCode).toBe(409);
    expect(onOwner.json().message).toBe(colleagueMessages.ownerKeepsRights);
    // a colleague who manages may not change themselves either
    await call('PATCH', `/api/account/colleagues/${clerkId}`, owner, {
      rights: { order: true, pay: true, prices: true, manage: true },
    });
    const self = await call('PATCH', `/api/account/colleagues/${clerkId}`, clerk, { disabled: true });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(colleagueMessages.notYourself);
    expect(
      (await call('PATCH', `/api/account/colleagues/999999`, owner, { disabled: true })).statusCode,
    ).toBe(404);
  });

  it('lets a user of two accounts choose the one they work in', async () => {
    const other = await signIn(shop.t.app, '10005');
    const sent = shop.smtp.received.length;
    const invited = await call('POST', '/api/account/invitations', other, {
      email: 'clerk@crescentcityframes.example',
      name: 'Counter Clerk',
      rights: { order: false, pay: false, prices: false, manage: false },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = await invitationLink('clerk@crescentcityframes.example', sent);
    expect((await call('GET', `/api/invitations/${token}`)).json().data.existingUser).toBe(true);
    const accepted = await call('POST', `/api/invitations/${token}/accept`, undefined, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.username).toBe(clerkNumber);

    const me = (await call('GET', '/api/me', clerk)).json().user;
    expect(me.accounts.map((a: { Acctnum: string }) => a.Acctnum)).toEqual([OWNER, '10005']);
    const switched = await call('POST', '/api/account/current', clerk, { acctnum: '10005' });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().data.accounts[0]).toMatchObject({
      Acctnum: '10005',
      rights: { order: false, pay: false, prices: false, manage: false },
    });
    // the session answers for 10005 now: without prices there, no cart and no account listing
    expect((await call('GET', '/api/getCart', clerk)).statusCode).toBe(403);
    expect((await call('GET', '/api/Products?TopSearch=walnut', clerk)).statusCode).toBe(403);
    expect((await call('POST', '/api/account/current', clerk, { acctnum: '10002' })).statusCode).toBe(403);
    const back = await call('POST', '/api/account/current', clerk, { acctnum: OWNER });
    expect(back.json().data.accounts[0].Acctnum).toBe(OWNER);
    expect((await call('GET', '/api/getCart', clerk)).statusCode).toBe(200);
  });

  it('disabling a colleague ends their sessions at once', async () => {
    const before = await call('GET', '/api/getCart', clerk);
    expect(before.statusCode).toBe(200);
    const disabled = await call('PATCH', `/api/account/colleagues/${clerkId}`, owner, { disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().data.disabled).toBe(true);
    expect((await call('GET', '/api/getCart', clerk)).statusCode).toBe(401);
    // signed in again, the clerk works in 10005 only: 10001 is no longer theirs
    const again = await signIn(shop.t.app, clerkNumber, PASSWORD);
    const me = (await call('GET', '/api/me', again)).json().user;
    expect(me.accounts.map((a: { Acctnum: string }) => a.Acctnum)).toEqual(['10005']);
  });

  it("shows staff an account's users and lets admin and sales resend an invitation (audited)", async () => {
    const invited = await call('POST', '/api/account/invitations', owner, {
      email: 'framer@example.com',
      name: 'Framer',
      rights: CLERK,
    });
    const id = invited.json().data.id;
    const admin = await signInStaff(shop.t.app, 'admin@mitrebox.example');
    const accounting = await signInStaff(shop.t.app, 'accounting@mitrebox.example');
    const users = await call('GET', `/api/staff/accounts/${OWNER}/users`, accounting);
    expect(users.statusCode, users.body).toBe(200);
    expect(users.json().data.find((c: { username: string }) => c.username === clerkNumber)).toMatchObject({
      disabled: true,
    });
    expect(users.json().invitations.some((i: { id: number }) => i.id === id)).toBe(true);
    const url = `/api/staff/accounts/${OWNER}/invitations/${id}/resend`;
    expect((await call('POST', url, accounting)).statusCode).toBe(403);
    const sent = shop.smtp.received.length;
    const resent = await call('POST', url, admin);
    expect(resent.statusCode, resent.body).toBe(200);
    await invitationLink('framer@example.com', sent);
    const [entry] = await queryRows<{ actor_name: string }>(
      shop.t.database.db,
      sql`select actor_name from audit_log where action = 'invitation.resend' and entity_id = ${OWNER}`,
    );
    expect(entry?.actor_name).toBe('admin@mitrebox.example');
    expect((await call('GET', '/api/staff/accounts/99999/users', admin)).statusCode).toBe(404);
    // another account's invitation under this account's number: not found
    expect((await call('POST', `/api/staff/accounts/10005/invitations/${id}/resend`, admin)).statusCode).toBe(
      404,
    );
  });
});
