import type { ForgotPasswordResponse, ResetPasswordResponse } from '@mitrebox/api-contract';
import { isValidEmail, loadCommonPasswords, messages, passwordProblem } from '@mitrebox/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { hashPassword } from '../../platform/secrets.ts';
import { findUserById, findUsersByEmail, sessionUser, updateUser } from '../accounts/accounts.service.ts';
import { escapeHtml } from './html-text.ts';
import type { LiveSessions, RequestMeta } from './live-sessions.ts';
import { claimAttempt, clearAccount } from './login-attempts.ts';
import {
  findOneUseToken,
  issueOneUseToken,
  revokeAllSessions,
  spendOneUseToken,
  voidOneUseTokens,
} from './sessions.ts';

const RESET_TTL_MS = 60 * 60_000;
const RESET_LINK_INVALID = 'This password reset link is invalid or has expired.';

/**
 * A customer who cannot sign in: the e-mailed password reset link and the new password chosen at it, whether an
 * address has an active account, and a sign-in problem reported to customer service.
 */
export function createRecovery(deps: { db: Db; config: Config; mailer: Mailer; sessions: LiveSessions }) {
  const { db, config, mailer, sessions } = deps;
  const phone = config.CUSTOMER_SERVICE_PHONE;

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

  /**
   * After any new password (a reset here, or a staff change of a user's password or standing): older reset links
   * and every session of the user end (every process within the cache time).
   */
  async function passwordChanged(userId: number): Promise<void> {
    await voidOneUseTokens(db, 'password_reset', userId);
    await revokeAllSessions(db, userId);
    sessions.forgetWhere((session) => session.userId === userId);
  }

  return {
    mailResetLink,
    passwordChanged,

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
        throw new AppError('reset_invalid', 404, RESET_LINK_INVALID);
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
      const linkInvalid: ResetPasswordResponse = {
        data: { status: 'passwords.token', data: { password: [RESET_LINK_INVALID] } },
      };
      const row = await findOneUseToken(db, 'password_reset', body.token);
      if (!row || (row.email ?? '').toLowerCase() !== body.email.trim().toLowerCase()) return linkInvalid;
      if (!(await spendOneUseToken(db, row.id))) return linkInvalid;
      await updateUser(db, row.userId, { passwordHash: await hashPassword(body.password) });
      await passwordChanged(row.userId);
      // the e-mailed reset is the owner's way out of a lock: every address may try this account again
      const user = await findUserById(db, row.userId);
      if (user) await clearAccount(db, user.username);
      return { data: { status: 'passwords.reset' } };
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
