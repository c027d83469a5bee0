import { accountSecurityMessages, loadCommonPasswords, messages, passwordProblem } from '@mitrebox/domain';
import { unprocessable } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/secrets.ts';
import type { AuthContext } from '../auth/auth.service.ts';
import { voidOneUseTokens } from '../auth/sessions.ts';
import { findUserById, updateUser } from './accounts.service.ts';
import type { AccountSecurityDeps } from './email-change.ts';

/**
 * PUT /api/admin/userPassword: a new password from My Account (docs/decisions/021). The current password (and
 * code) is asked first; then every other session of the user ends, open reset links die and the account's
 * e-mail is told, so that a change the owner did not make does not go unnoticed.
 */
export async function changePassword(
  deps: AccountSecurityDeps,
  ctx: AuthContext,
  body: { currentPassword?: string; code?: string; password: string; password_confirmation: string },
) {
  const { db, config, mailer, auth } = deps;
  // the new password's own faults first: they cost no attempt and no authenticator code
  const errors: Record<string, string> = {};
  const problem = passwordProblem(body.password, await loadCommonPasswords());
  if (problem) errors.password = problem;
  else if (body.password !== body.password_confirmation)
    errors.password_confirmation = messages.verifyData.passwordsMustMatch;
  else if (body.currentPassword && body.password === body.currentPassword)
    errors.password = accountSecurityMessages.newPasswordSame;
  if (Object.keys(errors).length > 0) throw unprocessable(Object.values(errors)[0]!, errors);

  await auth.confirmIdentity(ctx, body);
  const userId = ctx.user.id;
  await updateUser(db, userId, { passwordHash: await hashPassword(body.password) });
  await voidOneUseTokens(db, 'password_reset', userId);
  await auth.endOtherSessions(userId, ctx.session.id);

  const user = await findUserById(db, userId);
  if (user?.email) {
    const company = config.COMPANY_NAME;
    const phone = config.CUSTOMER_SERVICE_PHONE;
    // the new password stands even when the notice cannot go now (the outbox keeps it as failed)
    await mailer
      .send({
        to: user.email,
        subject: `Your ${company} password was changed`,
        text: `Hello ${user.name},\n\nThe password of account ${user.username} was changed from My Account, and every other session of the account was signed out.\n\nIf it was not you, choose a new password at ${config.PUBLIC_URL}/forgot_password and call us at ${phone}.\n\n${company} · ${phone}`,
      })
      .catch(() => {});
  }
  return { success: true, message: accountSecurityMessages.passwordChanged };
}
