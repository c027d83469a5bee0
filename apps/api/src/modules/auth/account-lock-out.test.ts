import { messages } from '@mitrebox/domain';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { emailOutbox } from '../mail/mail.tables.ts';

/**
 * Many addresses with one wrong password each must not lock the owner out (docs/decisions/008): past the
 * account-wide limit a browser that signed in before keeps its own allowance, anyone else solves a proof-of-work
 * challenge, and the e-mailed reset still clears the account.
 */

const OWNER = '10001';
const PASSWORD = 'framing-demo';
const EMAIL = 'marie@crescentcityframes.example';

let t: TestApp;
beforeAll(async () => {
  // the shipped limits: 5 per address and account, 30 per address, 100 on the account
  t = await createTestApp();
});
afterAll(() => t?.close());

const login = (ip: string, body: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: OWNER, ...body },
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });

/** The browser's side of a Set-Cookie answer: `name=value` of the device cookie. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  const all = [res.headers['set-cookie'] ?? []].flat() as string[];
  return all.find((c) => c.startsWith('mb_device_'))?.split(';')[0];
}

/** Solves the challenge of a 428 answer the way the browser does; answers what the retry sends. */
async function solved(res: { json(): unknown }): Promise<string> {
  const { challenge } = res.json() as { challenge: Parameters<typeof solveChallenge>[0]['challenge'] };
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).toBeTruthy();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function lastResetToken(): Promise<string> {
  const mails = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, EMAIL), eq(emailOutbox.subject, 'Reset your Mitrebox password')));
  const token = /reset-password\/([A-Za-z0-9_-]+)\//.exec(
    mails.sort((a, b) => a.id - b.id).at(-1)?.text ?? '',
  )?.[1];
  if (!token) throw new Error('no reset mail');
  return token;
}

describe('120 addresses with one wrong password each for account 10001', () => {
  let device: string | undefined;

  it('the owner signs in from their browser first (it keeps a device cookie)', async () => {
    const res = await login('192.0.2.10', { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    device = deviceCookieOf(res);
    expect(device).toMatch(/^mb_device_\d+=[\w-]{22}\.[\w-]+$/);
    const setCookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('mb_device_'));
    expect(setCookie).toMatch(/Path=\/api\/login; HttpOnly; SameSite=Lax; Max-Age=31536000/);
  });

  it('are checked up to the account-wide limit, then asked for a challenge (never told to wait 15 minutes)', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 120; i++) {
      const res = await login(`198.51.${100 + (i >> 8)}.${i & 255}`, { password: `guess-${i}` });
      answers.push(res.statusCode);
      if (res.statusCode === 428) expect(res.json().message).toBe(messages.login.challengeRequired);
    }
    expect(answers.slice(0, t.config.LOGIN_MAX_FAILURES_ACCOUNT_TOTAL).every((s) => s === 401)).toBe(true);
    expect(answers.slice(t.config.LOGIN_MAX_FAILURES_ACCOUNT_TOTAL).every((s) => s === 428)).toBe(true);
  });

  it('(a) the owner in a browser that signed in before gets in without a challenge, from anywhere', async () => {
    for (const ip of ['203.0.113.50', '192.0.2.10']) {
      const res = await login(ip, { password: PASSWORD }, device);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.token).toEqual(expect.any(String));
    }
  });

  it("a device cookie is the browser's own allowance: its own wrong passwords use it up", async () => {
    const waitOutDelays = () =>
      t.database.db.execute(sql`update login_attempts set last_at = now() - interval '1 hour'`);
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES_ACCOUNT; i++) {
      await waitOutDelays();
      expect((await login(`203.0.113.${60 + i}`, { password: `typo-${i}` }, device)).statusCode).toBe(401);
    }
    await waitOutDelays();
    const locked = await login('203.0.113.70', { password: PASSWORD }, device);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(messages.login.locked);
    await t.database.db.execute(sql`delete from login_attempts where key like 'dev:%'`);
  });

  it('a forged or altered device cookie counts for nothing', async () => {
    const [name, value] = device!.split('=');
    const [id, signature] = value.split('.');
    for (const cookie of [`${name}=${id}.${signature.slice(1)}x`, `${name}=${'A'.repeat(22)}.${signature}`]) {
      const res = await login('203.0.113.80', { password: PASSWORD }, cookie);
      expect(res.statusCode).toBe(428);
    }
  });

  it('(b) a fresh address without the cookie is asked for a challenge; solved, the right password gets in', async () => {
    const asked = await login('203.0.113.90', { password: PASSWORD });
    expect(asked.statusCode).toBe(428);
    expect(asked.json()).toEqual({
      message: messages.login.challengeRequired,
      challenge: expect.objectContaining({ parameters: expect.any(Object), signature: expect.any(String) }),
    });
    const proofOfWork = await solved(asked);
    const res = await login('203.0.113.90', { password: PASSWORD, proofOfWork });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.token).toEqual(expect.any(String));

    // each challenge once: the same solution again is asked for a new one
    const again = await login('203.0.113.91', { password: PASSWORD, proofOfWork });
    expect(again.statusCode).toBe(428);
  });

  it('(c) an attacker with a solved challenge and a wrong password is still refused', async () => {
    const asked = await login('198.51.200.1', { password: 'guess-solved' });
    expect(asked.statusCode).toBe(428);
    const res = await login('198.51.200.1', { password: 'guess-solved', proofOfWork: await solved(asked) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.login.mismatch);
  });

  it('the signed-in owner confirms their password in My Account without a challenge, while strangers need one', async () => {
    expect((await login('203.0.113.92', { password: PASSWORD })).statusCode).toBe(428);
    const token = (await login('192.0.2.10', { password: PASSWORD }, device)).json().data.token;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/userAccount',
      headers: { authorization: `Bearer ${token}` },
      payload: { email: 'marie.new@crescentcityframes.example', currentPassword: PASSWORD },
      remoteAddress: '192.0.2.10',
    });
    expect(res.statusCode).toBe(200);
  });

  it('(d) the e-mailed reset clears the account: a fresh address signs in without a challenge', async () => {
    expect((await login('203.0.113.95', { password: PASSWORD })).statusCode).toBe(428);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/forgot-password',
      payload: { email: EMAIL },
      remoteAddress: '203.0.113.95',
    });
    expect(forgot.json().data.status).toBe('sent');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/reset-password',
      payload: {
        token: await lastResetToken(),
        email: EMAIL,
        password: 'coastal-mouldings-77',
        password_confirmation: 'coastal-mouldings-77',
      },
    });
    expect(reset.json().data.status).toBe('passwords.reset');
    expect((await login('203.0.113.96', { password: 'coastal-mouldings-77' })).statusCode).toBe(200);
  });
});
