import { accountSecurityMessages, messages } from '@mitrebox/domain';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET } from '../../demo-data/index.ts';
import { queryRows } from '../../platform/db.ts';
import { testAppWithMail } from '../../testing/mail-app.ts';
import type { ReceivedMail } from '../../testing/smtp.ts';
import { bearer, signIn } from '../../testing/test-app.ts';

/**
 * A stolen session must not become a permanent takeover: the sign-in e-mail (where password resets go) moves
 * only with the current password and the new mailbox, and the old mailbox can put it back for a week.
 */

const shop = testAppWithMail();

const OWNER = 'marie@crescentcityframes.example';
const THIEF = 'attacker@evil.example';

const changeEmail = (token: string, payload: object) =>
  shop.t.app.inject({ method: 'PUT', url: '/api/admin/userAccount', headers: bearer(token), payload });
const post = (url: string, payload: object) => shop.t.app.inject({ method: 'POST', url, payload });
const me = (token: string) => shop.t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
const emailOf = async (username: string) =>
  (
    await queryRows<{ email: string }>(
      shop.t.database.db,
      sql`select email from users where username = ${username}`,
    )
  )[0].email;
const mailsTo = async (address: string) =>
  (
    await queryRows<{ n: number }>(
      shop.t.database.db,
      sql`select count(*)::int as n from email_outbox where lower("to") = ${address}`,
    )
  )[0].n;

/** The newest message to this address that carries a link to `page`, and the link's token. */
async function linkTo(address: string, page: 'confirmEmailChange' | 'undoEmailChange' | 'reset-password') {
  const pattern =
    page === 'reset-password'
      ? /https:\/\/shop\.example\/reset-password\/([A-Za-z0-9_-]+)\//
      : new RegExp(`https://shop\\.example/${page}\\?token=([A-Za-z0-9_-]+)`);
  const found = (mails: ReceivedMail[]) =>
    mails.filter((m) => m.to.includes(address) && pattern.test(m.text)).at(-1);
  const deadline = Date.now() + 5000;
  let mail = found(shop.smtp.received);
  while (!mail && Date.now() < deadline) {
    await shop.smtp.waitFor(shop.smtp.received.length + 1, deadline - Date.now()).catch(() => undefined);
    mail = found(shop.smtp.received);
  }
  if (!mail) throw new Error(`no ${page} link to ${address}`);
  return { mail, token: pattern.exec(mail.text)![1] };
}

describe('the takeover sequence with a stolen customer session', () => {
  let stolen: string;
  let ownersOther: string;
  let confirm: string;
  let undo: string;

  beforeAll(async () => {
    stolen = await signIn(shop.t.app, '10001');
    ownersOther = await signIn(shop.t.app, '10001');
  });

  it('without the current password, or with a wrong one, is refused and mails no one', async () => {
    const none = await changeEmail(stolen, { email: THIEF });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.currentPassword).toBe(accountSecurityMessages.currentPasswordRequired);
    const wrong = await changeEmail(stolen, { email: THIEF, currentPassword: 'a-good-guess' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.currentPassword).toBe(accountSecurityMessages.currentPasswordWrong);
    // not a 401: that would sign the owner's screen out
    expect((await me(stolen)).statusCode).toBe(200);
    expect(await emailOf('10001')).toBe(OWNER);
    expect(await mailsTo(THIEF)).toBe(0);
    expect((await post('/forgot-password', { email: THIEF })).json().data.status).toBe('not found');
  });

  it('with the password, the sign-in e-mail and the reset address stay the old one until the new one confirms', async () => {
    const asked = await changeEmail(stolen, { email: THIEF, currentPassword: 'framing-demo' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      success: true,
      message: accountSecurityMessages.emailLinkSent(THIEF),
      pendingEmail: THIEF,
    });
    expect(await emailOf('10001')).toBe(OWNER);
    expect((await me(stolen)).json().user.email).toBe(OWNER);
    expect((await post('/forgot-password', { email: THIEF })).json().data.status).toBe('not found');
    expect((await post('/forgot-password', { email: OWNER })).json().data.status).toBe('sent');
    await linkTo(OWNER, 'reset-password');

    // the old address is told at once, with the new address and an undo link
    const notice = await linkTo(OWNER, 'undoEmailChange');
    expect(notice.mail.subject).toMatch(/is being changed/);
    expect(notice.mail.text).toContain(THIEF);
    undo = notice.token;
    confirm = (await linkTo(THIEF, 'confirmEmailChange')).token;
  });

  it('the confirmation link makes the new address the sign-in e-mail, once', async () => {
    const confirmed = await post('/api/confirmEmailChange', { token: confirm });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: messages.emailUpdated, email: THIEF });
    expect(await emailOf('10001')).toBe(THIEF);
    expect((await post('/api/confirmEmailChange', { token: confirm })).statusCode).toBe(404);
    expect((await post('/api/confirmEmailChange', { token: 'not-a-token' })).statusCode).toBe(404);
  });

  it('the undo link puts the old address back, ends every session and kills reset links sent meanwhile', async () => {
    expect((await post('/forgot-password', { email: THIEF })).json().data.status).toBe('sent');
    const thiefsReset = (await linkTo(THIEF, 'reset-password')).token;

    const undone = await post('/api/undoEmailChange', { token: undo });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({
      success: true,
      message: accountSecurityMessages.emailRestored(OWNER),
      email: OWNER,
    });
    expect(await emailOf('10001')).toBe(OWNER);
    expect((await me(stolen)).statusCode).toBe(401);
    expect((await me(ownersOther)).statusCode).toBe(401);
    expect(
      (await post(`/reset-password-check/${thiefsReset}/${encodeURIComponent(THIEF)}`, {})).statusCode,
    ).toBe(404);
    expect((await post('/api/undoEmailChange', { token: undo })).statusCode).toBe(404);
  });

  it('an expired confirmation or undo link is refused', async () => {
    const session = await signIn(shop.t.app, '10001');
    const asked = await changeEmail(session, { email: THIEF, currentPassword: 'framing-demo' });
    expect(asked.statusCode).toBe(200);
    const late = (await linkTo(THIEF, 'confirmEmailChange')).token;
    const lateUndo = (await linkTo(OWNER, 'undoEmailChange')).token;
    await shop.t.database.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 second'
          where kind in ('email_change', 'email_undo') and used_at is null`,
    );
    expect((await post('/api/confirmEmailChange', { token: late })).statusCode).toBe(404);
    expect((await post('/api/undoEmailChange', { token: lateUndo })).statusCode).toBe(404);
    expect(await emailOf('10001')).toBe(OWNER);
  });
});

describe('a stolen session that guesses the password', () => {
  it('is ended after LOGIN_MAX_FAILURES_ACCOUNT wrong guesses; the owner keeps their own sign-in', async () => {
    const stolen = await signIn(shop.t.app, '10005');
    const owners = await signIn(shop.t.app, '10005');
    for (let i = 0; i < shop.t.config.LOGIN_MAX_FAILURES_ACCOUNT; i++) {
      const res = await changeEmail(stolen, { email: THIEF, currentPassword: `guess-${i}` });
      expect(res.statusCode).toBe(422);
    }
    const next = await changeEmail(stolen, { email: THIEF, currentPassword: 'framing-demo' });
    expect(next.statusCode).toBe(401);
    expect((await me(stolen)).statusCode).toBe(401);
    expect((await me(owners)).statusCode).toBe(200);
  });
});

describe('more than one change', () => {
  it('a newer request voids the older confirmation link', async () => {
    const session = await signIn(shop.t.app, '10005');
    const first = 'first@sam.example';
    const second = 'second@sam.example';
    expect((await changeEmail(session, { email: first, currentPassword: 'framing-demo' })).statusCode).toBe(
      200,
    );
    const older = (await linkTo(first, 'confirmEmailChange')).token;
    expect((await changeEmail(session, { email: second, currentPassword: 'framing-demo' })).statusCode).toBe(
      200,
    );
    const newer = (await linkTo(second, 'confirmEmailChange')).token;
    expect((await post('/api/confirmEmailChange', { token: older })).statusCode).toBe(404);
    expect((await post('/api/confirmEmailChange', { token: newer })).statusCode).toBe(200);
    expect(await emailOf('10005')).toBe(second);
  });

  it("after two changes, the owner's undo wins and the later undo link dies", async () => {
    const session = await signIn(shop.t.app, '10001');
    const thief2 = 'second-address@evil.example';
    expect((await changeEmail(session, { email: THIEF, currentPassword: 'framing-demo' })).statusCode).toBe(
      200,
    );
    const ownersUndo = (await linkTo(OWNER, 'undoEmailChange')).token;
    await post('/api/confirmEmailChange', { token: (await linkTo(THIEF, 'confirmEmailChange')).token });
    expect((await changeEmail(session, { email: thief2, currentPassword: 'framing-demo' })).statusCode).toBe(
      200,
    );
    const thiefsUndo = (await linkTo(THIEF, 'undoEmailChange')).token;
    await post('/api/confirmEmailChange', { token: (await linkTo(thief2, 'confirmEmailChange')).token });
    expect(await emailOf('10001')).toBe(thief2);

    expect((await post('/api/undoEmailChange', { token: ownersUndo })).statusCode).toBe(200);
    expect((await post('/api/undoEmailChange', { token: thiefsUndo })).statusCode).toBe(404);
    expect(await emailOf('10001')).toBe(OWNER);
  });
});

describe('with two-step sign-in (10007)', () => {
  it('the password and a fresh authenticator code are both needed', async () => {
    const session = await signIn(shop.t.app, '10007');
    const signedIn = await shop.t.app.inject({
      method: 'POST',
      url: '/api/tokenLogin',
      headers: bearer(session),
      payload: { code: await generate({ secret: DEMO_TOTP_SECRET }) },
    });
    expect(signedIn.json().login).toBe(true);
    const email = 'ray@new-gallery.example';

    const noCode = await changeEmail(session, { email, currentPassword: 'framing-demo' });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().errors.code).toBe(accountSecurityMessages.codeRequired);
    const codeOnly = await changeEmail(session, {
      email,
      code: await generate({ secret: DEMO_TOTP_SECRET }),
    });
    expect(codeOnly.statusCode).toBe(422);
    expect(codeOnly.json().errors.currentPassword).toBe(accountSecurityMessages.currentPasswordRequired);

    // the code of the sign-in's time step is spent: the next step's code, as the app shows it a moment later
    const code = await generate({ secret: DEMO_TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) + 30 });
    const ok = await changeEmail(session, { email, currentPassword: 'framing-demo', code });
    expect(ok.statusCode).toBe(200);
    expect(await emailOf('10007')).toBe('ray@suncoastgallery.example');
  });
});
