import { isValidEmail, messages, staffMessages, validateLoginForm } from '@mitrebox/domain';
import { verify as verifyTotp } from 'otplib';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';
import { dummyPasswordHash, verifyPassword } from '../../platform/secrets.ts';
import { findUserById, findUserByUsername } from '../accounts/accounts.service.ts';
import type { AuthContext, LiveSessions, RequestMeta } from './live-sessions.ts';
import {
  accountKey,
  claimAttempt,
  claimKey,
  clearKeys,
  deviceKey,
  ipKey,
  pairKey,
  type Refusal,
  releaseKey,
} from './login-attempts.ts';
import { claimMfaCheck, claimTotpStep, revokeSession } from './sessions.ts';
import { createSignInTrust } from './sign-in-trust.ts';

export type CredentialChecks = ReturnType<typeof createCredentialChecks>;

/**
 * The time step of an authenticator code of this secret (spaces allowed), a step either side accepted;
 * undefined when the code is wrong.
 */
export async function totpTimeStep(secret: string, code: string): Promise<number | undefined> {
  const result = await verifyTotp({
    secret,
    token: code.replace(/\s/g, ''),
    epochTolerance: 30,
  }).catch(() => ({ valid: false as const }));
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** The checks that prove who someone is, shared by every sign-in: the password, and the authenticator's code. */
export function createCredentialChecks(deps: { db: Db; config: Config; sessions: LiveSessions }) {
  const { db, config, sessions } = deps;
  const trust = createSignInTrust(db);

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

  return {
    /**
     * Password check, throttled per account-and-address, per address and per account (docs/decisions/008): the
     * attempt is claimed in the database first, then the password is checked. An address with no recent
     * failures on the account skips the account's growing delay. Past the account-wide limit nobody is locked
     * out: a browser that signed in before counts against its own allowance, anyone else solves a proof-of-work
     * challenge first. Unknown and known accounts get the same answers.
     */
    async checkPassword(
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
        throw new AppError(
          'login_failed',
          401,
          opts.staff ? staffMessages.mismatch : messages.login.mismatch,
        );
      // the right password: this address and browser start afresh, and the attempt is given back to the address and
      // the account; the strangers' failures on the account stay counted (the owner getting in makes them no fewer)
      await clearKeys(db, device ? [pair, deviceKey(name, device)] : [pair]);
      await releaseKey(db, ipKey(meta.ip));
      if (!device) await releaseKey(db, accountKey(name));
      browser?.giveCookie(await trust.deviceCookie(user.id, device, browser.secure));
      return user;
    },

    /**
     * Checks a two-step code: at most MFA_MAX_FAILURES_SESSION per sign-in (then the sign-in ends) and
     * MFA_MAX_FAILURES_ACCOUNT per account in the window, each claimed before the check; a code's time step is
     * accepted once.
     */
    async checkTotp(ctx: AuthContext, code: string): Promise<void> {
      const userId = ctx.session.userId;
      if (!(await claimMfaCheck(db, ctx.session.id, config.MFA_MAX_FAILURES_SESSION))) {
        await revokeSession(db, ctx.session.id);
        sessions.forget(ctx.session.id);
        throw new AppError('mfa_too_many', 429, messages.login.mfaTooManyThisSignIn);
      }
      const claim = await claimKey(db, config.LOGIN_LOCK_MINUTES, {
        key: `mfa:${userId}`,
        max: config.MFA_MAX_FAILURES_ACCOUNT,
      });
      if (!claim.ok) throw new AppError('mfa_locked', 429, messages.login.mfaLocked);
      const user = await findUserById(db, userId);
      const step = user?.totpSecret ? await totpTimeStep(user.totpSecret, code) : undefined;
      if (step === undefined || !(await claimTotpStep(db, userId, step)))
        throw unprocessable(messages.login.mfaInvalid, { code: messages.login.mfaInvalid });
      await clearKeys(db, [`mfa:${userId}`]);
    },
  };
}
