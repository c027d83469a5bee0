import { accountSecurityMessages, isValidEmail, messages } from '@mitrebox/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, tooMany, unauthorized, unprocessable } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { AuthContext, AuthService } from '../auth/auth.service.ts';
import { claimKey } from '../auth/login-attempts.ts';
import {
  findOneUseToken,
  issueOneUseToken,
  spendOneUseToken,
  voidOneUseTokens,
  voidOneUseTokensAfter,
} from '../auth/sessions.ts';
import { emailTakenByOther, findUserById, updateUser } from './accounts.service.ts';

/**
 * Changing the sign-in e-mail (docs/decisions/021). The e-mail is where password resets go, so a session alone
 * must not be able to move it: the current password (and code) is asked, the new address takes effect only
 * when it opens its link, and the old address is told at once with a link that puts it back.
 */

/** How long the new address's confirmation link works. */
export const CONFIRM_TTL_MS = 24 * 60 * 60_000;
/** How long the old address's undo link works, confirmed or not. */
export const UNDO_TTL_MS = 7 * 24 * 60 * 60_000;
/** Change requests per user an hour: each one mails two addresses. */
const REQUESTS_PER_HOUR = 5;

export interface AccountSecurityDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  auth: AuthService;
}

const EMAIL_INVALID = 'The email must be a valid email address.';
const EMAIL_TAKEN = 'The email has already been taken.';

const linkInvalid = (message: string) => new AppError('link_invalid', 404, message);

/**
 * PUT /api/admin/userAccount: checks who is asking, then mails a confirmation link to the new address and a
 * notice with an undo link to the current one. The sign-in e-mail does not change here.
 */
export async function requestEmailChange(
  deps: AccountSecurityDeps,
  ctx: AuthContext,
  body: { email: string; currentPassword?: string; code?: string },
) {
  const { db, config, mailer, auth } = deps;
  const email = body.email.trim();
  if (!isValidEmail(email)) throw unprocessable(EMAIL_INVALID, { email: EMAIL_INVALID });
  const user = await findUserById(db, ctx.user.id);
  if (!user) throw unauthorized();
  if ((user.email ?? '').toLowerCase() === email.toLowerCase())
    throw unprocessable(accountSecurityMessages.sameEmail, { email: accountSecurityMessages.sameEmail });
  await auth.confirmIdentity(ctx, body);
  // only after the password: a stolen session cannot ask which addresses are customers'
  if (await emailTakenByOther(db, email, user.id)) throw unprocessable(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  const claim = await claimKey(db, 60, { key: `emailchange:${user.id}`, max: REQUESTS_PER_HOUR });
  if (!claim.ok) throw tooMany(accountSecurityMessages.emailTooMany);

  // one change waits at a time: an older confirmation link stops working (its undo link does not)
  await voidOneUseTokens(db, 'email_change', user.id);
  const confirm = await issueOneUseToken(db, 'email_change', user.id, CONFIRM_TTL_MS, email);
  const company = config.COMPANY_NAME;
  const phone = config.CUSTOMER_SERVICE_PHONE;
  try {
    if (user.email) {
      const undo = await issueOneUseToken(db, 'email_undo', user.id, UNDO_TTL_MS, user.email);
      await mailer.send({
        to: user.email,
        subject: `Your ${company} e-mail address is being changed`,
        text: `Hello ${user.name},\n\nSomeone signed in to account ${user.username} asked to change its e-mail address from ${user.email} to ${email}. The change takes effect when the new address confirms it; until then this address stays the one we use.\n\nIf it was not you, undo it here. The link works for 7 days, even after the change is confirmed: it keeps ${user.email}, stops the change and signs every session of the account out.\n\n${config.PUBLIC_URL}/undoEmailChange?token=${undo}\n\nThen choose a new password at ${config.PUBLIC_URL}/forgot_password, and call us if anything looks wrong.\n\n${company} · ${phone}`,
      });
    }
    await mailer.send({
      to: email,
      subject: `Confirm your new ${company} e-mail address`,
      text: `Hello ${user.name},\n\nYou asked to use this address for account ${user.username}. Confirm it here (the link works for 24 hours, once):\n\n${config.PUBLIC_URL}/confirmEmailChange?token=${confirm}\n\nUntil you do, we keep using your current address. If you did not ask for this, ignore this message.\n\n${company} · ${phone}`,
    });
  } catch {
    // without both messages the change must not go ahead: the old address would not have been told
    await voidOneUseTokens(db, 'email_change', user.id);
    throw new AppError('send_error', 503, accountSecurityMessages.mailFailed);
  }
  return { success: true, message: accountSecurityMessages.emailLinkSent(email), pendingEmail: email };
}

/** POST /api/confirmEmailChange: the new address opened its link; it becomes the sign-in and reset address. */
export async function confirmEmailChange(db: Db, token: string) {
  const row = await findOneUseToken(db, 'email_change', token);
  if (!row?.email) throw linkInvalid(accountSecurityMessages.confirmLinkInvalid);
  if (await emailTakenByOther(db, row.email, row.userId))
    throw unprocessable(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  if (!(await spendOneUseToken(db, row.id))) throw linkInvalid(accountSecurityMessages.confirmLinkInvalid);
  await updateUser(db, row.userId, { email: row.email, emailVerifiedAt: new Date() });
  // reset links already sent went to the old address: from now on only the new one receives them
  await voidOneUseTokens(db, 'password_reset', row.userId);
  return { success: true, message: messages.emailUpdated, email: row.email };
}

/**
 * POST /api/undoEmailChange: the old address puts itself back, whether the change was confirmed or not. Every
 * session ends and open reset links die (whoever asked for the change may hold one of either). Undo links of
 * later changes die too, so that a thief who changed the address twice cannot undo the owner's undo; earlier
 * ones, sent to addresses the owner had before, keep working.
 */
export async function undoEmailChange(deps: Pick<AccountSecurityDeps, 'db' | 'auth'>, token: string) {
  const { db, auth } = deps;
  const row = await findOneUseToken(db, 'email_undo', token);
  if (!row?.email || !(await spendOneUseToken(db, row.id)))
    throw linkInvalid(accountSecurityMessages.undoLinkInvalid);
  await updateUser(db, row.userId, { email: row.email, emailVerifiedAt: new Date() });
  await voidOneUseTokens(db, 'email_change', row.userId);
  await voidOneUseTokensAfter(db, 'email_undo', row.userId, row.id);
  await voidOneUseTokens(db, 'password_reset', row.userId);
  await auth.endSessions(row.userId);
  return { success: true, message: accountSecurityMessages.emailRestored(row.email), email: row.email };
}
