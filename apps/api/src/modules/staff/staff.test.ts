import { staffMessages } from '@mitrebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { bearer, createTestApp, signIn, signInStaff, type TestApp } from '../../testing/test-app.ts';

/**
 * The back office (docs/decisions/014-staff-back-office.md): staff sign-in, accounts and users, view as, the audit
 * log.
 */
let t: TestApp;
let admin: string;
let sales: string;
let accounting: string;

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 40 });
  admin = await signInStaff(t.app, 'admin@mitrebox.example');
  sales = await signInStaff(t.app, 'sales@mitrebox.example');
  accounting = await signInStaff(t.app, 'accounting@mitrebox.example');
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
const audit = async (query: string) => (await call('GET', `/api/staff/audit?${query}`, admin)).json();
const NEW_ACCOUNT = {
  acctnum: '20001',
  company: 'Harbor Light Framing',
  contact: 'June Baptiste',
  email: 'june@harborlight.example',
  city: 'Mobile',
  state: 'al',
  terms: 'Net 30',
  location: 'C',
  password: 'walnut-mitre-2026',
  firstLogin: false,
};

describe('staff sign-in (by e-mail, TOTP required)', () => {
  const staffLogin = (email: string, password = 'framing-demo') =>
    call('POST', '/api/login/staff', undefined, { email, password });

  it('refuses a wrong password, an account number and a staff e-mail at the customers sign-in', async () => {
    const wrong = await staffLogin('admin@mitrebox.example', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(staffMessages.mismatch);
    // a customer's account number is no staff sign-in, nor is the customer's e-mail
    expect((await staffLogin('10001')).statusCode).toBe(422);
    const customer = await staffLogin('marie@crescentcityframes.example');
    expect(customer.statusCode).toBe(401);
    expect(customer.json().message).toBe(staffMessages.mismatch);
    const atShop = await call('POST', '/api/login', undefined, {
      username: 'admin@mitrebox.example',
      password: 'framing-demo',
    });
    expect(atShop.statusCode).toBe(422);
  });

  it('owes the TOTP code before any staff route answers', async () => {
    const res = await staffLogin('Admin@Mitrebox.example');
    expect(res.statusCode).toBe(200);
    expect(res.json().mfaRequired).toBe(true);
    const me = await call('GET', '/api/staff/me', res.json().token);
    expect(me.statusCode).toBe(401);
  });

  it('refuses a staff user without TOTP set up, with a plain message', async () => {
    await t.database.db.execute(
      sql`insert into users (username, name, email, password_hash, role, is_staff)
        select 'nototp@mitrebox.example', 'No Totp', 'nototp@mitrebox.example', password_hash, 'sales', true
        from users where username = 'admin@mitrebox.example'`,
    );
    const res = await staffLogin('nototp@mitrebox.example');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(staffMessages.totpRequired);
  });

  it('refuses a disabled staff user at sign-in', async () => {
    await t.database.db.execute(
      sql`update users set disabled_at = now() where username = 'nototp@mitrebox.example'`,
    );
    const res = await staffLogin('nototp@mitrebox.example');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(staffMessages.disabled);
  });

  it('answers who is signed in', async () => {
    const me = await call('GET', '/api/staff/me', accounting);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'accounting@mitrebox.example', role: 'accounting' });
  });
});

describe('accounts and users', () => {
  it('lists accounts, searched, sorted and paged on the server', async () => {
    const res = await call('GET', '/api/staff/accounts?q=frame&sort=company&dir=desc&pageSize=2', sales);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows).toHaveLength(2);
    expect(body.total).toBeGreaterThan(2);
    expect(body.rows[0].company >= body.rows[1].company).toBe(true);
    const byEmail = await call('GET', '/api/staff/accounts?q=marie@crescent', sales);
    expect(byEmail.json().rows.map((r: { acctnum: string }) => r.acctnum)).toEqual(['10001']);
    expect((await call('GET', '/api/staff/accounts?sort=password_hash', sales)).statusCode).toBe(400);
  });

  it('creates an account with its login, audited; the customer signs in with it', async () => {
    const bad = await call('POST', '/api/staff/accounts', sales, {
      ...NEW_ACCOUNT,
      acctnum: '12a',
      email: 'nope',
      password: 'short',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['acctnum', 'email', 'password']);
    expect((await call('POST', '/api/staff/accounts', accounting, NEW_ACCOUNT)).statusCode).toBe(403);

    const res = await call('POST', '/api/staff/accounts', sales, NEW_ACCOUNT);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ acctnum: '20001', company: 'Harbor Light Framing', state: 'AL' });
    const taken = await call('POST', '/api/staff/accounts', sales, NEW_ACCOUNT);
    expect(taken.statusCode).toBe(409);

    const token = await signIn(t.app, '20001', NEW_ACCOUNT.password);
    const me = await call('GET', '/api/me', token);
    expect(me.json().user.accounts[0]).toMatchObject({ Acctnum: '20001', Company: 'Harbor Light Framing' });

    const entry = (await audit('action=account.create&entityId=20001')).rows[0];
    expect(entry).toMatchObject({
      actorKind: 'staff',
      actorName: 'sales@mitrebox.example',
      entity: 'account',
    });
    expect(entry.before).toBeNull();
    expect(entry.after).toMatchObject({ acctnum: '20001', terms: 'Net 30', user: { username: '20001' } });
    expect(JSON.stringify(entry.after)).not.toContain('walnut-mitre');
  });

  it('changes ActiveType, terms, location and discount codes, re-checked and audited with before and after', async () => {
    const invalid = await call('PATCH', '/api/staff/accounts/10005', sales, { terms: 'Whenever' });
    expect(invalid.statusCode).toBe(400);
    expect((await call('PATCH', '/api/staff/accounts/10005', sales, { acctnum: '1' })).statusCode).toBe(400);
    expect(
      (await call('PATCH', '/api/staff/accounts/10005', accounting, { terms: 'Net 60' })).statusCode,
    ).toBe(403);
    expect((await call('PATCH', '/api/staff/accounts/99999', sales, { terms: 'Net 60' })).statusCode).toBe(
      404,
    );

    const res = await call('PATCH', '/api/staff/accounts/10005', sales, {
      activeType: 'N',
      terms: 'Net 60',
      location: 'B',
      gDisc: 'Plus',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ activeType: 'N', terms: 'Net 60', location: 'B', gDisc: 'Plus' });
    const [entry] = (await audit('action=account.update&entity=account&entityId=10005')).rows;
    expect(entry.before).toMatchObject({ activeType: 'Y', terms: 'Net 30' });
    expect(entry.after).toEqual({ activeType: 'N', terms: 'Net 60', location: 'B', gDisc: 'Plus' });
    // the customer is now purchase-blocked
    const token = await signIn(t.app, '10005');
    expect((await call('GET', '/api/me', token)).json().user.purchaseBlocked).toBe(true);
    // the same values again change nothing and write no entry
    const total = (await audit('action=account.update')).total;
    await call('PATCH', '/api/staff/accounts/10005', sales, { terms: 'Net 60' });
    expect((await audit('action=account.update')).total).toBe(total);
  });

  it('sets a temporary password: old sessions end, the customer must choose a new one; audited without it', async () => {
    const [user] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from users where username = '20001'`,
    );
    const old = await signIn(t.app, '20001', NEW_ACCOUNT.password);
    const weak = await call('POST', `/api/staff/users/${user!.id}/password`, sales, {
      mode: 'temporary',
      password: 'password',
    });
    expect(weak.statusCode).toBe(422);
    const res = await call('POST', `/api/staff/users/${user!.id}/password`, sales, {
      mode: 'temporary',
      password: 'temporary-frame-77',
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/me', old)).statusCode).toBe(401);
    const login = await call('POST', '/api/login', undefined, {
      username: '20001',
      password: 'temporary-frame-77',
    });
    expect(login.json().firsttime).toBe(true);
    const [entry] = (await audit(`action=user.password.temporary&entityId=${user!.id}`)).rows;
    expect(entry.after).toMatchObject({ username: '20001', firstLogin: true });
    expect(JSON.stringify(entry)).not.toContain('temporary-frame');
    // staff users are not reset here
    const [staffUser] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from users where username = 'admin@mitrebox.example'`,
    );
    const onStaff = await call('POST', `/api/staff/users/${staffUser!.id}/password`, sales, {
      mode: 'email',
    });
    expect(onStaff.statusCode).toBe(404);
  });

  it('e-mails a reset link, audited', async () => {
    const [user] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from users where username = '10001'`,
    );
    const res = await call('POST', `/api/staff/users/${user!.id}/password`, admin, { mode: 'email' });
    expect(res.statusCode).toBe(200);
    const mails = await queryRows<{ to: string; text: string }>(
      t.database.db,
      sql`select "to", text from email_outbox order by id desc limit 1`,
    );
    expect(mails[0]!.to).toBe('marie@crescentcityframes.example');
    expect(mails[0]!.text).toContain('/reset-password/');
    expect((await audit('action=user.password.email')).rows[0].after).toMatchObject({
      resetLinkSentTo: 'marie@crescentcityframes.example',
    });
  });

  it('unlocks a sign-in locked by wrong passwords, audited', async () => {
    await t.database.db.execute(
      sql`insert into login_attempts (key, failures, locked_until) values ('acct:10001', 100, now() + interval '15 minutes')`,
    );
    const locked = await call('POST', '/api/login', undefined, {
      username: '10001',
      password: 'framing-demo',
    });
    expect(locked.statusCode).toBe(428); // past the account-wide limit: a challenge to solve (decision 008)
    const detail = (await call('GET', '/api/staff/accounts/10001', sales)).json();
    expect(detail.users[0].locked).toBe(true);
    const res = await call('POST', `/api/staff/users/${detail.users[0].id}/unlock`, sales);
    expect(res.statusCode).toBe(200);
    await signIn(t.app, '10001');
    const [entry] = (await audit('action=user.unlock')).rows;
    expect(entry.before).toMatchObject({ username: '10001', locked: true });
    expect(entry.after).toMatchObject({ locked: false });
  });
});

describe('view the shop as an account (read-only)', () => {
  it('reads as the account and refuses every write', async () => {
    // sales open a view; accounting may not (the role matrix)
    const refused = await call('POST', '/api/staff/accounts/10001/view-as', accounting);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(staffMessages.roleRefused);
    const res = await call('POST', '/api/staff/accounts/10001/view-as', sales);
    expect(res.statusCode).toBe(200);
    const view = res.json().token as string;
    const me = await call('GET', '/api/me', view);
    expect(me.json().user.accounts[0].Acctnum).toBe('10001');
    expect((await call('POST', '/api/accountOrders', view, {})).statusCode).toBe(200);
    const cartBefore = (await call('GET', '/api/getCart', view)).body;

    const write = await call('POST', '/api/updateCart', view, { cartdata: [] });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(staffMessages.viewAsReadOnly);
    expect((await call('PUT', '/api/admin/userAccount', view, { email: 'x@y.example' })).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/api/admin/orders', view, {})).statusCode).toBe(403);
    expect((await call('GET', '/api/getCart', view)).body).toBe(cartBefore);
    // nor is it a staff sign-in
    expect((await call('GET', '/api/staff/me', view)).statusCode).toBe(403);

    const [entry] = (await audit('action=account.view_as&entityId=10001')).rows;
    expect(entry.actorName).toBe('sales@mitrebox.example');

    // short-lived: past its end it is refused
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where view_as_by is not null`,
    );
    expect((await call('GET', '/api/me', view)).statusCode).toBe(401);
  });
});

describe('audit log', () => {
  it('filters by actor, action, entity, id and dates; pages; validates; admins and accounting only', async () => {
    expect((await call('GET', '/api/staff/audit', sales)).statusCode).toBe(403);
    expect((await call('GET', '/api/staff/audit', accounting)).statusCode).toBe(200);
    const bySales = await audit('actor=sales@mitrebox.example&pageSize=2');
    expect(bySales.total).toBeGreaterThan(2);
    expect(bySales.rows).toHaveLength(2);
    expect(bySales.rows.every((r: { actorName: string }) => r.actorName === 'sales@mitrebox.example')).toBe(
      true,
    );
    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`from=${today}&to=${today}`)).total).toBeGreaterThan(0);
    expect((await audit('to=2000-01-01')).total).toBe(0);
    expect((await call('GET', '/api/staff/audit?from=yesterday-ish', admin)).statusCode).toBe(400);
    expect((await audit('entity=account&entityId=10005&action=account.update')).total).toBe(1);
  });
});
