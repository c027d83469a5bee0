import { messages, staffMessages } from '@mitrebox/domain';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_STAFF_TOTP_SECRET } from '../../demo-data/index.ts';
import { startSmtpServer } from '../../testing/smtp.ts';
import { bearer, createTestApp, signInStaff, type TestApp } from '../../testing/test-app.ts';
import { users } from './accounts.tables.ts';
import { changeStaffUser } from './staff-users.service.ts';

/**
 * Staff users of the back office (docs/decisions/019-staff-users.md): admin only; e-mailed set-up link; role,
 * disable, reset TOTP.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let admin: string;
let sales: string;
let accounting: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ config: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example' } });
  admin = await signInStaff(t.app, 'admin@mitrebox.example');
  sales = await signInStaff(t.app, 'sales@mitrebox.example');
  accounting = await signInStaff(t.app, 'accounting@mitrebox.example');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
const audit = async (query: string) => (await call('GET', `/api/staff/audit?${query}`, admin)).json();
const PASSWORD = 'walnut-mitre-2026';
const LINK = /https:\/\/shop\.example\/staff\/enrol\/([A-Za-z0-9_-]+)/;

/** Waits for the n-th mail and answers the set-up token in its link. */
async function linkOf(n: number, to: string): Promise<string> {
  const mail = (await smtp.waitFor(n))[n - 1]!;
  expect(mail.to).toEqual([to]);
  const match = LINK.exec(mail.text);
  expect(match).toBeTruthy();
  return match![1]!;
}

/**
 * Signs a staff user in again after their sessions ended, with a code of the next time step: their last sign-in in
 * this file spent the current one.
 */
async function signInAgain(email: string, password: string, secret: string): Promise<string> {
  const login = await call('POST', '/api/login/staff', undefined, { email, password });
  expect(login.statusCode).toBe(200);
  const token = login.json().token as string;
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  expect((await call('POST', '/api/tokenLogin', token, { code })).json().login).toBe(true);
  return token;
}

/** Follows a set-up link: a password and a code of the offered secret; answers the signed-in token. */
async function enrol(token: string, password = PASSWORD) {
  const offer = await call('POST', '/api/login/staff/enrolment/check', undefined, { token });
  expect(offer.statusCode).toBe(200);
  const { secret, otpauthUri } = offer.json();
  expect(otpauthUri).toContain(`secret=${secret}`);
  const res = await call('POST', '/api/login/staff/enrolment', undefined, {
    token,
    password,
    password_confirmation: password,
    secret,
    code: await generate({ secret }),
  });
  expect(res.statusCode).toBe(200);
  return { session: res.json().token as string, secret: secret as string };
}

describe('staff users: admin only', () => {
  it('refuses sales and accounting on every staff-user route (403)', async () => {
    for (const token of [sales, accounting]) {
      expect((await call('GET', '/api/staff/staff-users', token)).statusCode).toBe(403);
      expect((await call('GET', '/api/staff/staff-users/1', token)).statusCode).toBe(403);
      const create = await call('POST', '/api/staff/staff-users', token, {
        name: 'Nobody',
        email: 'nobody@mitrebox.example',
        role: 'admin',
      });
      expect(create.statusCode).toBe(403);
      expect(create.json().message).toBe(staffMessages.roleRefused);
      expect((await call('PATCH', '/api/staff/staff-users/1', token, { role: 'sales' })).statusCode).toBe(
        403,
      );
      expect((await call('POST', '/api/staff/staff-users/1/reset-totp', token)).statusCode).toBe(403);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'nobody@mitrebox.example'));
    expect(row).toBeUndefined();
  });

  it('lists the staff users (no customers) with role, enabled and last sign-in; searched and sorted', async () => {
    const res = await call('GET', '/api/staff/staff-users?sort=email&dir=asc', admin);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.rows.map((r: { email: string }) => r.email)).toEqual([
      'accounting@mitrebox.example',
      'admin@mitrebox.example',
      'sales@mitrebox.example',
    ]);
    const me = page.rows.find((r: { email: string }) => r.email === 'admin@mitrebox.example');
    expect(me).toMatchObject({ role: 'admin', enabled: true, totpEnrolled: true });
    expect(Date.parse(me.lastSignIn)).toBeGreaterThan(Date.now() - 60_000);
    const found = (await call('GET', '/api/staff/staff-users?q=SALES', admin)).json();
    expect(found.total).toBe(1);
    expect(found.rows[0].role).toBe('sales');
  });
});

describe('a new staff user', () => {
  let id: number;
  let session: string;
  let secret: string;
  const EMAIL = 'ines.okafor@mitrebox.example';

  it('is created without a password: an e-mailed link sets a password and an authenticator', async () => {
    const res = await call('POST', '/api/staff/staff-users', admin, {
      name: 'Ines Okafor',
      email: 'Ines.Okafor@Mitrebox.example',
      role: 'sales',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    id = body.user.id;
    expect(body.user).toMatchObject({ email: EMAIL, role: 'sales', enabled: true, totpEnrolled: false });
    expect(body.user.lastSignIn).toBeNull();
    expect(body.message).toBe(`Ines Okafor is added. A set-up link was sent to ${EMAIL}.`);
    expect(JSON.stringify(body)).not.toMatch(/password/i);

    // no password works until the link is followed, and no sign-in without an authenticator
    const early = await call('POST', '/api/login/staff', undefined, { email: EMAIL, password: PASSWORD });
    expect(early.statusCode).toBe(401);

    const token = await linkOf(1, EMAIL);
    // a wrong code or a weak password sets nothing up
    const offer = (await call('POST', '/api/login/staff/enrolment/check', undefined, { token })).json();
    expect(offer).toMatchObject({ email: EMAIL, name: 'Ines Okafor' });
    const wrong = await call('POST', '/api/login/staff/enrolment', undefined, {
      token,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      secret: offer.secret,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toBe(staffMessages.enrolCodeInvalid);
    const mismatch = await call('POST', '/api/login/staff/enrolment', undefined, {
      token,
      password: PASSWORD,
      password_confirmation: `${PASSWORD}x`,
      secret: offer.secret,
      code: await generate({ secret: offer.secret }),
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toBe(messages.verifyData.passwordsMustMatch);

    ({ session, secret } = await enrol(token));
    const me = await call('GET', '/api/staff/me', session);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id, email: EMAIL, role: 'sales' });
    // the link works once
    const again = await call('POST', '/api/login/staff/enrolment/check', undefined, { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(staffMessages.enrolLinkInvalid);
    // the chosen password now signs in (the code follows at /api/tokenLogin)
    const login = await call('POST', '/api/login/staff', undefined, { email: EMAIL, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const listed = (await call('GET', `/api/staff/staff-users/${id}`, admin)).json();
    expect(listed).toMatchObject({ totpEnrolled: true, enabled: true });
    expect(listed.lastSignIn).not.toBeNull();

    const [entry] = (await audit(`action=staff_user.create&entityId=${id}`)).rows;
    expect(entry.actorName).toBe('admin@mitrebox.example');
    expect(entry.before).toBeNull();
    expect(entry.after).toMatchObject({ email: EMAIL, role: 'sales', enabled: true, totpEnrolled: false });
  });

  it('refuses a second user with the same e-mail (409)', async () => {
    const res = await call('POST', '/api/staff/staff-users', admin, {
      name: 'Someone Else',
      email: EMAIL.toUpperCase(),
      role: 'accounting',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(staffMessages.staffEmailTaken);
    const bad = await call('POST', '/api/staff/staff-users', admin, {
      name: 'X',
      email: 'nope',
      role: 'sales',
    });
    expect(bad.statusCode).toBe(422);
  });

  it('gets a new role: signed out at once, the next sign-in has it; audited with before and after', async () => {
    expect((await call('GET', '/api/staff/audit', session)).statusCode).toBe(403);
    const res = await call('PATCH', `/api/staff/staff-users/${id}`, admin, { role: 'accounting' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Ines Okafor is now accounting and signed out.');
    expect((await call('GET', '/api/staff/audit', session)).statusCode).toBe(401);
    session = await signInAgain(EMAIL, PASSWORD, secret);
    expect((await call('GET', '/api/staff/audit', session)).statusCode).toBe(200);
    const [entry] = (await audit(`action=staff_user.role&entityId=${id}`)).rows;
    expect(entry.before).toMatchObject({ role: 'sales' });
    expect(entry.after).toMatchObject({ role: 'accounting', sessionsEnded: true });
  });

  it('is disabled: the existing session gets 401 at once and the password no longer signs in', async () => {
    expect((await call('GET', '/api/staff/me', session)).statusCode).toBe(200);
    const res = await call('PATCH', `/api/staff/staff-users/${id}`, admin, { enabled: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.enabled).toBe(false);
    const after = await call('GET', '/api/staff/me', session);
    expect(after.statusCode).toBe(401);
    const login = await call('POST', '/api/login/staff', undefined, { email: EMAIL, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(staffMessages.disabled);
    const [entry] = (await audit(`action=staff_user.disable&entityId=${id}`)).rows;
    expect(entry.before).toMatchObject({ enabled: true });
    expect(entry.after).toMatchObject({ enabled: false, sessionsEnded: true });
  });

  it('is enabled again and signs in with the same password', async () => {
    const res = await call('PATCH', `/api/staff/staff-users/${id}`, admin, { enabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Ines Okafor is enabled.');
    const login = await call('POST', '/api/login/staff', undefined, { email: EMAIL, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect((await audit(`action=staff_user.enable&entityId=${id}`)).rows).toHaveLength(1);
  });

  it('has the authenticator reset: signed out, refused until the new e-mailed link sets one up again', async () => {
    const res = await call('POST', `/api/staff/staff-users/${id}/reset-totp`, admin);
    expect(res.statusCode).toBe(200);
    const login = await call('POST', '/api/login/staff', undefined, { email: EMAIL, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(staffMessages.totpRequired);
    expect((await call('GET', `/api/staff/staff-users/${id}`, admin)).json().totpEnrolled).toBe(false);

    const token = await linkOf(2, EMAIL);
    const next = await enrol(token, 'beech-rebate-2027');
    expect(next.secret).not.toBe(secret);
    expect((await call('GET', '/api/staff/me', next.session)).statusCode).toBe(200);

    const entries = (await audit(`entityId=${id}&entity=user`)).rows;
    const reset = entries.find((e: { action: string }) => e.action === 'staff_user.reset_totp');
    expect(reset.before).toMatchObject({ totpEnrolled: true });
    expect(reset.after).toMatchObject({ totpEnrolled: false, sessionsEnded: true });
    // never a password, a hash or a secret in the log
    const logged = JSON.stringify(entries);
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain(next.secret);
    expect(logged).not.toMatch(/passwordHash|totpSecret|argon|walnut|beech/);
  });
});

describe('administrators', () => {
  it('cannot disable or demote themself (422)', async () => {
    const me = (await call('GET', '/api/staff/me', admin)).json();
    for (const patch of [{ enabled: false }, { role: 'sales' }]) {
      const res = await call('PATCH', `/api/staff/staff-users/${me.id}`, admin, patch);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(staffMessages.notYourself);
    }
    expect((await call('GET', '/api/staff/me', admin)).json().role).toBe('admin');
  });

  it('keep one enabled admin: the last one cannot be disabled or demoted (422)', async () => {
    const me = (await call('GET', '/api/staff/me', admin)).json();
    const other = (await call('GET', '/api/staff/me', sales)).json();
    // an actor other than the last admin (as when two admins act at once and the other is gone by then)
    const actor = { kind: 'staff' as const, id: other.id, name: other.email };
    for (const patch of [{ enabled: false }, { role: 'sales' as const }]) {
      await expect(changeStaffUser(t.database.db, actor, me.id, patch)).rejects.toMatchObject({
        status: 422,
        message: staffMessages.lastAdmin,
      });
    }
    // with a second enabled admin, either may go
    const second = await call('POST', '/api/staff/staff-users', admin, {
      name: 'Second Admin',
      email: 'second.admin@mitrebox.example',
      role: 'admin',
    });
    const secondId = second.json().user.id;
    const res = await changeStaffUser(t.database.db, actor, me.id, { role: 'sales' });
    expect(res.user.role).toBe('sales');
    await changeStaffUser(t.database.db, actor, me.id, { role: 'admin' });
    // a new role signs the user out
    admin = await signInAgain('admin@mitrebox.example', DEMO_PASSWORD, DEMO_STAFF_TOTP_SECRET);
    // disabling the second admin leaves the first as the last one again
    expect(
      (await call('PATCH', `/api/staff/staff-users/${secondId}`, admin, { enabled: false })).statusCode,
    ).toBe(200);
    await expect(changeStaffUser(t.database.db, actor, me.id, { enabled: false })).rejects.toMatchObject({
      status: 422,
    });
  });

  it('two admins disabling each other at once leave one enabled admin', async () => {
    const created = await call('POST', '/api/staff/staff-users', admin, {
      name: 'Third Admin',
      email: 'third.admin@mitrebox.example',
      role: 'admin',
    });
    const third = created.json().user;
    const me = (await call('GET', '/api/staff/me', admin)).json();
    // the service itself, both at once (past the guards, as when both requests passed them before either wrote)
    const results = await Promise.allSettled([
      changeStaffUser(t.database.db, { kind: 'staff', id: me.id, name: me.email }, third.id, {
        enabled: false,
      }),
      changeStaffUser(t.database.db, { kind: 'staff', id: third.id, name: third.email }, me.id, {
        enabled: false,
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 422, message: staffMessages.lastAdmin });
    const admins = (await t.database.db.select().from(users).where(eq(users.role, 'admin'))).filter(
      (u) => u.disabledAt === null,
    );
    expect(admins).toHaveLength(1);
  });
});
