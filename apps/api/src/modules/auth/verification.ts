import type { VerifyDataResponse } from '@mitrebox/api-contract';
import { isValidEmail, loadCommonPasswords, messages, passwordProblem } from '@mitrebox/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, unauthorized } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { hashPassword } from '../../platform/secrets.ts';
import { emailTakenByOther, findUserById, updateUser } from '../accounts/accounts.service.ts';
import type { CredentialChecks } from './credential-checks.ts';
import type { RequestMeta } from './live-sessions.ts';
import { claimKey } from './login-attempts.ts';
import { findOneUseToken, issueOneUseToken, spendOneUseToken, voidOneUseTokens } from './sessions.ts';

const EMAIL_VERIFY_TTL_MS = 7 * 24 * 60 * 60_000;

/**
 * Confirming who owns an address: a first-time account's e-mail and password, and the e-mailed link that
 * confirms an address before its account may sign in.
 */
export function createVerification(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  checks: CredentialChecks;
}) {
  const { db, config, mailer, checks } = deps;

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

  return {
    sendEmailVerification,

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
      const user = await checks.checkPassword(username, password, meta);
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
  };
}
