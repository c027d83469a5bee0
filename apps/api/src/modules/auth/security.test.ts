import { messages } from '@mitrebox/domain';
import { and, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { emailOutbox } from '../mail/mail.tables.ts';

/**
 * The holes an outside probe found in sign-in (docs/decisions/008-sign-in-throttling.md): forwarded addresses,
 * locking out the owner, parallel guesses, two-step codes, old reset links, credit hold, caching and session
 * lifetime.
 */

const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      LOGIN_MAX_FAILURES_ACCOUNT: 5,
      LOGIN_MAX_FAILURES_IP: 30,
      LOGIN_MAX_FAILURES_ACCOUNT_TOTAL: 20,
      MAIL_REQUESTS_PER_EMAIL: 3,
      MAIL_REQUESTS_PER_IP: 8,
    },
  });
});
afterAll(() => t?.close());

const login = (username: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: ip,
    headers,
  });
const tokenLogin = (token: string, body: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/tokenLogin', headers: bearer(token), payload: body });
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const resetCounters = () => t.database.db.execute(sql`delete from login_attempts`);
/** Lets the growing delays of every counter pass (as if time went by, without ending the window). */
const waitOutDelays = () =>
  t.database.db.execute(sql`update login_attempts set last_at = now() - interval '1 hour'`);

describe('1. forwarded addresses are not trusted unless configured', () => {
  it('a new X-Forwarded-For value does not reset the per-address sign-in lock', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await login(String(30000 + i), 'guess', '10.50.0.1', {
        'x-forwarded-for': `198.51.100.${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const fresh = await login('10005', 'framing-demo', '10.50.0.1', { 'x-forwarded-for': '203.0.113.77' });
    expect(fresh.statusCode).toBe(429);
    await resetCounters();
  });

  it('a new X-Forwarded-For value does not reset the request rate limit; a configured proxy is believed', async () => {
    const limited = await createTestApp({
      seed: false,
      config: { RATE_LIMIT_PER_MINUTE: 5, TRUST_PROXY: '10.0.0.1' },
    });
    try {
      const settings = (remoteAddress: string, xff: string) =>
        limited.app.inject({
          method: 'GET',
          url: '/api/settings',
          remoteAddress,
          headers: { 'x-forwarded-for': xff },
        });
      // a client that is not the configured proxy: its X-Forwarded-For is ignored
      for (let i = 0; i < 5; i++)
        expect((await settings('192.0.2.7', `198.51.100.${i}`)).statusCode).toBe(200);
      expect((await settings('192.0.2.7', '203.0.113.1')).statusCode).toBe(429);

      // through the configured proxy, the forwarded address is the client
      for (let i = 0; i < 5; i++) expect((await settings('10.0.0.1', '198.51.100.1')).statusCode).toBe(200);
      expect((await settings('10.0.0.1', '198.51.100.1')).statusCode).toBe(429);
      expect((await settings('10.0.0.1', '203.0.113.1')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 180_000);
});

describe('2. a stranger cannot lock the owner out', () => {
  it("another address's wrong passwords do not stop the right password from a clean address", async () => {
    for (let i = 0; i < 10; i++)
      expect((await login('10001', 'wrong-pass', `10.60.0.${i}`)).statusCode).toBe(401);
    expect((await login('10001', 'framing-demo', '10.60.1.1')).statusCode).toBe(200);
    await resetCounters();
  });

  it('the guessing address is slowed down, then locked out of the account (other addresses are not)', async () => {
    const ip = '10.61.0.1';
    expect((await login('10001', 'wrong-1', ip)).statusCode).toBe(401);
    expect((await login('10001', 'wrong-2', ip)).statusCode).toBe(401);
    const slowed = await login('10001', 'wrong-3', ip);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toBe(messages.login.slowDown(1));
    for (let i = 3; i <= 5; i++) {
      await waitOutDelays();
      expect((await login('10001', `wrong-${i}`, ip)).statusCode).toBe(401);
    }
    await waitOutDelays();
    const locked = await login('10001', 'framing-demo', ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(messages.login.locked);
    expect((await login('10001', 'framing-demo', '10.61.0.2')).statusCode).toBe(200);
    await resetCounters();
  });

  it('past the account-wide limit strangers are asked for proof of work until the e-mailed reset clears it', async () => {
    for (let i = 0; i < 20; i++) await login('10005', 'wrong-pass', `10.62.0.${i}`);
    const challenged = await login('10005', 'framing-demo', '10.62.1.1');
    expect(challenged.statusCode).toBe(428);
    expect(challenged.json().message).toBe(messages.login.challengeRequired);

    const forgot = await t.app.inject({
      method: 'POST',
      url: '/forgot-password',
      payload: { email: 'sam@milehighframes.example' },
      remoteAddress: '10.62.1.1',
    });
    expect(forgot.json().data.status).toBe('sent');
    const token = await lastResetToken('sam@milehighframes.example');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/reset-password',
      payload: {
        token,
        email: 'sam@milehighframes.example',
        password: 'mile-high-frames-42',
        password_confirmation: 'mile-high-frames-42',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login('10005', 'mile-high-frames-42', '10.62.1.1')).statusCode).toBe(200);
    await resetCounters();
  });
});

describe('3. parallel guesses are claimed before they are checked', () => {
  it('30 simultaneous wrong passwords from one address check at most the limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('10001', `parallel-${i}`, '10.70.0.1')),
    );
    const checked = answers.filter((r) => r.statusCode === 401).length;
    const refused = answers.filter((r) => r.statusCode === 429).length;
    expect(checked + refused).toBe(30);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(t.config.LOGIN_MAX_FAILURES_ACCOUNT);
    await resetCounters();
  });

  it('30 simultaneous wrong passwords from 30 addresses check at most the account-wide limit without a challenge', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('10001', `parallel-${i}`, `10.71.0.${i}`)),
    );
    const checked = answers.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(t.config.LOGIN_MAX_FAILURES_ACCOUNT_TOTAL);
    expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 428)).toBe(true);
    await resetCounters();
  });
});

describe('4. two-step codes are throttled and used once', () => {
  it('after 5 wrong codes the sign-in ends, even for the right code', async () => {
    const token = await signIn(t.app, '10007');
    for (let i = 0; i < 5; i++) expect((await tokenLogin(token, { code: '000000' })).statusCode).toBe(422);
    const right = await tokenLogin(token, { code: await generate({ secret: TOTP_SECRET }) });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(messages.login.mfaTooManyThisSignIn);
    expect((await tokenLogin(token)).statusCode).toBe(401);
    await resetCounters();
  });

  it('wrong codes are counted per account across sign-ins', async () => {
    for (let s = 0; s < 2; s++) {
      const token = await signIn(t.app, '10007');
      for (let i = 0; i < 5; i++) await tokenLogin(token, { code: '000000' });
    }
    const token = await signIn(t.app, '10007');
    const right = await tokenLogin(token, { code: await generate({ secret: TOTP_SECRET }) });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(messages.login.mfaLocked);
    await resetCounters();
  });

  it('a code signs in one session only', async () => {
    const a = await signIn(t.app, '10007');
    const b = await signIn(t.app, '10007');
    const code = await generate({ secret: TOTP_SECRET });
    expect((await tokenLogin(a, { code })).json().message).toBe('success');
    const replay = await tokenLogin(b, { code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().message).toBe(messages.login.mfaInvalid);
    expect((await get('/api/me', b)).statusCode).toBe(401);
    await resetCounters();
  });
});

async function lastResetToken(email: string): Promise<string> {
  const mails = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.subject, 'Reset your Mitrebox password')));
  const text = mails.sort((x, y) => x.id - y.id).at(-1)?.text ?? '';
  const token = /reset-password\/([A-Za-z0-9_-]+)\//.exec(text)?.[1];
  if (!token) throw new Error('no reset mail');
  return token;
}

describe('5. a reset voids every other reset link', () => {
  it('with two reset e-mails A and B, A is useless as soon as B is sent; B resets once', async () => {
    const email = 'marie@crescentcityframes.example';
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/forgot-password',
        payload: { email },
        remoteAddress: '10.80.0.1',
      });
    await ask();
    const a = await lastResetToken(email);
    await ask();
    const b = await lastResetToken(email);
    expect(a).not.toBe(b);
    const reset = (token: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/reset-password',
        payload: { token, email, password, password_confirmation: password },
      });
    expect(
      (await t.app.inject({ method: 'POST', url: `/reset-password-check/${a}/${encodeURIComponent(email)}` }))
        .statusCode,
    ).toBe(404);
    const withA = await reset(a, 'crescent-city-frames-2');
    expect(withA.statusCode).toBe(422);
    expect(withA.json().data.status).toBe('passwords.token');
    expect((await reset(b, 'crescent-city-frames-1')).statusCode).toBe(200);
    expect((await reset(b, 'crescent-city-frames-2')).statusCode).toBe(422);
    expect((await login('10001', 'crescent-city-frames-1', '10.80.0.2')).statusCode).toBe(200);
    await t.database.db.execute(sql`delete from email_outbox`);
    await resetCounters();
  });
});

describe('9. signed-in answers are not cached; sessions end after a week', () => {
  it('every answer to a request with a token says no-store; public answers do not', async () => {
    const token = await signIn(t.app, '10002');
    for (const url of ['/api/me', '/api/getCart', '/api/Products?page=1', '/api/nothing-here']) {
      const res = await get(url, token);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    expect((await get('/api/Shop/Products?page=1')).headers['cache-control']).not.toBe('no-store');
    // the answer that hands out a token is not stored either
    expect((await login('10002', 'framing-demo', '10.97.0.1')).headers['cache-control']).toBe('no-store');
  });

  it('a session ends SESSION_MAX_AGE_MS after sign-in however active it is', async () => {
    const token = await signIn(t.app, '10002');
    expect((await get('/api/me', token)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update sessions set created_at = now() - interval '6 days 23 hours', last_seen_at = now() where revoked_at is null`,
    );
    expect((await get('/api/me', token)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update sessions set created_at = now() - interval '7 days 1 minute', last_seen_at = now() where revoked_at is null`,
    );
    expect((await get('/api/me', token)).statusCode).toBe(401);
  });
});

describe('10. a credit-hold token reads nothing', () => {
  it('the token of account 10003 reads neither /api/me nor orders, invoices or prices', async () => {
    const token = await signIn(t.app, '10003');
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['POST', '/api/accountOrders'],
      ['POST', '/orders/listOrders'],
      ['GET', '/api/getCart'],
      ['GET', '/api/recentPurchases'],
      ['GET', '/api/accountCredits'],
      ['POST', '/user/getUserDetails'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(token),
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(messages.creditHold.message(t.config.CUSTOMER_SERVICE_PHONE));
    }
    // the verification step still answers the account message (the screen shows it)
    expect((await tokenLogin(token)).json()).toMatchObject({ message: 'credit hold', login: false });
  });
});

describe('reset and login-problem requests are rate limited per e-mail and per address', () => {
  it('the same e-mail is refused after MAIL_REQUESTS_PER_EMAIL, whatever X-Forwarded-For says', async () => {
    const email = 'ada@lowcountryframes.example';
    const ask = (ip: string, xff: string) =>
      t.app.inject({
        method: 'POST',
        url: '/forgot-password',
        payload: { email },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': xff },
      });
    for (let i = 0; i < 3; i++)
      expect((await ask(`10.90.0.${i}`, '1.1.1.1')).json().data.status).toBe('sent');
    const refused = await ask('10.90.0.9', '2.2.2.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(messages.forgotPassword.tooMany);
    // known and unknown addresses alike: the spec's answers stay word for word until then
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/forgotEmail',
      payload: { email: 'nobody@nowhere.example' },
      remoteAddress: '10.91.0.1',
    });
    expect(unknown.json()).toEqual({
      data: { status: 'not found', message: messages.forgotPassword.notFound },
    });
  });

  it('one address is refused after MAIL_REQUESTS_PER_IP, over every e-mail and login-problem route', async () => {
    const ip = '10.92.0.1';
    const urls = [
      '/forgot-password',
      '/forgotEmail',
      '/loginProblems/sendPasswordReset',
      '/loginProblems/checkUserActive',
    ];
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: urls[i % urls.length],
        payload: { email: `someone${i}@nowhere.example` },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/loginProblems/sendLoginProblems',
      payload: { email: 'someone@nowhere.example', problem: 'cannot sign in' },
      remoteAddress: ip,
    });
    expect(refused.statusCode).toBe(429);
  });
});

describe('password policy on every path that sets a password (NIST 800-63B)', () => {
  it('first-time verifyData refuses a short or common password and accepts a long uncommon one', async () => {
    const first = await login('10004', 'framing-demo', '10.95.0.1');
    const vtoken = first.json().vtoken as string;
    const put = (password: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/self',
        headers: bearer(vtoken),
        payload: { email: 'grace@piedmont.example', password, password_confirmation: password },
      });
    expect((await put('password')).json().data.password).toBe(messages.password.tooShort(10));
    expect((await put('password123')).json().data.password).toBe(messages.password.tooCommon);
    expect((await put('Qwertyuiop')).json().data.password).toBe(messages.password.tooCommon);
    expect((await put('piedmont-mats-and-glass')).statusCode).toBe(200);
  });

  it('a reset refuses a common password', async () => {
    const email = 'luc@bayougallery.example';
    await t.app.inject({
      method: 'POST',
      url: '/forgot-password',
      payload: { email },
      remoteAddress: '10.95.0.2',
    });
    const token = await lastResetToken(email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/reset-password',
      payload: { token, email, password: '1234567890', password_confirmation: '1234567890' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.data.password).toEqual([messages.password.tooCommon]);
  });
});

describe('resend the verification e-mail (account 10006)', () => {
  const resend = (password: string, ip = '10.96.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/resendVerification',
      payload: { username: '10006', password },
      remoteAddress: ip,
    });
  const verifyMails = () =>
    t.database.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.to, 'ada@lowcountryframes.example'),
          eq(emailOutbox.subject, 'Confirm your e-mail address'),
        ),
      );

  it('needs the password, sends at most five links an hour (growing waits from the third); the link signs in', async () => {
    const wrong = await resend('not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(messages.login.mismatch);
    expect(await verifyMails()).toHaveLength(0);

    const ok = await resend('framing-demo');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: messages.verifyEmail.resent });
    expect((await resend('framing-demo')).statusCode).toBe(200);
    expect(await verifyMails()).toHaveLength(2);
    // the third at once is refused: a growing wait, then five an hour
    const hurried = await resend('framing-demo');
    expect(hurried.statusCode).toBe(429);
    expect(hurried.json().message).toBe(messages.verifyEmail.tooMany);
    for (let i = 3; i <= 5; i++) {
      await waitOutDelays();
      expect((await resend('framing-demo')).statusCode).toBe(200);
    }
    expect(await verifyMails()).toHaveLength(5);
    await waitOutDelays();
    const tooMany = await resend('framing-demo');
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toBe(messages.verifyEmail.tooMany);

    const mails = (await verifyMails()).sort((a, b) => a.id - b.id);
    const vid = /verifyEmail\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
    expect((await t.app.inject({ method: 'POST', url: '/verifyEmail', payload: { vid } })).statusCode).toBe(
      200,
    );
    expect((await login('10006', 'framing-demo', '10.96.0.2')).statusCode).toBe(200);
    expect((await resend('framing-demo', '10.96.0.3')).json().message).toBe(
      messages.verifyEmail.alreadyVerified,
    );
    await resetCounters();
  });
});
