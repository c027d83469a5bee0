import { messages } from '@mitrebox/domain';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { emailOutbox } from '../mail/mail.tables.ts';
import { sessions } from './auth.tables.ts';

const SSO_SECRET = 'test-sso-secret-that-is-long-enough-0123456789';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { EXLOGIN_JWT_SECRET: SSO_SECRET, LOGIN_MAX_FAILURES_ACCOUNT: 5 } });
});
afterAll(() => t?.close());

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: ip });
const tokenLogin = (token: string, body?: object) =>
  t.app.inject({ method: 'POST', url: '/api/tokenLogin', headers: bearer(token), payload: body ?? {} });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });

describe('sign-in', () => {
  it('a normal account signs in, verifies its token and is not purchase-blocked', async () => {
    const res = await login('10001', 'framing-demo');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.firsttime).toBe(false);
    expect(body.vtoken).toBeNull();
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user.accounts[0]).toMatchObject({ Acctnum: '10001', ActiveType: 'Y' });
    expect(body.user.purchaseBlocked).toBe(false);

    const verified = await tokenLogin(body.data.token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ message: 'success', login: true });
    expect(verified.json().data[0].accounts[0].Acctnum).toBe('10001');
    expect((await me(body.data.token)).json().user.accounts[0].Acctnum).toBe('10001');
  });

  it('the token is stored only as a hash', async () => {
    const token = await signIn(t.app, '10005');
    const hashes = (await t.database.db.select({ h: sessions.tokenHash }).from(sessions)).map((r) => r.h);
    expect(hashes).not.toContain(token);
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });

  it('paths are matched case-insensitively', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/API/Login',
      payload: { username: '10005', password: 'framing-demo' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('the older POST /login answers only a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: '10005', password: 'framing-demo' },
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['token']);
    expect((await me(res.json().token)).statusCode).toBe(200);
  });

  it.each([
    ['', 'x', messages.login.usernameEmpty],
    ['abc', 'x', messages.login.usernameNotNumeric],
    ['me@shop.com', 'x', messages.login.usernameNotNumeric],
    ['10001', '', messages.login.passwordEmpty],
  ])('form rule: %j / %j → %s', async (username, password, message) => {
    const res = await login(username, password, '10.9.9.9');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
  });

  it('missing fields answer the form messages, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(messages.login.usernameEmpty);
  });

  it('a wrong password and an unknown account get the same answer', async () => {
    const wrong = await login('10005', 'not-the-password', '10.0.0.2');
    const unknown = await login('99999', 'not-the-password', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: messages.login.mismatch });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('locks an address out of an account after repeated failures, even for the right password, and unknown accounts alike', async () => {
    const waitOutDelays = () =>
      t.database.db.execute(sql`update login_attempts set last_at = now() - interval '1 hour'`);
    for (let i = 0; i < 5; i++) {
      await waitOutDelays();
      expect((await login('10001', 'wrong-pass', '10.1.0.1')).statusCode).toBe(401);
    }
    await waitOutDelays();
    const locked = await login('10001', 'framing-demo', '10.1.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(messages.login.locked);

    for (let i = 0; i < 5; i++) {
      await waitOutDelays();
      await login('88888', 'wrong-pass', '10.2.0.1');
    }
    await waitOutDelays();
    const lockedUnknown = await login('88888', 'wrong-pass', '10.2.0.1');
    expect(lockedUnknown.statusCode).toBe(429);
    expect(lockedUnknown.json()).toEqual(locked.json());

    // the lock is per account and address: another account signs in from the same place
    expect((await login('10005', 'framing-demo', '10.1.0.1')).statusCode).toBe(200);
    await t.database.db.execute(sql`delete from login_attempts`);
  });

  it('locks an IP that tries many accounts', async () => {
    const ip = '10.3.3.3';
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES_IP; i++) await login(String(20000 + i), 'guess', ip);
    const res = await login('10005', 'framing-demo', ip);
    expect(res.statusCode).toBe(429);
    expect((await login('10005', 'framing-demo', '10.3.3.4')).statusCode).toBe(200);
    await t.database.db.execute(sql`delete from login_attempts`);
  });

  it('purchase-blocked account (ActiveType N) signs in with the flag set', async () => {
    const res = await login('10002', 'framing-demo');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.purchaseBlocked).toBe(true);
    expect((await tokenLogin(res.json().data.token)).json().message).toBe('success');
  });

  it('credit hold: verification answers the account message and ends the session', async () => {
    const token = await signIn(t.app, '10003');
    const res = await tokenLogin(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'credit hold',
      login: false,
      heading: 'Account Information',
      msg: 'Please contact accounts payable or customer service. 800-640-2467',
    });
    expect((await me(token)).statusCode).toBe(401);
  });

  it('unverified e-mail is refused until the emailed link is followed', async () => {
    const res = await login('10006', 'framing-demo');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.login.emailUnverified);

    // the refusal mails the verification link, once every 10 minutes however often they try
    expect((await login('10006', 'framing-demo')).statusCode).toBe(403);
    const sent = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'ada@lowcountryframes.example'));
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail.subject).toBe('Confirm your e-mail address');
    const vid = /verifyEmail\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(vid).toBeTruthy();
    const verified = await t.app.inject({ method: 'POST', url: '/verifyEmail', payload: { vid } });
    expect(verified.statusCode).toBe(200);
    expect((await login('10006', 'framing-demo')).statusCode).toBe(200);
    // a link works once
    expect((await t.app.inject({ method: 'POST', url: '/verifyEmail', payload: { vid } })).statusCode).toBe(
      404,
    );
  });
});

describe('first-time sign-in (verifyData)', () => {
  it('answers a verification token instead of an access token, then signs in after Update and Login', async () => {
    const res = await login('10004', 'framing-demo');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.firsttime).toBe(true);
    expect(body.data.token).toBeNull();
    expect(body.vtoken).toBeTruthy();
    expect(body.user.accounts[0].Acctnum).toBe('10004');
    // the verification token is not an access token
    expect((await me(body.vtoken)).statusCode).toBe(401);

    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/users/self', headers: bearer(body.vtoken), payload });
    const mismatch = await put({
      email: 'grace@piedmont.example',
      password: 'new-password-1',
      password_confirmation: 'other-password',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual({ success: false, data: { password: 'Passwords must match' } });
    const badEmail = await put({ email: 'not-an-email', password: 'new-password-1' });
    expect(badEmail.json().data.email).toBe('The email must be a valid email address.');
    const taken = await put({ email: 'MARIE@crescentcityframes.example', password: 'new-password-1' });
    expect(taken.json().data.email).toBe('The email has already been taken.');
    const short = await put({ email: 'grace@piedmont.example', password: 'short' });
    expect(short.json().data.password).toMatch(/at least 10/);

    const ok = await put({
      email: 'grace@piedmont.example',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true });
    // used once
    expect((await put({ email: 'grace@piedmont.example', password: 'new-password-2' })).statusCode).toBe(401);

    const again = await login('10004', 'new-password-1');
    expect(again.json().firsttime).toBe(false);
    expect((await tokenLogin(again.json().data.token)).json().message).toBe('success');
    expect((await login('10004', 'framing-demo')).statusCode).toBe(401);
  });

  it('refuses a missing or forged verification token', async () => {
    const payload = { email: 'x@y.example', password: 'new-password-1' };
    expect((await t.app.inject({ method: 'PUT', url: '/api/users/self', payload })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'PUT',
      url: '/api/users/self',
      headers: bearer('forged'),
      payload,
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('two-step sign-in (TOTP)', () => {
  it("answers 'mfa required' until a valid code is sent; the token does nothing else meanwhile", async () => {
    const token = await signIn(t.app, '10007');
    expect((await me(token)).statusCode).toBe(401);
    const pending = await tokenLogin(token);
    expect(pending.json()).toMatchObject({ message: 'mfa required', login: false });
    const wrong = await tokenLogin(token, { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(messages.login.mfaInvalid);
    const code = await generate({ secret: TOTP_SECRET });
    const ok = await tokenLogin(token, { code });
    expect(ok.json()).toMatchObject({ message: 'success', login: true });
    expect((await me(token)).statusCode).toBe(200);
  });
});

describe('external single sign-on (exLogin)', () => {
  const exLogin = (jwt: string) =>
    t.app.inject({ method: 'POST', url: '/api/exLogin', headers: bearer(jwt) });
  const sign = (claims: { sub?: string; exp?: string | number }, secret = SSO_SECRET) => {
    let jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
    if (claims.sub) jwt = jwt.setSubject(claims.sub);
    if (claims.exp !== undefined) jwt = jwt.setExpirationTime(claims.exp);
    return jwt.sign(new TextEncoder().encode(secret));
  };

  it('a valid token signs the account in', async () => {
    const res = await exLogin(await sign({ sub: '10005', exp: '5m' }));
    expect(res.statusCode).toBe(200);
    const token = res.json().data.token;
    expect((await me(token)).json().user.accounts[0].Acctnum).toBe('10005');
  });

  it('an expired, forged, subject-less or unknown-subject token is refused', async () => {
    const expired = await sign({ sub: '10005', exp: Math.floor(Date.now() / 1000) - 60 });
    const forged = await sign({ sub: '10005', exp: '5m' }, 'another-secret-another-secret-another-secret');
    const noExp = await sign({ sub: '10005' });
    const unknown = await sign({ sub: '55555', exp: '5m' });
    for (const jwt of [expired, forged, noExp, unknown, 'not.a.jwt']) {
      const res = await exLogin(jwt);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('The sign-in link is invalid or has expired.');
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/exLogin' })).statusCode).toBe(401);
  });
});

describe('session', () => {
  it('expires after 12 idle hours on the server', async () => {
    const token = await signIn(t.app, '10005');
    expect((await me(token)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '11 hours 59 minutes' where revoked_at is null`,
    );
    expect((await me(token)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '12 hours 1 minute' where revoked_at is null`,
    );
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  it('sign-out revokes the token', async () => {
    const token = await signIn(t.app, '10005');
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.json()).toEqual({ success: true });
    expect((await me(token)).statusCode).toBe(401);
  });

  it('no token, a malformed header or an unknown token → 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Basic abc' } }))
        .statusCode,
    ).toBe(401);
    expect((await me('x'.repeat(43))).statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it('malformed JSON → 400 with a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "10001",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });

  it('wrong types → 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 10001, password: ['x'] },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['username', 'password']));
  });

  it('an oversized body → 413 with a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: '1', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request body is too large.');
  });

  it('an unknown API path → 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

describe('tokenLogin body', () => {
  it('accepts no body at all', async () => {
    const token = await signIn(t.app, '10005');
    const res = await t.app.inject({ method: 'POST', url: '/api/tokenLogin', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('success');
  });
});

describe('older user details call', () => {
  it('answers the signed-in user and refuses visitors', async () => {
    const token = await signIn(t.app, '10005');
    const res = await t.app.inject({ method: 'POST', url: '/user/getUserDetails', headers: bearer(token) });
    expect(res.json().data.accounts[0].Acctnum).toBe('10005');
    expect((await t.app.inject({ method: 'POST', url: '/user/getUserDetails' })).statusCode).toBe(401);
  });
});
