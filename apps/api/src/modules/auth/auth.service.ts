import type {
  ForgotPasswordResponse,
  LoginResponse,
  ResetPasswordResponse,
  SessionUser,
  StaffEnrolmentOffer,
  StaffEnrolmentRequest,
  TokenLoginResponse,
  VerifyDataResponse,
} from '@mitrebox/api-contract';
import {
  accountSecurityMessages,
  isCreditHold,
  isValidEmail,
  loadCommonPasswords,
  messages,
  passwordProblem,
  staffMessages,
  validateLoginForm,
} from '@mitrebox/domain';
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, unauthorized, unprocessable } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/secrets.ts';
import {
  emailTakenByOther,
  findUserById,
  findUserByUsername,
  findUsersByEmail,
  sessionUser,
  updateUser,
} from '../accounts/accounts.service.ts';
import {
  accountKey,
  claimAttempt,
  claimKey,
  clearAccount,
  clearKeys,
  deviceKey,
  ipKey,
  pairKey,
  type Refusal,
  releaseKey,
} from './login-attempts.ts';
import {
  claimMfaCheck,
  claimTotpStep,
  clearMfaPending,
  createSession,
  findLiveSessionWithUser,
  findOneUseToken,
  issueOneUseToken,
  liveSessionOfRead,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  revokeStaffSessions,
  type SessionRow,
  spendOneUseToken,
  tokenIssuedSince,
  voidOneUseTokens,
} from './sessions.ts';
import { createSignInTrust } from './sign-in-trust.ts';

const VERIFICATION_TTL_MS = 60 * 60_000;
const RESET_TTL_MS = 60 * 60_000;
const EMAIL_VERIFY_TTL_MS = 7 * 24 * 60 * 60_000;
/** How long a staff user's e-mailed set-up link works. */
export const STAFF_ENROL_TTL_MS = 72 * 60 * 60_000;

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /**
   * A sign-in form's browser (docs/decisions/008): its Cookie header (a device cookie of the account gives it its
   * own allowance), the solved challenge it sent, and where a right password hands it the device cookie.
   */
  browser?: { cookie?: string; proofOfWork?: string; secure: boolean; giveCookie(setCookie: string): void };
}

export interface AuthContext {
  session: SessionRow;
  user: SessionUser;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: { db: Db; config: Config; mailer: Mailer }) {
  const { db, config, mailer } = deps;
  const phone = config.CUSTOMER_SERVICE_PHONE;
  /**
   * Sessions resolved in the last SESSION_CACHE_MS, by token. Sign-out, MFA and credit hold drop their entry
   * here at once; another API process notices a revocation within that time (docs/decisions/004).
   */
  const recent = new LRUCache<string, AuthContext>({ max: 10_000, ttl: config.SESSION_CACHE_MS || 1 });
  const forget = (sessionId: number) => {
    for (const [token, ctx] of recent.entries()) if (ctx.session.id === sessionId) recent.delete(token);
  };
  let jwks: JWTVerifyGetKey | undefined;
  const trust = createSignInTrust(db);

  /** Sends the e-mail verification link (used when an address must be confirmed before sign-in). */
  async function sendEmailVerification(userId: number): Promise<void> {
    const user = await findUserById(db, userId);
    if (!user?.email) return;
    const vid = await issueOneUseToken(db, 'email_verify', user.id, EMAIL_VERIFY_TTL_MS, user.email);
    const link = `${config.PUBLIC_URL}/verifyEmail/${vid}`;
    await mailer.send({
      to: user.email,
      subject: 'Confirm your e-mail address',
      text: `Hello ${user.name},\n\nPlease confirm your e-mail address for account ${user.username}:\n\n${link}\n\n${config.COMPANY_NAME}`,
    });
  }

  /**
   * A refused sign-in claim: past the account-wide limit (or in its delay) a challenge to solve; otherwise the 429
   * of a growing delay or a lock of this address or browser.
   */
  async function signInRefused(refusal: Refusal): Promise<AppError> {
    if (refusal.key.startsWith('acct:')) return trust.challengeRequired();
    if (refusal.kind === 'wait')
      return new AppError('slow_down', 429, messages.login.slowDown(refusal.seconds));
    return new AppError('locked', 429, messages.login.locked);
  }

  /**
   * Password check, throttled per account-and-address, per address and per account (docs/decisions/008): the
   * attempt is claimed in the database first, then the password is checked. An address with no recent
   * failures on the account skips the account's growing delay. Past the account-wide limit nobody is locked
   * out: a browser that signed in before counts against its own allowance, anyone else solves a proof-of-work
   * challenge first. Unknown and known accounts get the same answers.
   */
  async function checkCredentials(username: string, password: string, meta: RequestMeta) {
    const user = await checkPassword(username, password, meta);
    if (user.emailVerifyRequired && !user.emailVerifiedAt) {
      // the customer needs the link to get in: (re)send it, at most once every 10 minutes
      if (!(await tokenIssuedSince(db, 'email_verify', user.id, 10 * 60_000))) {
        await sendEmailVerification(user.id).catch(() => {});
      }
      throw new AppError('email_unverified', 403, messages.login.emailUnverified);
    }
    return user;
  }

  async function checkPassword(
    username: string,
    password: string,
    meta: RequestMeta,
    opts: { staff?: boolean } = {},
  ) {
    let name = username.trim();
    if (opts.staff) {
      // staff sign in by e-mail (their username is the lower-cased address)
      name = name.toLowerCase();
      if (!isValidEmail(name))
        throw unprocessable(staffMessages.emailInvalid, { email: staffMessages.emailInvalid });
      if (!password)
        throw unprocessable(messages.login.passwordEmpty, { password: messages.login.passwordEmpty });
    } else {
      const problem = validateLoginForm({ username, password });
      if (problem) throw unprocessable(problem, { username: problem });
    }
    const found = await findUserByUsername(db, name);
    // a staff address at the customers' sign-in (or an account number at the staff one) is not a user there
    const user = found && (found.role !== 'customer') === Boolean(opts.staff) ? found : undefined;
    const { browser } = meta;
    const device = user && browser ? await trust.device(browser.cookie, user.id) : undefined;
    const proved = !device && browser?.proofOfWork ? await trust.proved(browser.proofOfWork) : false;
    const pair = pairKey(name, meta.ip);
    const claim = await claimAttempt(db, config.LOGIN_LOCK_MINUTES, (counts) => {
      if (counts.length === 0) return { key: pair, max: config.LOGIN_MAX_FAILURES_ACCOUNT, delayAfter: 2 };
      if (counts.length === 1) return { key: ipKey(meta.ip), max: config.LOGIN_MAX_FAILURES_IP };
      if (counts.length > 2) return undefined;
      // a browser that signed in here before: its own allowance, whatever strangers have run up on the account
      if (device)
        return { key: deviceKey(name, device), max: config.LOGIN_MAX_FAILURES_ACCOUNT, delayAfter: 2 };
      return {
        key: accountKey(name),
        max: config.LOGIN_MAX_FAILURES_ACCOUNT_TOTAL,
        delayAfter: config.LOGIN_MAX_FAILURES_ACCOUNT,
        // a clean address (this is its first attempt on the account in the window)
        skipDelay: counts[0] === 1,
        proved,
      };
    });
    if (!claim.ok) throw await signInRefused(claim.refusal);

    const ok = user
      ? await verifyPassword(user.passwordHash, password)
      : (await verifyPassword(await dummyPasswordHash(), password)) && false;
    if (!user || !ok)
      throw new AppError('login_failed', 401, opts.staff ? staffMessages.mismatch : messages.login.mismatch);
    // the right password: this address and browser start afresh, and the attempt is given back to the address and
    // the account; the strangers' failures on the account stay counted (the owner getting in makes them no fewer)
    await clearKeys(db, device ? [pair, deviceKey(name, device)] : [pair]);
    await releaseKey(db, ipKey(meta.ip));
    if (!device) await releaseKey(db, accountKey(name));
    browser?.giveCookie(await trust.deviceCookie(user.id, device, browser.secure));
    return user;
  }

  /**
   * Checks a two-step code: at most MFA_MAX_FAILURES_SESSION per sign-in (then the sign-in ends) and
   * MFA_MAX_FAILURES_ACCOUNT per account in the window, each claimed before the check; a code's time step is
   * accepted once.
   */
  async function checkTotp(ctx: AuthContext, code: string): Promise<void> {
    const userId = ctx.session.userId;
    if (!(await claimMfaCheck(db, ctx.session.id, config.MFA_MAX_FAILURES_SESSION))) {
      await revokeSession(db, ctx.session.id);
      forget(ctx.session.id);
      throw new AppError('mfa_too_many', 429, messages.login.mfaTooManyThisSignIn);
    }
    const claim = await claimKey(db, config.LOGIN_LOCK_MINUTES, {
      key: `mfa:${userId}`,
      max: config.MFA_MAX_FAILURES_ACCOUNT,
    });
    if (!claim.ok) throw new AppError('mfa_locked', 429, messages.login.mfaLocked);
    const user = await findUserById(db, userId);
    const result = user?.totpSecret
      ? await verifyTotp({
          secret: user.totpSecret,
          token: code.replace(/\s/g, ''),
          epochTolerance: 30,
        }).catch(() => ({ valid: false as const }))
      : { valid: false as const };
    const step = result.valid && 'timeStep' in result ? result.timeStep : undefined;
    if (step === undefined || !(await claimTotpStep(db, userId, step)))
      throw unprocessable(messages.login.mfaInvalid, { code: messages.login.mfaInvalid });
    await clearKeys(db, [`mfa:${userId}`]);
  }

  /**
   * Password-reset, active-account and login-problem requests: MAIL_REQUESTS_PER_EMAIL per e-mail address and
   * MAIL_REQUESTS_PER_IP per client address in an hour, claimed before anything is looked up or sent.
   */
  async function throttleMailRequest(email: string, ip: string): Promise<void> {
    const claim = await claimAttempt(db, 60, (counts) =>
      counts.length === 0
        ? { key: `mailip:${ip}`, max: config.MAIL_REQUESTS_PER_IP }
        : counts.length === 1
          ? { key: `mail:${email.trim().toLowerCase().slice(0, 254)}`, max: config.MAIL_REQUESTS_PER_EMAIL }
          : undefined,
    );
    if (!claim.ok) throw new AppError('too_many', 429, messages.forgotPassword.tooMany);
  }

  /**
   * E-mails a password reset link (one hour) of this user to this address. The user's older reset links stop
   * working: only the newest one sent can be used, so a link left in an old message (or an old mailbox) is dead.
   */
  async function mailResetLink(user: { id: number; name: string; username: string }, to: string) {
    await voidOneUseTokens(db, 'password_reset', user.id);
    const token = await issueOneUseToken(db, 'password_reset', user.id, RESET_TTL_MS, to);
    const link = `${config.PUBLIC_URL}/reset-password/${token}/${encodeURIComponent(to)}`;
    await mailer.send({
      to,
      subject: 'Reset your Mitrebox password',
      text: `Hello ${user.name},\n\nSomeone asked to reset the password of account ${user.username}.\nChoose a new password here (the link works for one hour):\n\n${link}\n\nIf it was not you, ignore this message.\n\n${config.COMPANY_NAME} · ${phone}`,
      html: `<p>Hello ${escapeHtml(user.name)},</p><p>Someone asked to reset the password of account <b>${escapeHtml(user.username)}</b>.</p><p><a href="${link}">Choose a new password</a> (the link works for one hour).</p><p>If it was not you, ignore this message.</p><p>${escapeHtml(config.COMPANY_NAME)} · ${escapeHtml(phone)}</p>`,
    });
  }

  /** After any new password: older reset links and every session of the user end. */
  async function passwordChanged(userId: number): Promise<void> {
    await voidOneUseTokens(db, 'password_reset', userId);
    await revokeAllSessions(db, userId);
    for (const [token, ctx] of recent.entries()) if (ctx.session.userId === userId) recent.delete(token);
  }

  /**
   * Every session of a staff user ends now, with the views of accounts they opened, in this process's cache too (a
   * disabled or reset staff user, or one given another role).
   */
  async function endSessions(userId: number): Promise<void> {
    await revokeStaffSessions(db, userId);
    for (const [token, ctx] of recent.entries())
      if (ctx.session.userId === userId || ctx.session.viewAsBy === userId) recent.delete(token);
  }

  /** The live set-up link of a staff user who is still a staff user and not disabled. */
  async function enrolmentOf(token: string) {
    const row = await findOneUseToken(db, 'staff_enrol', token);
    const user = row ? await findUserById(db, row.userId) : undefined;
    if (!row || !user || user.role === 'customer' || user.disabledAt || !user.email)
      throw new AppError('enrol_invalid', 404, staffMessages.enrolLinkInvalid);
    return { row, user: { ...user, email: user.email } };
  }

  async function startSession(userId: number, mfaPending: boolean, meta: RequestMeta) {
    return createSession(db, userId, { mfaPending, ip: meta.ip, userAgent: meta.userAgent });
  }

  return {
    /** POST /api/login */
    async login(username: string, password: string, meta: RequestMeta): Promise<LoginResponse> {
      const user = await checkCredentials(username, password, meta);
      const shaped = await sessionUser(db, user);
      if (user.firstLogin) {
        const vtoken = await issueOneUseToken(db, 'verification', user.id, VERIFICATION_TTL_MS);
        return { firsttime: true, vtoken, user: shaped, data: { token: null } };
      }
      const token = await startSession(user.id, Boolean(user.totpSecret), meta);
      return { firsttime: false, vtoken: null, user: shaped, data: { token } };
    },

    /**
     * POST /api/login/staff: a staff member's e-mail and password, throttled like the customers' sign-in. The
     * session owes its TOTP code (POST /api/tokenLogin) before any staff route answers; a staff user without
     * an authenticator, or a disabled one, is refused here (docs/decisions/014).
     */
    async staffLogin(email: string, password: string, meta: RequestMeta): Promise<{ token: string }> {
      const user = await checkPassword(email, password, meta, { staff: true });
      if (user.disabledAt) throw new AppError('staff_disabled', 403, staffMessages.disabled);
      if (!user.totpSecret) throw new AppError('staff_totp_required', 403, staffMessages.totpRequired);
      return { token: await startSession(user.id, true, meta) };
    },

    /**
     * A short-lived read-only session of a customer user, opened by a staff member ("view as"). The API
     * refuses every call of it that would change something.
     */
    async viewAsSession(userId: number, staffId: number, ttlMs: number, meta: RequestMeta): Promise<string> {
      return createSession(db, userId, {
        mfaPending: false,
        ip: meta.ip,
        userAgent: meta.userAgent,
        viewAsBy: staffId,
        expiresAt: new Date(Date.now() + ttlMs),
      });
    },

    /** A staff change of a user's password or standing: their sessions end (every process within the cache time). */
    passwordChanged,
    mailResetLink,
    endSessions,

    /** Every session of the user but this one ends (a password changed from My Account), in this process's cache too. */
    async endOtherSessions(userId: number, keepSessionId: number): Promise<void> {
      await revokeOtherSessions(db, userId, keepSessionId);
      for (const [token, ctx] of recent.entries())
        if (ctx.session.userId === userId && ctx.session.id !== keepSessionId) recent.delete(token);
    },

    /**
     * Asks the signed-in user again who they are before the sign-in e-mail or the password changes
     * (docs/decisions/021): the current password, with LOGIN_MAX_FAILURES_ACCOUNT tries a sign-in (then the
     * sign-in ends: a stolen session is no better a place to guess it than the sign-in form), and, with an
     * authenticator set up, a fresh code too. A wrong password is a 422 on its field: a 401 would sign the screen
     * out.
     */
    async confirmIdentity(
      ctx: AuthContext,
      proof: { currentPassword?: string; code?: string },
    ): Promise<void> {
      const user = await findUserById(db, ctx.user.id);
      if (!user) throw unauthorized();
      const required = accountSecurityMessages.currentPasswordRequired;
      if (!proof.currentPassword) throw unprocessable(required, { currentPassword: required });
      // The sign-in's own allowance, not the sign-in page's counters: strangers' guesses at the account (which
      // make the sign-in page ask for a challenge) do not stop its owner here, and a stolen sign-in that guesses
      // the password a few times is ended.
      const key = `reauth:${ctx.session.id}`;
      const claim = await claimKey(db, config.LOGIN_LOCK_MINUTES, {
        key,
        max: config.LOGIN_MAX_FAILURES_ACCOUNT,
      });
      if (!claim.ok) {
        await revokeSession(db, ctx.session.id);
        forget(ctx.session.id);
        throw unauthorized();
      }
      if (!(await verifyPassword(user.passwordHash, proof.currentPassword))) {
        const wrong = accountSecurityMessages.currentPasswordWrong;
        throw unprocessable(wrong, { currentPassword: wrong });
      }
      await clearKeys(db, [key]);
      if (!user.totpSecret) return;
      const codeRequired = accountSecurityMessages.codeRequired;
      if (!proof.code?.trim()) throw unprocessable(codeRequired, { code: codeRequired });
      await checkTotp(ctx, proof.code);
    },

    /**
     * E-mails a staff user's set-up link (STAFF_ENROL_TTL_MS): at it they choose a password and set up an
     * authenticator, the second step staff sign-in requires. Older links of the user stop working.
     */
    async mailStaffEnrolLink(user: { id: number; name: string; email: string }): Promise<void> {
      await voidOneUseTokens(db, 'staff_enrol', user.id);
      const token = await issueOneUseToken(db, 'staff_enrol', user.id, STAFF_ENROL_TTL_MS, user.email);
      const link = `${config.PUBLIC_URL}/staff/enrol/${token}`;
      const hours = STAFF_ENROL_TTL_MS / 3_600_000;
      await mailer.send({
        to: user.email,
        subject: `Set up your ${config.COMPANY_NAME} staff sign-in`,
        text: `Hello ${user.name},\n\nAn administrator gave you a staff sign-in for the ${config.COMPANY_NAME} back office.\nChoose your password and set up your authenticator app here (the link works for ${hours} hours, once):\n\n${link}\n\nIf you did not expect this, ignore this message.\n\n${config.COMPANY_NAME}`,
        html: `<p>Hello ${escapeHtml(user.name)},</p><p>An administrator gave you a staff sign-in for the ${escapeHtml(config.COMPANY_NAME)} back office.</p><p><a href="${link}">Choose your password and set up your authenticator app</a> (the link works for ${hours} hours, once).</p><p>If you did not expect this, ignore this message.</p><p>${escapeHtml(config.COMPANY_NAME)}</p>`,
      });
    },

    /**
     * POST /api/login/staff/enrolment/check: the set-up link is usable; offers a fresh authenticator secret.
     * Nothing is stored until the user proves the secret with a code (staffEnrol).
     */
    async staffEnrolmentOffer(token: string): Promise<StaffEnrolmentOffer> {
      const { user } = await enrolmentOf(token);
      const secret = generateSecret();
      const otpauthUri = generateURI({ issuer: config.COMPANY_NAME, label: user.email, secret });
      return { email: user.email, name: user.name, secret, otpauthUri };
    },

    /**
     * POST /api/login/staff/enrolment: with the e-mailed link (possession of the mailbox), a new password and
     * a code of the offered secret (possession of the authenticator) the staff user is set up and signed in.
     * The link is spent, earlier sessions end, and the code's time step cannot be used again.
     */
    async staffEnrol(body: StaffEnrolmentRequest, meta: RequestMeta): Promise<{ token: string }> {
      const { row, user } = await enrolmentOf(body.token);
      const errors: Record<string, string> = {};
      const pw = passwordProblem(body.password, await loadCommonPasswords());
      if (pw) errors.password = pw;
      else if (body.password !== body.password_confirmation)
        errors.password_confirmation = messages.verifyData.passwordsMustMatch;
      const result = await verifyTotp({
        secret: body.secret,
        token: body.code.replace(/\s/g, ''),
        epochTolerance: 30,
      }).catch(() => ({ valid: false as const }));
      const step = result.valid && 'timeStep' in result ? result.timeStep : undefined;
      if (step === undefined) errors.code = staffMessages.enrolCodeInvalid;
      if (Object.keys(errors).length) throw unprocessable(Object.values(errors)[0]!, errors);
      if (!(await spendOneUseToken(db, row.id)))
        throw new AppError('enrol_invalid', 404, staffMessages.enrolLinkInvalid);
      await updateUser(db, user.id, {
        passwordHash: await hashPassword(body.password),
        totpSecret: body.secret,
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
      });
      await claimTotpStep(db, user.id, step!);
      await endSessions(user.id);
      await voidOneUseTokens(db, 'password_reset', user.id);
      await clearAccount(db, user.username);
      return { token: await startSession(user.id, false, meta) };
    },

    /** POST /login (older form): a token only; a first-time account must use the current form. */
    async legacyLogin(username: string, password: string, meta: RequestMeta): Promise<{ token: string }> {
      const user = await checkCredentials(username, password, meta);
      if (user.firstLogin)
        throw new AppError('first_login', 409, 'Please complete your first sign-in on the website.');
      return { token: await startSession(user.id, Boolean(user.totpSecret), meta) };
    },

    /** Resolves a bearer token to its live session and user; undefined when unknown, revoked or idle. */
    async authenticate(token: string): Promise<AuthContext | undefined> {
      const cached = config.SESSION_CACHE_MS ? recent.get(token) : undefined;
      if (cached) return cached;
      // the session, its user and the user's accounts: one round trip
      const ctx = await findLiveSessionWithUser(db, token, config.SESSION_IDLE_MS, config.SESSION_MAX_AGE_MS);
      if (!ctx) return undefined;
      if (config.SESSION_CACHE_MS) recent.set(token, ctx);
      return ctx;
    },

    /** The session of a token held in the session cache (SESSION_CACHE_MS), read from nowhere else. */
    cachedSession(token: string): AuthContext | undefined {
      return config.SESSION_CACHE_MS ? recent.get(token) : undefined;
    },

    /**
     * What authenticate answers, from a read a route's own statement made (sessionReadOf): the same checks (an
     * ended session is revoked, a session seen over a minute ago is noted seen), and kept in the session cache.
     */
    async authenticateRead(token: string, read: string | null | undefined): Promise<AuthContext | undefined> {
      const ctx = await liveSessionOfRead(db, read, config.SESSION_IDLE_MS, config.SESSION_MAX_AGE_MS);
      if (ctx && config.SESSION_CACHE_MS) recent.set(token, ctx);
      return ctx;
    },

    /**
     * POST /api/tokenLogin: the verification step after sign-in. Answers 'mfa required' until a valid TOTP
     * code is sent; a credit-hold account is signed out again and given the account message.
     */
    async tokenLogin(ctx: AuthContext, code: string | undefined): Promise<TokenLoginResponse> {
      if (ctx.session.mfaPending) {
        if (!code) return { message: 'mfa required', name: 'mfa required', login: false, data: [] };
        await checkTotp(ctx, code);
        await clearMfaPending(db, ctx.session.id);
        forget(ctx.session.id);
      }
      if (isCreditHold(ctx.user.accounts[0])) {
        await revokeSession(db, ctx.session.id);
        forget(ctx.session.id);
        return {
          message: 'credit hold',
          name: 'credit hold',
          login: false,
          data: [],
          heading: messages.creditHold.heading,
          msg: messages.creditHold.message(phone),
        };
      }
      return { message: 'success', name: ctx.user.name, login: true, data: [ctx.user] };
    },

    /** POST /api/exLogin: an external single-sign-on JWT (subject = account number) for a session. */
    async exLogin(externalToken: string, meta: RequestMeta): Promise<{ data: { token: string } }> {
      let key: Uint8Array | JWTVerifyGetKey;
      if (config.EXLOGIN_JWT_SECRET) key = new TextEncoder().encode(config.EXLOGIN_JWT_SECRET);
      else if (config.EXLOGIN_JWKS_URL) key = jwks ??= createRemoteJWKSet(new URL(config.EXLOGIN_JWKS_URL));
      else throw new AppError('sso_disabled', 401, 'Single sign-on is not configured.');
      let subject: string | undefined;
      try {
        const { payload } = await jwtVerify(externalToken, key as Uint8Array, {
          issuer: config.EXLOGIN_ISSUER,
          audience: config.EXLOGIN_AUDIENCE,
          requiredClaims: ['exp', 'sub'],
        });
        subject = payload.sub;
      } catch {
        throw new AppError('sso_invalid', 401, 'The sign-in link is invalid or has expired.');
      }
      const user = subject ? await findUserByUsername(db, subject) : undefined;
      if (!user) throw new AppError('sso_invalid', 401, 'The sign-in link is invalid or has expired.');
      return { data: { token: await startSession(user.id, false, meta) } };
    },

    async logout(ctx: AuthContext): Promise<void> {
      await revokeSession(db, ctx.session.id);
      forget(ctx.session.id);
    },

    /** PUT /api/users/self with the verification token: first-time e-mail and password. */
    async verifyData(
      vtoken: string,
      body: { email: string; password: string; password_confirmation?: string },
    ): Promise<VerifyDataResponse> {
      const row = await findOneUseToken(db, 'verification', vtoken);
      if (!row) throw unauthorized(messages.session.expired);
      const errors: Record<string, string> = {};
      const email = body.email.trim();
      if (!email) errors.email = 'The email field is required.';
      else if (!isValidEmail(email)) errors.email = 'The email must be a valid email address.';
      else if (await emailTakenByOther(db, email, row.userId))
        errors.email = 'The email has already been taken.';
      const pw = passwordProblem(body.password, await loadCommonPasswords());
      if (pw) errors.password = pw;
      else if (body.password_confirmation !== undefined && body.password_confirmation !== body.password)
        errors.password = messages.verifyData.passwordsMustMatch;
      if (Object.keys(errors).length > 0) return { success: false, data: errors };
      if (!(await spendOneUseToken(db, row.id))) throw unauthorized(messages.session.expired);
      await updateUser(db, row.userId, {
        email,
        passwordHash: await hashPassword(body.password),
        firstLogin: false,
        emailVerifiedAt: new Date(),
      });
      await voidOneUseTokens(db, 'password_reset', row.userId);
      return { success: true };
    },

    /** POST /forgot-password, /forgotEmail and /loginProblems/sendPasswordReset. */
    async forgotPassword(emailInput: string, meta: RequestMeta): Promise<ForgotPasswordResponse> {
      const email = emailInput.trim();
      if (!isValidEmail(email))
        throw unprocessable(messages.forgotPassword.emailFormat, {
          email: messages.forgotPassword.emailFormat,
        });
      await throttleMailRequest(email, meta.ip);
      const found = await findUsersByEmail(db, email);
      if (found.length === 0)
        return { data: { status: 'not found', message: messages.forgotPassword.notFound } };
      try {
        for (const user of found) await mailResetLink(user, user.email ?? email);
      } catch {
        return { data: { status: 'error', message: 'Send Error' } };
      }
      return { data: { status: 'sent', message: messages.forgotPassword.sent } };
    },

    /** POST /reset-password-check/{token}/{email}: 200 when the link is usable, 404 otherwise. */
    async resetPasswordCheck(token: string, email: string): Promise<{ valid: true }> {
      const row = await findOneUseToken(db, 'password_reset', token);
      if (!row || (row.email ?? '').toLowerCase() !== email.trim().toLowerCase())
        throw new AppError('reset_invalid', 404, 'This password reset link is invalid or has expired.');
      return { valid: true };
    },

    /** POST /reset-password */
    async resetPassword(body: {
      token: string;
      email: string;
      password: string;
      password_confirmation: string;
    }): Promise<ResetPasswordResponse> {
      const problems: string[] = [];
      if (!body.password || !body.password_confirmation) problems.push('The password field is required.');
      else {
        const pw = passwordProblem(body.password, await loadCommonPasswords());
        if (pw) problems.push(pw);
        if (body.password !== body.password_confirmation)
          problems.push('The password confirmation does not match.');
      }
      if (problems.length > 0) return { data: { status: 'passwords.invalid', data: { password: problems } } };
      const row = await findOneUseToken(db, 'password_reset', body.token);
      if (!row || (row.email ?? '').toLowerCase() !== body.email.trim().toLowerCase())
        return {
          data: {
            status: 'passwords.token',
            data: { password: ['This password reset link is invalid or has expired.'] },
          },
        };
      if (!(await spendOneUseToken(db, row.id)))
        return {
          data: {
            status: 'passwords.token',
            data: { password: ['This password reset link is invalid or has expired.'] },
          },
        };
      await updateUser(db, row.userId, { passwordHash: await hashPassword(body.password) });
      await passwordChanged(row.userId);
      // the e-mailed reset is the owner's way out of a lock: every address may try this account again
      const user = await findUserById(db, row.userId);
      if (user) await clearAccount(db, user.username);
      return { data: { status: 'passwords.reset' } };
    },

    sendEmailVerification,

    /**
     * POST /api/resendVerification: the sign-in screen's 'Send the link again' for an address not yet
     * confirmed. The same throttled password check as sign-in; then at most five links an hour per account,
     * the third and later after a growing wait.
     */
    async resendVerification(
      username: string,
      password: string,
      meta: RequestMeta,
    ): Promise<{ success: boolean; message: string }> {
      const user = await checkPassword(username, password, meta);
      if (!user.emailVerifyRequired || user.emailVerifiedAt || !user.email)
        return { success: true, message: messages.verifyEmail.alreadyVerified };
      const claim = await claimKey(db, 60, { key: `verifymail:${user.id}`, max: 5, delayAfter: 2 });
      if (!claim.ok) throw new AppError('too_many', 429, messages.verifyEmail.tooMany);
      try {
        await sendEmailVerification(user.id);
      } catch {
        return { success: false, message: messages.forgotPassword.sendError };
      }
      return { success: true, message: messages.verifyEmail.resent };
    },

    /** POST /verifyEmail */
    async verifyEmail(vid: string): Promise<{ success: boolean; message: string }> {
      const row = await findOneUseToken(db, 'email_verify', vid);
      if (!row || !(await spendOneUseToken(db, row.id)))
        throw new AppError('verify_invalid', 404, 'This verification link is invalid or has expired.');
      await updateUser(db, row.userId, { emailVerifiedAt: new Date() });
      return { success: true, message: 'Your email is verified. You can now sign in.' };
    },

    /** POST /loginProblems/checkUserActive */
    async checkUserActive(email: string, meta: RequestMeta): Promise<{ data: { active_account: boolean } }> {
      await throttleMailRequest(email, meta.ip);
      const found = await findUsersByEmail(db, email);
      for (const user of found) {
        const shaped = await sessionUser(db, user);
        if (shaped.accounts.some((a) => (a.ActiveType ?? '').toUpperCase() !== 'N'))
          return { data: { active_account: true } };
      }
      return { data: { active_account: false } };
    },

    /** POST /loginProblems/sendLoginProblems: forwards the customer's problem to customer service. */
    async sendLoginProblem(email: string, problem: string, meta: RequestMeta): Promise<{ success: boolean }> {
      if (!isValidEmail(email))
        throw unprocessable(messages.forgotPassword.emailFormat, {
          email: messages.forgotPassword.emailFormat,
        });
      await throttleMailRequest(email, meta.ip);
      await mailer.send({
        to: config.CUSTOMER_SERVICE_EMAIL,
        subject: `Login problem reported by ${email}`,
        text: `A customer reported a sign-in problem.\n\nE-mail: ${email}\n\n${problem}`,
      });
      return { success: true };
    },
  };
}

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
